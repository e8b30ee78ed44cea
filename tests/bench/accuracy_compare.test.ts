// The accuracy harness's arithmetic (bench/accuracy/compare_landmarks.ts, summarize.ts) on made-up
// landmarks whose answers are known: distances in shoulder widths and hand sizes, joints missed and
// invented, the engine's angles from both, and the targets.
import { describe, expect, it } from 'vitest';
import { compareFrame, type LandmarkSet } from '../../bench/accuracy/compare_landmarks.ts';
import { summarizeComparisons } from '../../bench/accuracy/summarize.ts';
import { HAND_POINT_COUNT, HandPoint, POINT_STRIDE, POSE_POINT_COUNT, PosePoint } from '../../engine/src/core/landmark_layout.ts';

const W = 400;
const H = 200;

/** A pose whose shoulders are 100 px apart, torso 120 px long, every point seen. */
function referencePose(): Float32Array {
  const pose = new Float32Array(POSE_POINT_COUNT * POINT_STRIDE);
  const set = (i: number, x: number, y: number, score = 0.9) => pose.set([x / W, y / H, 0, score], i * POINT_STRIDE);
  for (let i = 0; i < POSE_POINT_COUNT; i++) set(i, 200, 100);
  set(PosePoint.leftShoulder, 250, 40);
  set(PosePoint.rightShoulder, 150, 40);
  set(PosePoint.leftElbow, 280, 100);
  set(PosePoint.rightElbow, 120, 100);
  set(PosePoint.leftWrist, 250, 60);
  set(PosePoint.rightWrist, 150, 160);
  set(PosePoint.leftHip, 240, 160);
  set(PosePoint.rightHip, 160, 160);
  return pose;
}

function hand(wristX: number, wristY: number): Float32Array {
  const points = new Float32Array(HAND_POINT_COUNT * POINT_STRIDE);
  // A straight hand pointing up, 40 px from wrist to middle MCP; fingers 10 px apart.
  points.set([wristX / W, wristY / H, 0, 1], HandPoint.wrist * POINT_STRIDE);
  for (let i = 1; i < HAND_POINT_COUNT; i++) {
    const finger = Math.floor((i - 1) / 4);
    const joint = ((i - 1) % 4) + 1;
    points.set([(wristX + (finger - 2) * 10) / W, (wristY - 20 - joint * 20) / H, 0, 1], i * POINT_STRIDE);
  }
  return points;
}

function shifted(points: Float32Array, dxPx: number, dyPx: number): Float32Array {
  const out = Float32Array.from(points);
  for (let i = 0; i < out.length; i += POINT_STRIDE) {
    out[i] = out[i]! + dxPx / W;
    out[i + 1] = out[i + 1]! + dyPx / H;
  }
  return out;
}

describe('compareFrame', () => {
  it('measures pose joints in shoulder widths and hand points in hand sizes; the same shape gives the same angles', () => {
    const reference: LandmarkSet = { width: W, height: H, pose: referencePose(), leftHand: hand(250, 60), rightHand: null };
    const ours: LandmarkSet = { width: W, height: H, pose: shifted(reference.pose as Float32Array, 10, 0), leftHand: shifted(reference.leftHand as Float32Array, 0, 2), rightHand: null };
    const c = compareFrame(ours, reference);
    expect(c.pose!.shoulderWidthPx).toBeCloseTo(100);
    expect(c.pose!.errors.length).toBe(POSE_POINT_COUNT - PosePoint.leftShoulder);
    for (const e of c.pose!.errors) expect(e.error).toBeCloseTo(0.1, 5);
    expect(c.hands).toHaveLength(1);
    expect(c.hands[0]!.handSizePx).toBeCloseTo(40);
    for (const e of c.hands[0]!.errors) expect(e).toBeCloseTo(0.05, 5);
    // A pure shift changes no angle: 4 pose angles and 16 hand angles, all 0 degrees apart.
    expect(c.angles.filter((a) => a.part === 'pose')).toHaveLength(4);
    expect(c.angles.filter((a) => a.part === 'left')).toHaveLength(16);
    for (const a of c.angles) expect(a.degrees).toBeCloseTo(0, 3);
  });

  it('uses half the torso as the unit when the shoulders nearly coincide (a body seen side-on)', () => {
    const pose = referencePose();
    pose.set([205 / W, 40 / H], PosePoint.leftShoulder * POINT_STRIDE);
    pose.set([200 / W, 40 / H], PosePoint.rightShoulder * POINT_STRIDE);
    const c = compareFrame({ width: W, height: H, pose: shifted(pose, 6, 0), leftHand: null, rightHand: null }, { width: W, height: H, pose, leftHand: null, rightHand: null });
    expect(c.pose!.unitPx).toBeCloseTo(60, 0);
    expect(c.pose!.errors[0]!.error).toBeCloseTo(0.1, 1);
  });

  it('counts joints and hands seen by one side only, and an angle difference', () => {
    const reference: LandmarkSet = { width: W, height: H, pose: referencePose(), leftHand: hand(250, 60), rightHand: null };
    const pose = referencePose();
    pose[PosePoint.leftHip * POINT_STRIDE + 3] = 0.2; // we do not see the left hip
    pose.set([150 / W, 100 / H], PosePoint.rightWrist * POINT_STRIDE); // right forearm folded up: angle changes
    const refPose = reference.pose as Float32Array;
    refPose[PosePoint.rightHip * POINT_STRIDE + 3] = 0.1; // MediaPipe does not see the right hip
    const c = compareFrame({ width: W, height: H, pose, leftHand: null, rightHand: hand(150, 160) }, reference);
    expect(c.pose!.missed).toEqual(['leftHip']);
    expect(c.pose!.invented).toEqual(['rightHip']);
    expect(c.handsMissed).toEqual(['left']);
    expect(c.handsInvented).toEqual(['right']);
    const elbow = c.angles.find((a) => a.name === 'rightShoulderElbowWrist')!;
    expect(elbow.degrees).toBeGreaterThan(20);
    // The right hip-shoulder-elbow angle needs the right hip, which MediaPipe does not see.
    expect(c.angles.some((a) => a.name === 'rightHipShoulderElbow')).toBe(false);
  });
});

describe('summarizeComparisons', () => {
  it('pools every joint of every frame and checks the targets', () => {
    const reference: LandmarkSet = { width: W, height: H, pose: referencePose(), leftHand: hand(250, 60), rightHand: null };
    const near = compareFrame({ ...reference, pose: shifted(reference.pose as Float32Array, 5, 0) }, reference);
    const far = compareFrame({ ...reference, pose: shifted(reference.pose as Float32Array, 30, 0) }, reference);
    const good = summarizeComparisons([near, near]);
    expect(good.pose.median).toBeCloseTo(0.05, 5);
    expect(good.target.met).toBe(true);
    const bad = summarizeComparisons([near, far, far]);
    expect(bad.pose.median).toBeCloseTo(0.3, 5);
    expect(bad.poseBeyond25).toBe(2 * (POSE_POINT_COUNT - PosePoint.leftShoulder));
    expect(bad.target.pose).toBe(false);
    expect(bad.target.met).toBe(false);
  });
});
