// `/camera?level=&chapter=&lesson=` (SPEC 2): the practice screen of one lesson. A new address
// (the auto-continue to the next lesson) mounts a fresh screen.
import { useEffect, useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import { lessonAddress, MISSING_PARAMS_MESSAGE } from './load-lesson.ts';
import { PracticeScreen } from './practice-screen.tsx';
import './camera.css';

export default function CameraPage() {
  const search = useSearch();
  const address = useMemo(() => lessonAddress(new URLSearchParams(search)), [search]);
  useEffect(() => {
    // SPEC 8: on the camera page the missing parameters are logged.
    if (!address) console.error(MISSING_PARAMS_MESSAGE);
  }, [address]);
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
  return <PracticeScreen key={search} address={address} />;
}
