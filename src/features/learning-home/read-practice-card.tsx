// 'Read fingerspelling' on the learning home, beside the letter chart: the learner's best pace
// and words read in their language (src/lib/data/read-practice.ts), and the way into the read
// practice.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { getReadProgress, type ReadProgress } from '@/lib/data/read-practice.ts';
import { lettersPerSecondText } from '@/lib/data/read-pace-text.ts';

function useReadProgress(uid: string, language: string | null): ReadProgress | null {
  const [progress, setProgress] = useState<ReadProgress | null>(null);
  useEffect(() => {
    if (!uid || language === null) return;
    let live = true;
    setProgress(null);
    getReadProgress(uid, language)
      .then((loaded) => live && setProgress(loaded))
      .catch((error: unknown) => {
        console.warn('Reading your read practice progress failed', error);
        if (live) setProgress({ bestPace: 0, wordsRead: 0 });
      });
    return () => {
      live = false;
    };
  }, [uid, language]);
  return progress;
}

/** `language`: the learner's (null until their record is read). */
export function ReadPracticeCard({ uid, language }: { uid: string; language: string | null }) {
  const progress = useReadProgress(uid, language);
  return (
    <section className="read-card" aria-labelledby="read-card-title" data-testid="read-card">
      <h2 id="read-card-title">Read fingerspelling</h2>
      {progress === null ? (
        <p className="read-card__text">Loading…</p>
      ) : progress.wordsRead === 0 ? (
        <p className="read-card__text">A hand spells words to you; type what you read.</p>
      ) : (
        <dl className="read-card__stats">
          <div>
            <dt>Best pace</dt>
            <dd data-testid="home-best-pace">{lettersPerSecondText(progress.bestPace, 'short')}</dd>
          </div>
          <div>
            <dt>Words read</dt>
            <dd data-testid="home-words-read">{progress.wordsRead}</dd>
          </div>
        </dl>
      )}
      <Link href="/read" className="button button--primary read-card__start">
        Practise reading
      </Link>
    </section>
  );
}
