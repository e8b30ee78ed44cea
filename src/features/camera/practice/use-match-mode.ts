// The side panel's 'Judge' setting: which rule decides that a sign is made, one of the
// engine's match modes ('handshape' by default). Remembered per learner in localStorage, under a
// key with the signed-in learner's uid, so two learners sharing a browser each keep their own.
import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_MATCH_MODE, isMatchMode, type MatchMode } from '@signlearn/engine/practice/match_mode';

const KEY_PREFIX = 'signlearn.judge.';
/**
 * The former browser-wide 'Precise feedback' value ('spec' or 'precise'). It cannot be told which
 * learner chose it, and it predates the handshape judge, so it is removed, never carried over.
 */
export const LEGACY_MATCH_MODE_KEY = 'signlearn.matchMode';

export function matchModeKey(uid: string): string {
  return `${KEY_PREFIX}${uid}`;
}

/** The learner's stored judge, or the default (signed out, nothing stored, storage disabled). */
export function readMatchMode(storage: Storage | null, uid: string | null): MatchMode {
  if (storage === null) return DEFAULT_MATCH_MODE;
  try {
    storage.removeItem(LEGACY_MATCH_MODE_KEY);
    if (uid === null) return DEFAULT_MATCH_MODE;
    const stored = storage.getItem(matchModeKey(uid));
    return isMatchMode(stored) ? stored : DEFAULT_MATCH_MODE;
  } catch {
    return DEFAULT_MATCH_MODE;
  }
}

/** Remembers the learner's judge; signed out, or with storage disabled, it lasts for this page. */
export function storeMatchMode(storage: Storage | null, uid: string | null, mode: MatchMode): void {
  if (storage === null || uid === null) return;
  try {
    storage.setItem(matchModeKey(uid), mode);
  } catch {
    // storage disabled or full: the choice holds until the page is left
  }
}

/** The page's localStorage, or null where the browser refuses it (reading it can throw). */
function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The judge of the learner `uid` (null while signed out or loading) and its setter. */
export function useMatchMode(uid: string | null): [MatchMode, (mode: MatchMode) => void] {
  const stored = useMemo(() => readMatchMode(localStorageOrNull(), uid), [uid]);
  // A choice made on this page belongs to the learner who made it.
  const [chosen, setChosen] = useState<{ uid: string | null; mode: MatchMode } | null>(null);
  const setMode = useCallback(
    (mode: MatchMode) => {
      setChosen({ uid, mode });
      storeMatchMode(localStorageOrNull(), uid, mode);
    },
    [uid],
  );
  return [chosen !== null && chosen.uid === uid ? chosen.mode : stored, setMode];
}
