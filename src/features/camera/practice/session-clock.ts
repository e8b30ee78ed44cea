// The practice session's clock: performance time that stands still while the practice is paused
// (tab hidden, camera lost), so the 1 s lock, the completed card and the 4 s continue never run
// out while the learner cannot see them.

export type PauseReason = 'hidden' | 'camera';

export interface SessionClock {
  now(): number;
  pause(reason: PauseReason): void;
  resume(reason: PauseReason): void;
  readonly paused: boolean;
}

export function createSessionClock(source: () => number = () => performance.now()): SessionClock {
  const reasons = new Set<PauseReason>();
  let pausedAt = 0;
  let offset = 0;
  return {
    now: () => (reasons.size > 0 ? pausedAt : source()) - offset,
    pause(reason) {
      if (reasons.size === 0) pausedAt = source();
      reasons.add(reason);
    },
    resume(reason) {
      if (!reasons.delete(reason) || reasons.size > 0) return;
      offset += source() - pausedAt;
    },
    get paused() {
      return reasons.size > 0;
    },
  };
}
