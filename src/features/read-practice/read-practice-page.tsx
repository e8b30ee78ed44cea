// 'Read fingerspelling': the recorded hand of the learner's sign language spells a word of that
// language's word lessons at the learner's pace; the learner types what they read. Right: the word
// is counted and the pace rises; wrong: the word is spelled again slowly, each letter written out
// as the hand shows it. The word is announced (aria-live) once answered, never before; the pace is
// a labelled slider. The learner's record says the language (a direct visit reads it too).
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { BackButton } from '@/components/back-button.tsx';
import { HandView } from '@/components/hand-guide/hand-view.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useAuthProfile } from '@/lib/auth/auth-state.ts';
import { signLanguage, wordLettersOf } from '@/lib/data/languages.ts';
import { lettersPerSecondText as paceText } from '@/lib/data/read-pace-text.ts';
import { handGuideFor } from '@/lib/hand-guide/hand-guides.ts';
import { PACE_MAX, PACE_MIN, PACE_STEP } from '@/lib/data/read-practice.ts';
import { loadLearnerSession } from '@/lib/session-storage/learner-session.ts';
import { currentLanguage, readSession } from '@/lib/session-storage/session-storage.ts';
import { readWords } from './pick-word.ts';
import { spellClip } from './spell-clip.ts';
import { SLOW_PACE, useReadPractice } from './use-read-practice.ts';
import './read-practice.css';

/** The learner's language from their record (the session's until it is read). */
function useLearnerLanguage(uid: string): string | null {
  const [language, setLanguage] = useState<string | null>(null);
  useEffect(() => {
    if (!uid) return;
    let live = true;
    loadLearnerSession(uid)
      .then(() => live && setLanguage(currentLanguage()))
      .catch((error: unknown) => {
        console.warn('Reading your language failed', error);
        if (live) setLanguage(currentLanguage());
      });
    return () => {
      live = false;
    };
  }, [uid]);
  return language;
}

export default function ReadPracticePage() {
  const profile = useAuthProfile();
  const uid = profile?.uid ?? readSession('uid') ?? '';
  const language = useLearnerLanguage(uid);
  return (
    <main className="read-practice">
      <div className="read-practice__inner">
        <BackButton />
        <h1>Read fingerspelling</h1>
        {language === null ? (
          <Spinner label="Loading" />
        ) : readWords(language).length === 0 ? (
          <p className="read-practice__intro" role="status">
            {signLanguage(language).name} has no word lessons yet, so there are no words to read.
          </p>
        ) : (
          <ReadPractice key={language} uid={uid} language={language} />
        )}
      </div>
    </main>
  );
}

function ReadPractice({ uid, language }: { uid: string; language: string }) {
  const practice = useReadPractice(uid, language);
  const { word, round, pace, phase, progress } = practice;
  const letters = useMemo(() => wordLettersOf(language)(word) ?? [...word], [language, word]);
  const [typed, setTyped] = useState('');
  const [shownUpTo, setShownUpTo] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const slow = phase === 'wrong';
  // The clip depends on the pace only while reading: a raised pace applies to the next word.
  const [answeredPace, setAnsweredPace] = useState(pace);
  useEffect(() => {
    if (phase === 'reading') setAnsweredPace(pace);
  }, [pace, phase]);
  const clipPace = phase === 'reading' ? pace : answeredPace;
  const clip = useMemo(() => spellClip(letters, slow ? SLOW_PACE : clipPace, (letter) => handGuideFor(letter, language)), [letters, slow, clipPace, language]);

  useEffect(() => {
    setShownUpTo(-1);
    if (phase === 'reading') {
      setTyped('');
      inputRef.current?.focus();
    } else {
      nextRef.current?.focus();
    }
  }, [phase, round]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() === '') return;
    practice.answer(typed);
  };

  const announcement = phase === 'right' ? `Right: ${word}. Pace raised to ${paceText(pace)}.` : phase === 'wrong' ? `Not quite: the word was ${word}. Watch it again, letter by letter.` : '';

  return (
    <>
      <p className="read-practice__intro">
        The hand spells a word in {signLanguage(language).name}. Type what you read. Each word you read right makes the next one a
        little faster.
      </p>
      <div className="read-practice__layout" data-language={language}>
        <div className="read-practice__hand">
          {/* Not before the learner's pace is known: the word would start at the first pace and
              start again at theirs, its first letters shown twice. */}
          {practice.ready ? (
            <HandView
              clip={clip}
              playKey={`${round}-${slow}`}
              label={slow ? `Hand spelling the word ${word} slowly` : 'Hand fingerspelling a word'}
              loop={false}
              onShown={(shown) => shown && setShownUpTo((up) => Math.max(up, shown.index))}
            />
          ) : (
            <p className="read-practice__waiting" role="status">
              Finding your pace...
            </p>
          )}
          {slow ? (
            <p className="read-practice__letters" aria-hidden="true" data-testid="slow-letters">
              {letters.map((letter, i) => (
                <span key={i} className={i <= shownUpTo ? 'read-practice__letter read-practice__letter--shown' : 'read-practice__letter'}>
                  {i <= shownUpTo ? letter : '·'}
                </span>
              ))}
            </p>
          ) : null}
        </div>
        <div className="read-practice__side">
          <label className="read-practice__pace">
            <span>
              Pace: <strong>{paceText(pace)}</strong>
            </span>
            <input
              type="range"
              min={PACE_MIN}
              max={PACE_MAX}
              step={PACE_STEP}
              value={pace}
              aria-label="Pace in letters per second"
              aria-valuetext={paceText(pace)}
              onChange={(e) => practice.setPace(Number(e.target.value))}
            />
          </label>
          <form className="read-practice__form" onSubmit={submit}>
            <label htmlFor="read-answer">What word did the hand spell?</label>
            <div className="read-practice__answer">
              <input
                ref={inputRef}
                id="read-answer"
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                disabled={phase !== 'reading'}
              />
              <button type="submit" className="button button--primary" disabled={phase !== 'reading'}>
                Check
              </button>
            </div>
          </form>
          <p className={`read-practice__result read-practice__result--${phase}`} role="status" aria-live="polite" data-testid="read-result">
            {announcement}
          </p>
          {phase === 'reading' ? null : (
            <button ref={nextRef} type="button" className="button button--secondary" onClick={practice.next}>
              Next word
            </button>
          )}
          <dl className="read-practice__stats" data-testid="read-stats">
            <div>
              <dt>Best pace</dt>
              <dd data-testid="best-pace">{progress && progress.bestPace > 0 ? paceText(progress.bestPace) : 'not yet'}</dd>
            </div>
            <div>
              <dt>Words read</dt>
              <dd data-testid="words-read">{progress?.wordsRead ?? 0}</dd>
            </div>
          </dl>
        </div>
      </div>
    </>
  );
}
