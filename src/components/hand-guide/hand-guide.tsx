// A letter's guide as a turnable 3-D hand, from the letter's recording in the learner's language
// (lib/hand-guide). Signs without a recorded hand get null, so the caller can show what it showed
// before.
import { useMemo } from 'react';
import { guideClip } from '@/lib/hand-guide/hand-clip.ts';
import { handGuideFor } from '@/lib/hand-guide/hand-guides.ts';
import { HandView } from './hand-view.tsx';

export function hasHandGuide(sign: string, language: string): boolean {
  return handGuideFor(sign, language) !== null;
}

export function HandGuide({ sign, language, compact = false, className }: { sign: string; language: string; compact?: boolean; className?: string }) {
  const guide = handGuideFor(sign, language);
  const clip = useMemo(() => (guide ? guideClip(guide) : null), [guide]);
  if (!guide || !clip) return null;
  const what = guide.movement === 'moving' ? `Hand tracing the letter ${sign}` : `Hand holding the letter ${sign}`;
  return (
    <div className={className} data-letter={sign} data-language={language} data-movement={guide.movement}>
      <HandView key={`${language}-${sign}`} clip={clip} label={what} compact={compact} />
    </div>
  );
}
