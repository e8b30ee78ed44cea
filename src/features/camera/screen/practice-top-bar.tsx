// The practice screen's top bar: back to the lessons, the sign (or letter) to make with, in a word
// lesson, the word being spelled, the lesson bar, the sign's circular progress, the button that
// opens the side panel on narrow screens, and the flag.
import type { WordLetters } from '@signlearn/engine/practice/word_practice_signs';
import { BackButton } from '@/components/back-button.tsx';
import { FlagIcon } from '@/components/icons.tsx';
import type { PracticeView } from '../practice/practice-view.ts';
import { LessonBar, ProgressRing } from './practice-widgets.tsx';
import { WordSpelling } from './word-spelling.tsx';

export function PracticeTopBar({ view, signName, signCount, words, lettersOf, detailsOpen, onBack, onToggleDetails, onFlag }: {
  view: PracticeView | null;
  signName: string;
  signCount: number;
  /** A word lesson's words (undefined: a lesson of signs). */
  words: readonly string[] | undefined;
  lettersOf: WordLetters;
  detailsOpen: boolean;
  onBack: () => void;
  onToggleDetails: () => void;
  onFlag: () => void;
}) {
  return (
    <header className="practice__top">
      <BackButton onBack={onBack} />
      <div className="practice__sign">
        <span className="practice__sign-label">{words ? 'Letter' : 'Sign'}</span>
        <h1 className="practice__sign-name" data-testid="sign-name">
          {signName}
        </h1>
        {words ? <WordSpelling words={words} lettersOf={lettersOf} signIndex={view?.signIndex ?? 0} signStates={view?.signStates ?? []} /> : null}
        <LessonBar done={view?.signsDone ?? 0} total={signCount} />
      </div>
      <ProgressRing fraction={view?.fraction ?? 0} locked={view?.locked ?? false} />
      <button
        type="button"
        className="practice__details"
        aria-label="Lesson details and settings"
        aria-controls="lesson-details"
        aria-expanded={detailsOpen}
        onClick={onToggleDetails}
      >
        ☰
      </button>
      <button type="button" className="practice__flag" aria-label="Flag this sign" onClick={onFlag} disabled={!view || view.status !== 'practising'}>
        <FlagIcon size={22} />
      </button>
    </header>
  );
}
