// A word lesson's word over the video: the word being spelled, its letters done, current and to
// come, and which word of the lesson it is. The ring and the big letter show the current letter.
import { spellWords, type WordLetters } from '@signlearn/engine/practice/word_practice_signs';
import { useMemo } from 'react';
import type { SignState } from '../practice/practice-view.ts';
import './word-spelling.css';

export function WordSpelling({ words, lettersOf, signIndex, signStates }: { words: readonly string[]; lettersOf: WordLetters; signIndex: number; signStates: readonly SignState[] }) {
  const spelled = useMemo(() => spellWords(words, lettersOf), [words, lettersOf]);
  const current = spelled[Math.min(signIndex, spelled.length - 1)];
  if (!current) return null;
  const word = words[current.wordIndex]!;
  const first = signIndex - current.letterIndex;
  // The word's letters as signed: one tile for ÖGS SCH, not three.
  const letters = spelled.filter((s) => s.wordIndex === current.wordIndex).map((s) => s.letter);
  return (
    <div className="word-spelling" data-testid="word-spelling" data-word={word}>
      <span className="word-spelling__count">
        Word {current.wordIndex + 1} of {words.length}
      </span>
      <span className="word-spelling__word" role="img" aria-label={`Spelling ${word}: letter ${current.letterIndex + 1} of ${letters.length}`}>
        {letters.map((letter, i) => {
          const state = signStates[first + i] ?? 'pending';
          return (
            <span key={i} className={`word-spelling__letter word-spelling__letter--${state}`} aria-hidden="true">
              {letter}
            </span>
          );
        })}
      </span>
    </div>
  );
}
