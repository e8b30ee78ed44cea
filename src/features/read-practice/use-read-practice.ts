// The read practice's state in the learner's language: the word being spelled, the pace, the
// learner's answer and what follows it. A right answer counts the word (saved per language:
// src/lib/data/read-practice.ts) and raises the pace one step; a wrong one replays the word
// slowly, letter by letter, at the same pace after. The pace starts at the learner's best (or 1
// letter per second the first time).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { EMPTY_READ_PROGRESS, getReadProgress, PACE_STEP, recordWordRead, snapPace, type ReadProgress } from '@/lib/data/read-practice.ts';
import { pickWord, readWords } from './pick-word.ts';

export const FIRST_PACE = 1;
/** A word read wrong is shown again at this pace, letter by letter. */
export const SLOW_PACE = 0.6;

export type ReadPhase = 'reading' | 'right' | 'wrong';

export interface ReadPractice {
  word: string;
  round: number;
  pace: number;
  phase: ReadPhase;
  /** The progress saved for this learner (null while it loads). */
  progress: ReadProgress | null;
  /** The learner's pace is known (their progress loaded, or nobody signed in): a word spelled before would restart at it. */
  ready: boolean;
  /** Words read right in this sitting. */
  sessionRight: number;
  setPace: (pace: number) => void;
  answer: (text: string) => void;
  next: () => void;
}

/** The answer as a word: letters only, upper case, as the curriculum writes its words (the
 * capitals of every alphabet: Ä, Ç; a typed ß is the capital ẞ, not the SS of toUpperCase). */
export const normaliseAnswer = (text: string) => text.replace(/ß/g, 'ẞ').toUpperCase().replace(/[^\p{Lu}]/gu, '');

export function useReadPractice(uid: string, language: string): ReadPractice {
  const words = useMemo(() => readWords(language), [language]);
  const [progress, setProgress] = useState<ReadProgress | null>(null);
  const [pace, setPaceState] = useState(FIRST_PACE);
  const [recent, setRecent] = useState<string[]>(() => [pickWord([], Math.random, words)]);
  const [round, setRound] = useState(1);
  const [phase, setPhase] = useState<ReadPhase>('reading');
  const [sessionRight, setSessionRight] = useState(0);
  const word = recent.at(-1)!;

  useEffect(() => {
    if (!uid) return;
    let live = true;
    getReadProgress(uid, language)
      .then((loaded) => {
        if (!live) return;
        setProgress(loaded);
        if (loaded.bestPace > 0) setPaceState(snapPace(loaded.bestPace));
      })
      .catch((error: unknown) => {
        console.warn('Reading your read practice progress failed', error);
        if (live) setProgress({ ...EMPTY_READ_PROGRESS });
      });
    return () => {
      live = false;
    };
  }, [uid, language]);

  const answer = useCallback(
    (text: string) => {
      if (phase !== 'reading') return;
      if (normaliseAnswer(text) !== word) {
        setPhase('wrong');
        return;
      }
      setPhase('right');
      setSessionRight((n) => n + 1);
      const readAt = pace;
      setPaceState(snapPace(pace + PACE_STEP));
      if (!uid) return;
      recordWordRead(uid, language, readAt)
        .then(setProgress)
        .catch((error: unknown) => console.warn('Saving your read practice progress failed', error));
    },
    [phase, word, pace, uid, language],
  );

  const next = useCallback(() => {
    setRecent((shown) => [...shown.slice(-40), pickWord(shown, Math.random, words)]);
    setRound((r) => r + 1);
    setPhase('reading');
  }, [words]);

  const setPace = useCallback((value: number) => setPaceState(snapPace(value)), []);

  return { word, round, pace, phase, progress, ready: !uid || progress !== null, sessionRight, setPace, answer, next };
}
