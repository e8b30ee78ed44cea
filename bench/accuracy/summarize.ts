// Per image or clip: the frame comparisons (compare_landmarks.ts) folded into the figures of the
// accuracy table, and the targets for upper-body material (docs/engineer/tracker.md, "Accuracy
// against MediaPipe").
import type { FrameComparison } from './compare_landmarks.ts';

export interface Spread {
  n: number;
  median: number;
  p90: number;
  max: number;
}

export interface AccuracySummary {
  frames: number;
  /** Frames with a pose: ours / MediaPipe's. */
  poseFrames: { ours: number; reference: number };
  /** Pose joints MediaPipe sees, distance in shoulder widths (all joint-frames pooled). */
  pose: Spread;
  /** Joint-frames farther than 25% of the shoulder width. */
  poseBeyond25: number;
  /** Median per joint, in shoulder widths. */
  poseByJoint: Record<string, number>;
  poseMissed: number;
  poseInvented: number;
  /** Hand points of hands both found, distance in hand sizes. */
  hands: Spread;
  handsMissed: number;
  handsInvented: number;
  /** Hands found: ours / MediaPipe's, all frames. */
  handFrames: { ours: number; reference: number };
  /** The engine's angles from both, |difference| in degrees. */
  angles: Spread;
  anglesByName: Record<string, number>;
  /** The targets (they apply to upper-body material). */
  target: { pose: boolean | null; poseMax: boolean | null; hands: boolean | null; angles: boolean | null; met: boolean };
}

export const TARGETS = { poseMedian: 0.1, poseMax: 0.25, handMedian: 0.05, angleMedianDeg: 5 } as const;

export function spread(values: number[]): Spread {
  if (values.length === 0) return { n: 0, median: NaN, p90: NaN, max: NaN };
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.round(q * (s.length - 1)))]!;
  return { n: s.length, median: at(0.5), p90: at(0.9), max: s[s.length - 1]! };
}

function medianBy(entries: Array<[string, number]>): Record<string, number> {
  const groups = new Map<string, number[]>();
  for (const [k, v] of entries) groups.set(k, [...(groups.get(k) ?? []), v]);
  return Object.fromEntries([...groups].map(([k, v]) => [k, spread(v).median]));
}

export function summarizeComparisons(frames: FrameComparison[]): AccuracySummary {
  const poseErrors = frames.flatMap((f) => f.pose?.errors ?? []);
  const handErrors = frames.flatMap((f) => f.hands.flatMap((h) => h.errors));
  const angles = frames.flatMap((f) => f.angles);
  const pose = spread(poseErrors.map((e) => e.error));
  const hands = spread(handErrors);
  const angle = spread(angles.map((a) => a.degrees));
  const ok = (s: Spread, limit: number, key: 'median' | 'max' = 'median') => (s.n === 0 ? null : s[key] <= limit);
  const target = {
    pose: ok(pose, TARGETS.poseMedian),
    poseMax: ok(pose, TARGETS.poseMax, 'max'),
    hands: ok(hands, TARGETS.handMedian),
    angles: ok(angle, TARGETS.angleMedianDeg),
    met: false,
  };
  const poseMissed = frames.reduce((n, f) => n + (f.pose?.missed.length ?? 0), 0);
  const handsMissed = frames.reduce((n, f) => n + f.handsMissed.length, 0);
  // Met: every figure that exists within its target, nothing MediaPipe found missed.
  target.met = [target.pose, target.poseMax, target.hands, target.angles].every((t) => t !== false) && pose.n > 0 && poseMissed === 0 && handsMissed === 0;
  return {
    frames: frames.length,
    poseFrames: { ours: frames.filter((f) => f.found.ours.pose).length, reference: frames.filter((f) => f.found.reference.pose).length },
    pose,
    poseBeyond25: poseErrors.filter((e) => e.error > TARGETS.poseMax).length,
    poseByJoint: medianBy(poseErrors.map((e) => [e.name, e.error])),
    poseMissed,
    poseInvented: frames.reduce((n, f) => n + (f.pose?.invented.length ?? 0), 0),
    hands,
    handsMissed,
    handsInvented: frames.reduce((n, f) => n + f.handsInvented.length, 0),
    handFrames: {
      ours: frames.reduce((n, f) => n + Number(f.found.ours.left) + Number(f.found.ours.right), 0),
      reference: frames.reduce((n, f) => n + Number(f.found.reference.left) + Number(f.found.reference.right), 0),
    },
    angles: angle,
    anglesByName: medianBy(angles.map((a) => [`${a.part}.${a.name}`, a.degrees])),
    target,
  };
}
