/**
 * The engine's angle and match rules written the straightforward way, as a developer would
 * without the typed-array layout: landmarks as arrays of {x, y, z, score} objects, angles as
 * named-object records, vector objects per joint, mirrored comparison by building swapped copies.
 * It exists only as the baseline of bench/engine/hot_path.ts; tests/engine/baseline-agreement.test.ts
 * checks that it decides every frame exactly as the engine does.
 */

export interface Point { x: number; y: number; z: number; score: number }
export interface ObjectLandmarks { pose: Point[] | null; leftHand: Point[] | null; rightHand: Point[] | null; width: number; height: number }
export interface ObjectAngles {
  pose: Record<string, number> | null;
  left_hand: number[] | null;
  right_hand: number[] | null;
}
export interface ObjectReferenceFrame {
  pose: { config: { degreesOfFreedom: number }; angles: Record<string, number> } | null;
  left_hand: { config: { degreesOfFreedom: number }; angles: number[] } | null;
  right_hand: { config: { degreesOfFreedom: number }; angles: number[] } | null;
}

const POSE_TRIPLETS: Record<string, [number, number, number]> = {
  leftShoulderElbowWrist: [11, 13, 15],
  rightShoulderElbowWrist: [12, 14, 16],
  leftHipShoulderElbow: [23, 11, 13],
  rightHipShoulderElbow: [24, 12, 14],
};
const HAND_TRIPLETS: Array<[number, number, number]> = [
  [0, 1, 2], [1, 2, 3], [2, 3, 4],
  [0, 5, 6], [5, 6, 7], [6, 7, 8],
  [0, 9, 10], [9, 10, 11], [10, 11, 12],
  [0, 13, 14], [13, 14, 15], [14, 15, 16],
  [0, 17, 18], [17, 18, 19], [18, 19, 20],
  [4, 0, 8],
];

function toPixels(p: Point, width: number, height: number) {
  return { x: p.x * width, y: p.y * height };
}

function angleAt(a: { x: number; y: number }, b: { x: number; y: number }, c: { x: number; y: number }): number | null {
  const u = { x: a.x - b.x, y: a.y - b.y };
  const v = { x: c.x - b.x, y: c.y - b.y };
  if ((u.x === 0 && u.y === 0) || (v.x === 0 && v.y === 0)) return null;
  return (Math.atan2(Math.abs(u.x * v.y - u.y * v.x), u.x * v.x + u.y * v.y) * 180) / Math.PI;
}

function triplet(points: Point[], [a, b, c]: [number, number, number], width: number, height: number): number | null {
  const chosen = [points[a]!, points[b]!, points[c]!];
  if (chosen.some((p) => !(p.score >= 0.5))) return null;
  const [pa, pb, pc] = chosen.map((p) => toPixels(p, width, height));
  return angleAt(pa!, pb!, pc!);
}

export function objectAngles(landmarks: ObjectLandmarks): ObjectAngles {
  const width = 1280;
  const height = (1280 * landmarks.height) / landmarks.width;
  let pose: Record<string, number> | null = null;
  if (landmarks.pose) {
    const entries = Object.entries(POSE_TRIPLETS).map(([name, t]) => [name, triplet(landmarks.pose!, t, width, height)] as const);
    pose = entries.every(([, v]) => v !== null) ? Object.fromEntries(entries) as Record<string, number> : null;
  }
  const hand = (points: Point[] | null) => {
    if (!points) return null;
    const angles = HAND_TRIPLETS.map((t) => triplet(points, t, width, height));
    return angles.every((v) => v !== null) ? (angles as number[]) : null;
  };
  return { pose, left_hand: hand(landmarks.leftHand), right_hand: hand(landmarks.rightHand) };
}

function poseMatches(learner: Record<string, number> | null, reference: ObjectReferenceFrame['pose']): boolean {
  if (!reference) return true;
  if (!learner) return false;
  return Object.keys(reference.angles).every((name) => Math.abs(learner[name]! - reference.angles[name]!) <= 30);
}

function handMatches(learner: number[] | null, reference: ObjectReferenceFrame['left_hand']): boolean {
  if (!reference) return true;
  if (!learner) return false;
  const tolerance = Math.max(75, reference.config.degreesOfFreedom);
  return reference.angles.every((angle, i) => Math.abs(learner[i]! - angle) <= tolerance);
}

function mirror(angles: ObjectAngles): ObjectAngles {
  return {
    pose: angles.pose && {
      leftShoulderElbowWrist: angles.pose.rightShoulderElbowWrist!,
      rightShoulderElbowWrist: angles.pose.leftShoulderElbowWrist!,
      leftHipShoulderElbow: angles.pose.rightHipShoulderElbow!,
      rightHipShoulderElbow: angles.pose.leftHipShoulderElbow!,
    },
    left_hand: angles.right_hand ? [...angles.right_hand] : null,
    right_hand: angles.left_hand ? [...angles.left_hand] : null,
  };
}

function matchesAsSeen(learner: ObjectAngles, reference: ObjectReferenceFrame): boolean {
  return poseMatches(learner.pose, reference.pose) && handMatches(learner.left_hand, reference.left_hand) && handMatches(learner.right_hand, reference.right_hand);
}

export function objectMatch(learner: ObjectAngles, reference: ObjectReferenceFrame): boolean {
  return matchesAsSeen(learner, reference) || matchesAsSeen(mirror(learner), reference);
}
