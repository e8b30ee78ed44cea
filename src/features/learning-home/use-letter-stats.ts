// The learner's per-letter statistics for the learning home's chart (src/lib/data/letter-stats.ts):
// read once when the home opens. null while loading; an unreadable record shows as nothing practised.
import { useEffect, useState } from 'react';
import { getLetterStats, type LetterStats } from '@/lib/data/letter-stats.ts';

export function useLetterStats(uid: string, language: string | null): Record<string, LetterStats> | null {
  const [stats, setStats] = useState<Record<string, LetterStats> | null>(null);
  useEffect(() => {
    if (!uid || !language) return;
    let live = true;
    getLetterStats(uid, language)
      .then((loaded) => live && setStats(loaded))
      .catch((error: unknown) => {
        console.warn('Reading your letter statistics failed', error);
        if (live) setStats({});
      });
    return () => {
      live = false;
    };
  }, [uid, language]);
  return stats;
}
