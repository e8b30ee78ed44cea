// 'How to sign X': a letter picker and the letter's turnable 3-D hand, for pages that list letters
// (the learning home's letter chart, a chapter's lessons). The hand and three.js load on their own
// (a lazy chunk), so the page around them shows first.
import { lazy, Suspense, useId } from 'react';
import './hand-guide.css';

const HandGuide = lazy(() => import('./hand-guide.tsx').then((m) => ({ default: m.HandGuide })));

export interface LetterGuidePanelProps {
  /** The sign language whose recordings the hand is drawn from. */
  language: string;
  letters: readonly string[];
  selected: string;
  onSelect: (letter: string) => void;
  className?: string;
}

export function LetterGuidePanel({ language, letters, selected, onSelect, className }: LetterGuidePanelProps) {
  const id = useId();
  const index = Math.max(0, letters.indexOf(selected));
  const step = (by: number) => onSelect(letters[(index + by + letters.length) % letters.length]!);
  return (
    <section className={`letter-guide${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-title`} data-testid="letter-guide">
      <div className="letter-guide__head">
        <h2 id={`${id}-title`}>How to sign {selected}</h2>
        <div className="letter-guide__picker">
          <button type="button" className="letter-guide__step" aria-label="Previous letter" onClick={() => step(-1)}>
            ‹
          </button>
          <label className="visually-hidden" htmlFor={`${id}-letter`}>
            Letter to show
          </label>
          <select id={`${id}-letter`} value={selected} onChange={(e) => onSelect(e.target.value)}>
            {letters.map((letter) => (
              <option key={letter} value={letter}>
                {letter}
              </option>
            ))}
          </select>
          <button type="button" className="letter-guide__step" aria-label="Next letter" onClick={() => step(1)}>
            ›
          </button>
        </div>
      </div>
      <Suspense fallback={<div className="letter-guide__loading">Loading the hand…</div>}>
        <HandGuide sign={selected} language={language} />
      </Suspense>
      <p className="letter-guide__tip">Drag the hand, or use the slider, to see the thumb and fingers from the side.</p>
    </section>
  );
}
