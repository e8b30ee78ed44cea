// A letter's guide as a turnable 3-D hand, from the letter's recording (lib/hand-guide). Signs
// without a recorded hand get null, so the caller can show what it showed before.
import { useMemo } from 'react';
import { guideClip } from '@/lib/hand-guide/hand-clip.ts';
import { handGuideFor } from '@/lib/hand-guide/hand-guides.ts';
import { HandView } from './hand-view.tsx';

export function hasHandGuide(sign: string): boolean {
  return handGuideFor(sign) !== null;
}

export function HandGuide({ sign, compact = false, className }: { sign: string; compact?: boolean; className?: string }) {
  const guide = handGuideFor(sign);
  const clip = useMemo(() => (guide ? guideClip(guide) : null), [guide]);
  if (!guide || !clip) return null;
  const what = guide.movement === 'moving' ? `Hand tracing the letter ${sign}` : `Hand holding the letter ${sign}`;
  return (
    <div className={className} data-letter={sign} data-movement={guide.movement}>
      <HandView key={sign} clip={clip} label={what} compact={compact} />
    </div>
  );
}
