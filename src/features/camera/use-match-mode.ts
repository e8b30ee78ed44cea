// The 'Precise feedback' setting (beyond the SPEC): the SPEC's matching rule by default, or the
// engine's precise mode. Kept in localStorage so it survives lessons and visits.
import { useCallback, useState } from 'react';
import { DEFAULT_MATCH_MODE, isMatchMode, type MatchMode } from '@signlearn/engine/practice/match_mode';

const STORAGE_KEY = 'signlearn.matchMode';

function readMode(): MatchMode {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isMatchMode(stored) ? stored : DEFAULT_MATCH_MODE;
  } catch {
    return DEFAULT_MATCH_MODE;
  }
}

export function useMatchMode(): [MatchMode, (mode: MatchMode) => void] {
  const [mode, setModeState] = useState<MatchMode>(readMode);
  const setMode = useCallback((next: MatchMode) => {
    setModeState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // storage disabled: the setting lasts for this page only
    }
  }, []);
  return [mode, setMode];
}
