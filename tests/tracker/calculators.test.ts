// The tracker's graph steps (engine/src/tracker/calculators), one property each.
import { describe, expect, it } from 'vitest';
import { HAND_POINT_COUNT, POINT_STRIDE, POSE_POINT_COUNT, PosePoint } from '../../engine/src/core/landmark_layout.ts';
import { handCropTransform } from '../../engine/src/tracker/calculators/hand_crop_transform.ts';
import { handRectFromLandmarks } from '../../engine/src/tracker/calculators/hand_rect_from_landmarks.ts';
import { handRectFromPose } from '../../engine/src/tracker/calculators/hand_rect_from_pose.ts';
import { keepTrackedHandRect } from '../../engine/src/tracker/calculators/choose_hand_rect.ts';
import { letterboxSquareCrop } from '../../engine/src/tracker/calculators/letterbox_square_crop.ts';
import { ONE_EURO_STATE_LENGTH, oneEuroStep } from '../../engine/src/tracker/calculators/one_euro_step.ts';
import { poseKeypointsToLandmarks } from '../../engine/src/tracker/calculators/pose_keypoints_to_landmarks.ts';
import { projectHandLandmarks } from '../../engine/src/tracker/calculators/project_hand_landmarks.ts';
import { transformRect } from '../../engine/src/tracker/calculators/transform_rect.ts';
import { HAND_CROP_SMOOTHING, HAND_RECT_FROM_LANDMARKS_TRANSFORM } from '../../engine/src/tracker/constants.ts';
import { HandCropSmoothing } from '../../engine/src/tracker/hand_crop_smoothing.ts';
import { createNormalizedRect } from '../../engine/src/tracker/types.ts';

const W = 640;
const H = 480;

describe('handRectFromPose', () => {
  it('centres on the middle-finger base, sized twice its distance to the wrist, fingers up', () => {
    const pose = new Float32Array(POSE_POINT_COUNT * POINT_STRIDE);
    const set = (i: number, x: number, y: number) => pose.set([x / W, y / H, 0, 0.9], i * POINT_STRIDE);
    // Hand pointing right: wrist at (100, 200), index and pinky 30 px to the right.
    set(PosePoint.leftWrist, 100, 200);
    set(PosePoint.leftIndex, 130, 190);
    set(PosePoint.leftPinky, 130, 220);
    const rect = createNormalizedRect();
    expect(handRectFromPose(pose, PosePoint.leftWrist, PosePoint.leftIndex, PosePoint.leftPinky, W, H, rect)).toBe(true);
    expect(rect.xCenter * W).toBeCloseTo(130);
    expect(rect.yCenter * H).toBeCloseTo(200);
    expect(rect.width * W).toBeCloseTo(60);
    expect(rect.height * H).toBeCloseTo(60);
    // Pointing right = pointing up turned 90 degrees clockwise (rotation is clockwise on screen).
    expect(rect.rotation).toBeCloseTo(Math.PI / 2);
    pose[PosePoint.leftWrist * POINT_STRIDE + 3] = 0;
    expect(handRectFromPose(pose, PosePoint.leftWrist, PosePoint.leftIndex, PosePoint.leftPinky, W, H, rect)).toBe(false);
  });
});

/** An upright open hand (wrist at the bottom) centred at (cx, cy) pixels, rotated by `angle`. */
function uprightHand(cx: number, cy: number, angle: number): Float32Array {
  const hand = new Float32Array(HAND_POINT_COUNT * POINT_STRIDE);
  for (let i = 0; i < HAND_POINT_COUNT; i++) {
    const finger = i === 0 ? 0 : Math.floor((i - 1) / 4);
    const joint = i === 0 ? 0 : ((i - 1) % 4) + 1;
    const x = i === 0 ? 0 : (finger - 2) * 15;
    const y = i === 0 ? 40 : 20 - joint * 15;
    const rx = x * Math.cos(angle) - y * Math.sin(angle);
    const ry = x * Math.sin(angle) + y * Math.cos(angle);
    hand.set([(cx + rx) / W, (cy + ry) / H, 0, 1], i * POINT_STRIDE);
  }
  return hand;
}

describe('handRectFromLandmarks + transformRect', () => {
  it('follows the hand rotation and contains every landmark once enlarged', () => {
    for (const angle of [0, 0.5, -1.2, Math.PI]) {
      const hand = uprightHand(300, 250, angle);
      const rect = createNormalizedRect();
      handRectFromLandmarks(hand, W, H, rect);
      expect(Math.abs(Math.atan2(Math.sin(rect.rotation - angle), Math.cos(rect.rotation - angle)))).toBeLessThan(0.05);
      transformRect(rect, W, H, HAND_RECT_FROM_LANDMARKS_TRANSFORM);
      expect(rect.width * W).toBeCloseTo(rect.height * H, 3);
      const half = (rect.width * W) / 2;
      for (let i = 0; i < HAND_POINT_COUNT; i++) {
        const dx = hand[i * POINT_STRIDE]! * W - rect.xCenter * W;
        const dy = hand[i * POINT_STRIDE + 1]! * H - rect.yCenter * H;
        expect(Math.hypot(dx, dy)).toBeLessThan(half * Math.SQRT2);
      }
    }
  });
});

describe('handCropTransform and projectHandLandmarks', () => {
  it('are inverse: a crop pixel maps to the image point its projected landmark lands on', () => {
    const rect = { xCenter: 0.4, yCenter: 0.6, width: 0.3, height: 0.4, rotation: 0.7 };
    const size = 224;
    const matrix = new Float32Array(8);
    handCropTransform(rect, W, H, size, matrix);
    const raw = new Float32Array(HAND_POINT_COUNT * 3);
    const crop: Array<[number, number]> = [[0, 0], [223, 0], [112, 112], [50, 200]];
    crop.forEach(([u, v], i) => raw.set([u + 0.5, v + 0.5, 10], i * 3));
    const out = new Float32Array(HAND_POINT_COUNT * POINT_STRIDE);
    projectHandLandmarks(raw, 0, size, rect, 0.9, out);
    crop.forEach(([u, v], i) => {
      // tf.image.transform reads input pixel index (a0 u + a1 v + a2, b0 u + b1 v + b2); its centre
      // is at index + 0.5 in continuous coordinates.
      const x = matrix[0]! * u + matrix[1]! * v + matrix[2]! + 0.5;
      const y = matrix[3]! * u + matrix[4]! * v + matrix[5]! + 0.5;
      expect(out[i * POINT_STRIDE]! * W).toBeCloseTo(x, 3);
      expect(out[i * POINT_STRIDE + 1]! * H).toBeCloseTo(y, 3);
      expect(out[i * POINT_STRIDE + 3]).toBeCloseTo(0.9);
    });
  });
});

describe('keepTrackedHandRect', () => {
  it('keeps a rect near the pose rect and drops one that jumped away', () => {
    const pose = { xCenter: 0.5, yCenter: 0.5, width: 0.2, height: 0.2 * (W / H), rotation: 0 };
    expect(keepTrackedHandRect({ ...pose, xCenter: 0.52 }, pose, W, H)).toBe(true);
    expect(keepTrackedHandRect({ ...pose, xCenter: 0.8 }, pose, W, H)).toBe(false);
  });
});

describe('poseKeypointsToLandmarks', () => {
  it('normalises, and swaps sides for a mirror image', () => {
    const keypoints = Array.from({ length: POSE_POINT_COUNT }, (_, i) => ({ x: i * 10, y: 48, z: 0, score: i / 100 }));
    const out = new Float32Array(POSE_POINT_COUNT * POINT_STRIDE);
    poseKeypointsToLandmarks(keypoints, W, H, false, out);
    expect(out[PosePoint.leftWrist * POINT_STRIDE]).toBeCloseTo(150 / W);
    expect(out[PosePoint.leftWrist * POINT_STRIDE + 1]).toBeCloseTo(0.1);
    poseKeypointsToLandmarks(keypoints, W, H, true, out);
    // In a mirror image the model's "left wrist" (15) is the signer's right wrist (16).
    expect(out[PosePoint.rightWrist * POINT_STRIDE]).toBeCloseTo(150 / W);
    expect(out[PosePoint.leftWrist * POINT_STRIDE]).toBeCloseTo(160 / W);
    expect(out[PosePoint.nose * POINT_STRIDE]).toBe(0);
  });
});

describe('letterboxSquareCrop', () => {
  it('grows a rect along its short side (in pixels) to a square, and says how much of the input that takes', () => {
    // 200 x 100 px, rotated: the crop is 200 x 200 px, the height's padding a quarter at top and bottom.
    const rect = { xCenter: 0.4, yCenter: 0.6, width: 200 / W, height: 100 / H, rotation: 0.3 };
    const crop = createNormalizedRect();
    const padding = { left: -1, top: -1, right: -1, bottom: -1 };
    letterboxSquareCrop(rect, W, H, crop, padding);
    expect(crop.width * W).toBeCloseTo(200);
    expect(crop.height * H).toBeCloseTo(200);
    expect([crop.xCenter, crop.yCenter, crop.rotation]).toEqual([0.4, 0.6, 0.3]);
    expect(padding).toEqual({ left: 0, top: 0.25, right: 0, bottom: 0.25 });
  });

  it('leaves a square rect (what BlazePose makes) as it is, with no padding', () => {
    const rect = { xCenter: 0.5, yCenter: 0.5, width: 300 / W, height: 300 / H, rotation: 0 };
    const crop = createNormalizedRect();
    const padding = { left: -1, top: -1, right: -1, bottom: -1 };
    letterboxSquareCrop(rect, W, H, crop, padding);
    expect(crop.width).toBeCloseTo(rect.width);
    expect(crop.height).toBeCloseTo(rect.height);
    expect(padding).toEqual({ left: 0, top: 0, right: 0, bottom: 0 });
  });
});

describe('oneEuroStep', () => {
  it('gives what MediaPipe\'s one-euro filter gives (pose-detection\'s port of it), value for value', async () => {
    // The port in the pose library the tracker already uses, as the reference (not shipped: it
    // keeps its state in objects it makes per call).
    const { OneEuroFilter } = (await import('@tensorflow-models/pose-detection/dist/shared/filters/one_euro_filter.js' as string)) as {
      OneEuroFilter: new (config: object) => { apply(value: number, microSeconds: number, valueScale: number): number };
    };
    const theirs = new OneEuroFilter({ frequency: 30, ...HAND_CROP_SMOOTHING });
    const state = new Float64Array(ONE_EURO_STATE_LENGTH);
    // Still, then a jump, then a steady movement, then swinging between two values; 32 frames a
    // second (whole microseconds: the port truncates its timestamps to them).
    const values = [...Array(10).fill(100), ...Array(5).fill(160), ...Array.from({ length: 20 }, (_, i) => 160 + 4 * i), ...Array.from({ length: 20 }, (_, i) => 240 + (i % 2 ? 3 : -3))];
    values.forEach((value, i) => {
      const ours = oneEuroStep(state, 0, value, i === 0 ? 0 : 1 / 32, 1 / 80, HAND_CROP_SMOOTHING);
      expect(ours).toBeCloseTo(theirs.apply(value, 1_000_000 + i * 31_250, 1 / 80), 9);
    });
  });

  it('damps a value swinging between two others to their middle, and follows a steady movement', () => {
    const state = new Float64Array(ONE_EURO_STATE_LENGTH);
    let out = 0;
    for (let i = 0; i < 60; i++) out = oneEuroStep(state, 0, i % 2 ? 103 : 97, i === 0 ? 0 : 1 / 30, 1 / 80, HAND_CROP_SMOOTHING);
    const swing = Math.abs(oneEuroStep(state, 0, 103, 1 / 30, 1 / 80, HAND_CROP_SMOOTHING) - out);
    expect(swing).toBeLessThan(1.2); // the input swings by 6
    // A hand 80 px wide moving 2 hand-widths a second: within 5 px of it after half a second.
    state.fill(0);
    for (let i = 0; i <= 15; i++) out = oneEuroStep(state, 0, 100 + (160 * i) / 30, i === 0 ? 0 : 1 / 30, 1 / 80, HAND_CROP_SMOOTHING);
    expect(Math.abs(out - (100 + 80))).toBeLessThan(5);
  });
});

describe('HandCropSmoothing', () => {
  it('settles a hand whose landmarks swing between two places, and starts again after reset', () => {
    const smoothing = new HandCropSmoothing();
    const a = uprightHand(300, 250, 0);
    const b = uprightHand(306, 250, 0.05);
    let first = 0;
    for (let i = 0; i < 40; i++) {
      const hand = smoothing.apply(i % 2 ? b : a, (i * 1000) / 30, W, H);
      if (i === 0) first = hand[0]!;
      // The wrist settles near the middle of its two places (4 px apart): within a third of the swing.
      if (i >= 30) expect(Math.abs(hand[0]! - (a[0]! + b[0]!) / 2)).toBeLessThan(Math.abs(a[0]! - b[0]!) / 2 / 3);
    }
    expect(first).toBe(a[0]); // the first landmarks pass as they are
    // A time not after the last one copies the landmarks as they came.
    expect(smoothing.apply(b, 1000, W, H)[0]).toBe(b[0]);
    smoothing.reset();
    expect(smoothing.apply(b, 2000, W, H)[0]).toBe(b[0]);
  });
});
