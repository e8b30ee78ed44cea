// The lessons of one chapter (product.md §2 Screens): title, 'Lesson N' buttons with done marks and
// locks. Lesson data comes from the session cache the learning home wrote; when the learner
// opens the address directly it is fetched and cached the same way. The learner's record is read
// first in any case (it says whether the level is open), and the session's language and progress
// are brought in step with it, so a direct visit shows the same marks and locks as a click.
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Link, useSearch } from 'wouter';
import { BackButton } from '@/components/back-button.tsx';
import { LetterGuidePanel } from '@/components/hand-guide/letter-guide-panel.tsx';
import { CheckIcon, LockIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useAuthProfile } from '@/lib/auth/auth-state.ts';
import { loadChapter } from '@/lib/content/load-chapter.ts';
import { loadLearnerSession } from '@/lib/session-storage/learner-session.ts';
import { lettersOfLanguage } from '@/lib/data/languages.ts';
import { clearLevelCaches, currentLanguage, lessonProgress, readSession, type Lesson } from '@/lib/session-storage/session-storage.ts';
import { warmUpTracker } from '@/lib/tracker-warmup/tracker-warmup.ts';
import './lessons.css';

export const lessonsMessages = {
  missingParams: 'Missing chapter or level number in URL parameters.',
  empty: 'No lessons available. Please check your session data.',
  levelLocked: 'This level is locked. Complete the levels before it first.',
} as const;

/**
 * A learner who stays this long on a chapter with an open lesson is most likely about to practise:
 * the tracker starts warming up (one who leaves sooner costs nothing; one who never opens the
 * camera has it freed after WARM_TRACKER_KEPT_MS). Pointing at, focusing or pressing an open
 * lesson starts it at once.
 */
export const LESSON_PAGE_DWELL_MS = 1500;

const indexParam = (value: string | null): number | null => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

type LoadState =
  | { status: 'loading' }
  | { status: 'locked' }
  | { status: 'ready'; title: string; lessons: Lesson[] };

export default function LessonsPage() {
  const params = new URLSearchParams(useSearch());
  const levelIndex = indexParam(params.get('level'));
  const chapterIndex = indexParam(params.get('chapter'));
  const missing = levelIndex === null || chapterIndex === null;
  const profile = useAuthProfile();
  const uid = profile?.uid ?? readSession('uid');
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    if (missing) {
      console.error(lessonsMessages.missingParams);
      toast.error(lessonsMessages.missingParams, { id: 'lessons-missing-params' });
      return;
    }
    let live = true;
    const load = async (): Promise<LoadState> => {
      // Levels above the user's max level are locked (product.md §6 Roles), even by address.
      const record = uid ? await loadLearnerSession(uid) : null;
      if (levelIndex + 1 > (record?.info.maxLevel ?? 1)) return { status: 'locked' };
      const language = currentLanguage();
      // Chapters cached for another language (switched in another tab) are not this one's.
      const cachedFor = readSession('lastLanguage');
      if (cachedFor !== null && cachedFor !== language) clearLevelCaches();
      return { status: 'ready', ...(await loadChapter(language, levelIndex, chapterIndex)) };
    };
    load()
      .then((next) => live && setState(next))
      .catch((error: unknown) => {
        console.error('Session data is missing or undefined.', error);
        if (live) setState({ status: 'ready', title: `Chapter ${(chapterIndex ?? 0) + 1}`, lessons: [] });
      });
    return () => {
      live = false;
    };
  }, [missing, levelIndex, chapterIndex, uid]);

  return (
    <main className="lessons-page">
      <div className="lessons-page__inner">
        <BackButton />
        {missing ? (
          <p className="lessons-page__message" role="alert">
            {lessonsMessages.missingParams}
          </p>
        ) : state.status === 'loading' ? (
          <Spinner label="Loading lessons" />
        ) : state.status === 'locked' ? (
          <>
            <h1>Level {levelIndex + 1}</h1>
            <p className="lessons-page__message" role="alert">
              <LockIcon /> {lessonsMessages.levelLocked}
            </p>
          </>
        ) : (
          <>
            <h1>{state.title}</h1>
            <p className="lessons-page__subtitle">
              Level {levelIndex + 1}, Chapter {chapterIndex + 1}
            </p>
            {state.lessons.length === 0 ? (
              <p className="lessons-page__message">{lessonsMessages.empty}</p>
            ) : (
              <div className="lessons-page__body">
                <LessonList levelIndex={levelIndex} chapterIndex={chapterIndex} lessons={state.lessons} />
                <ChapterLetterGuide language={currentLanguage()} lessons={state.lessons} />
              </div>
            )}
          </>
        )}
      </div>
    </main>
  );
}

function LessonList({ levelIndex, chapterIndex, lessons }: { levelIndex: number; chapterIndex: number; lessons: Lesson[] }) {
  // Lesson index i: done when i < progress - 1, open when i === progress - 1, locked above.
  const progress = lessonProgress(levelIndex, chapterIndex);
  const anyOpen = progress > 0 && lessons.length > 0;
  useEffect(() => {
    if (!anyOpen) return;
    const timer = setTimeout(() => warmUpTracker(), LESSON_PAGE_DWELL_MS);
    return () => clearTimeout(timer);
  }, [anyOpen]);
  const intent = () => warmUpTracker();
  return (
    <ol className="lesson-list">
      {lessons.map((lesson, i) => {
        const label = `Lesson ${i + 1}`;
        if (i >= progress) {
          return (
            <li key={i}>
              <button type="button" className="lesson-button lesson-button--locked" disabled>
                <span>{label}</span>
                <LockIcon label="locked" />
              </button>
            </li>
          );
        }
        const done = i < progress - 1;
        return (
          <li key={i}>
            <Link
              href={`/camera?level=${levelIndex}&chapter=${chapterIndex}&lesson=${i}`}
              className={done ? 'lesson-button lesson-button--done' : 'lesson-button lesson-button--open'}
              onPointerEnter={intent}
              onFocus={intent}
              onPointerDown={intent}
            >
              <span>{label}</span>
              <span className="lesson-button__signs">{lesson.words ? lesson.words.join(', ') : `${lesson.signs.length} signs`}</span>
              {done ? <CheckIcon label="done" /> : null}
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

/** The chapter's letters, in the order its lessons first use them, each with its 3-D hand drawn
 * from the language's own recordings (a sign that is no letter of the alphabet has none). */
function ChapterLetterGuide({ language, lessons }: { language: string; lessons: Lesson[] }) {
  const alphabet = lettersOfLanguage(language);
  const letters = [...new Set(lessons.flatMap((lesson) => lesson.signs))].filter((sign) => alphabet.includes(sign));
  const [selected, setSelected] = useState<string | null>(null);
  if (letters.length === 0) return null;
  const letter = selected !== null && letters.includes(selected) ? selected : letters[0]!;
  return <LetterGuidePanel className="lessons-page__guide" language={language} letters={letters} selected={letter} onSelect={setSelected} />;
}
