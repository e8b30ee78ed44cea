// Figures of the signers stage over any group of photographs (a set, a letter, all), for our
// tracker's landmarks or MediaPipe Hands', and issue 26's targets.
import type { PhotoResult } from './run_signers.ts';

/** Issue 26's targets ("Must show"). */
export const SIGNERS_TARGETS = {
  /** Share of photographs with a hand found, and the most it may trail MediaPipe Hands by (points). */
  handFound: 0.95,
  handFoundBehindMediaPipe: 3,
  /** Share of static-letter photographs whose own letter completes within `ownSeconds`. */
  own: 0.85,
  ownSeconds: 2.5,
  /** Share of (photograph, other letter) pairs that may complete. */
  wrong: 0.005,
} as const;

/** Whose landmarks: our tracker in still mode, in video mode (--video; --video-without-body), MediaPipe Hands'; cv*: our tracker's, judged by a judge learned without the photograph (cross_validate.ts). */
export type Landmarks = 'ours' | 'video' | 'videoWithoutBody' | 'mediapipe' | 'cv' | 'cvVideo' | 'cvVideoWithoutBody';

export interface WrongCompletion {
  photo: string;
  /** The letter made. */
  letter: string;
  /** The reference it completed. */
  as: string;
  seconds: number;
}

export interface GroupFigures {
  photos: number;
  /** Photographs the landmarks exist for (MediaPipe: stored entries). */
  measured: number;
  found: number;
  staticPhotos: number;
  staticFound: number;
  /** Static photographs whose own letter completed within the hold, and within the target's seconds. */
  ownCompleted: number;
  ownWithinTarget: number;
  /** Seconds to complete, of those that completed. */
  ownSeconds: number[];
  /** (static photograph with a hand found) x (each other reference). */
  pairs: number;
  wrong: WrongCompletion[];
  /** J and Z photographs (one frame of a movement): own letter completing, and other letters completing on them (not in `pairs`). */
  moving: { photos: number; found: number; completed: number; wrong: WrongCompletion[] };
}

export function groupFigures(photos: readonly PhotoResult[], landmarks: Landmarks): GroupFigures {
  const g: GroupFigures = { photos: photos.length, measured: 0, found: 0, staticPhotos: 0, staticFound: 0, ownCompleted: 0, ownWithinTarget: 0, ownSeconds: [], pairs: 0, wrong: [], moving: { photos: 0, found: 0, completed: 0, wrong: [] } };
  for (const p of photos) {
    const r = p[landmarks] ?? null;
    if (p.moving) g.moving.photos++;
    else g.staticPhotos++;
    if (!r) continue;
    g.measured++;
    if (!r.found) continue;
    g.found++;
    const own = r.judgement?.[p.letter] ?? null;
    const others = Object.entries(r.judgement ?? {}).filter(([as]) => as !== p.letter);
    if (p.moving) {
      g.moving.found++;
      if (own !== null) g.moving.completed++;
      for (const [as, seconds] of others) if (seconds !== null) g.moving.wrong.push({ photo: p.photo, letter: p.letter, as, seconds });
      continue;
    }
    g.staticFound++;
    if (own !== null) {
      g.ownCompleted++;
      g.ownSeconds.push(own);
      if (own <= SIGNERS_TARGETS.ownSeconds) g.ownWithinTarget++;
    }
    for (const [as, seconds] of others) {
      g.pairs++;
      if (seconds !== null) g.wrong.push({ photo: p.photo, letter: p.letter, as, seconds });
    }
  }
  return g;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const percent = (n: number, of: number, digits = 0): string => (of === 0 ? '-' : `${((100 * n) / of).toFixed(digits)}%`);

/** "D as X (5), T as G (2)": the wrong completions grouped by letter made and letter completed. */
export function wrongList(wrong: readonly WrongCompletion[]): string {
  const counts = new Map<string, number>();
  for (const w of wrong) counts.set(`${w.letter} as ${w.as}`, (counts.get(`${w.letter} as ${w.as}`) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => (n > 1 ? `${k} (${n})` : k))
    .join(', ');
}
