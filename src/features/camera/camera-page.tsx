// `/camera?level=&chapter=&lesson=` (product.md §2.10 Camera): the practice screen of one lesson. A new address
// (the auto-continue to the next lesson) mounts a fresh screen.
import { useEffect, useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import { Spinner } from '@/components/spinner.tsx';
import { lessonAddress, MISSING_PARAMS_MESSAGE } from './lesson/load-lesson.ts';
import { PracticeScreen } from './screen/practice-screen.tsx';
import { lettersParam } from './lesson/practice-target.ts';
import { useLessonAccess } from './lesson/use-lesson-access.ts';
import './camera.css';

export const LESSON_LOCKED_MESSAGE = 'This lesson is locked. Finish the lessons before it first.';

export default function CameraPage() {
  const search = useSearch();
  const address = useMemo(() => lessonAddress(new URLSearchParams(search)), [search]);
  // `?letters=M,N,T`: the weakest letters practice, open to every learner (no lesson to unlock).
  const letters = useMemo(() => (address ? null : lettersParam(new URLSearchParams(search))), [address, search]);
  const target = useMemo(() => (letters ? { kind: 'letters' as const, letters } : address ? { kind: 'lesson' as const, address } : null), [letters, address]);
  const access = useLessonAccess(address);
  useEffect(() => {
    // product.md §8 Errors: on the camera page the missing parameters are logged.
    if (!address && !letters) console.error(MISSING_PARAMS_MESSAGE);
  }, [address, letters]);
  if (target?.kind === 'letters') {
    // The learner's record says which language's letters these are.
    return access === 'checking' ? (
      <main className="center-page">
        <Spinner />
      </main>
    ) : (
      <PracticeScreen key={search} target={target} />
    );
  }
  if (!address) {
    return (
      <main className="center-page">
        <h1>Camera practice</h1>
        <p role="alert">{MISSING_PARAMS_MESSAGE}</p>
        <Link href="/" className="button button--primary">
          Go To Home
        </Link>
      </main>
    );
  }
  if (access === 'checking') {
    return (
      <main className="center-page">
        <Spinner />
      </main>
    );
  }
  if (access === 'locked') {
    return (
      <main className="center-page">
        <h1>Camera practice</h1>
        <p role="alert">{LESSON_LOCKED_MESSAGE}</p>
        <Link href={`/lessons?level=${address.levelIndex}&chapter=${address.chapterIndex}`} className="button button--primary">
          Back to lessons
        </Link>
      </main>
    );
  }
  return <PracticeScreen key={search} target={target ?? { kind: 'lesson', address }} />;
}
