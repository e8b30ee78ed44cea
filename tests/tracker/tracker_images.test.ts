// The tracker in Node (TF.js WASM backend) on the real photographs of data/photographs.
import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createAngleFrame } from '../../engine/src/core/angle_frame.ts';
import { createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, POINT_STRIDE, PosePoint } from '../../engine/src/core/landmark_layout.ts';
import { computeAngleFrame } from '../../engine/src/angles/compute_angle_frame.ts';
import { HAND_ANGLE_NAMES } from '../../engine/src/angles/hand_angle_definitions.ts';
import type { LandmarkTracker } from '../../engine/src/tracker/landmark_tracker.ts';
import { decodeImageFile, type RgbFrame } from '../../engine/src/tracker/node/node_image.ts';
import { createNodeTracker, rgbPixels } from '../../engine/src/tracker/node/node_tracker.ts';
import { PHOTOGRAPHS_DIR } from '../../server/paths.ts';

const images = PHOTOGRAPHS_DIR;

let tracker: LandmarkTracker;
let backend: string;

async function trackStill(file: string, options: { flop?: boolean } = {}): Promise<{ image: RgbFrame; out: LandmarkFrame }> {
  const image = await decodeImageFile(join(images, file), options);
  const out = createLandmarkFrame();
  await tracker.trackStill(rgbPixels(image), out);
  return { image, out };
}

/** A point in pixels of the image. */
function pixel(points: Float32Array, index: number, image: RgbFrame): [number, number] {
  return [points[index * POINT_STRIDE]! * image.width, points[index * POINT_STRIDE + 1]! * image.height];
}

beforeAll(async () => {
  const created = await createNodeTracker({ smoothing: false });
  tracker = created.tracker;
  backend = created.backend.name;
});

afterAll(() => {
  tracker?.dispose();
  tracker = undefined as unknown as LandmarkTracker;
});

describe('tracker on messi5.jpg (548x342, a footballer, arms spread)', () => {
  // Hand-labelled joint positions (pixels) from the photograph, the player's own sides: his right
  // arm reaches to the image's left, his left arm to the image's right.
  const joints = {
    rightShoulder: [163, 123],
    leftShoulder: [290, 120],
    rightElbow: [133, 113],
    leftElbow: [317, 150],
    rightWrist: [97, 98],
    leftWrist: [342, 163],
  } as const;
  // Tolerance 50 px (15% of the 342 px image height, about the width of his chest's half): BlazePose
  // puts the shoulders of this twisted, side-on body about 20-45 px inwards, on the jersey; wrists
  // and elbows land within 25 px. A point on another body part would be off by 80 px or more
  // (shoulder to elbow is about 60 px here, elbow to wrist 60-90 px), and the side checks below
  // catch a swapped left/right.
  const TOLERANCE_PX = 50;

  it('runs on the WASM backend', () => {
    expect(backend).toBe('wasm');
    expect(tf.getBackend()).toBe('wasm');
  });

  it('puts shoulders, elbows and wrists on the player, on the right sides', async () => {
    const { image, out } = await trackStill('messi5.jpg');
    expect(out.present[Part.pose]).toBe(1);
    for (const [name, [x, y]] of Object.entries(joints)) {
      const [px, py] = pixel(out.pose, PosePoint[name as keyof typeof joints], image);
      expect(Math.hypot(px - x, py - y), `${name} at (${px.toFixed(0)}, ${py.toFixed(0)})`).toBeLessThan(TOLERANCE_PX);
    }
    // His right arm is on the image's left: right wrist < right elbow < left elbow < left wrist in x.
    const x = (i: number) => pixel(out.pose, i, image)[0];
    expect(x(PosePoint.rightWrist)).toBeLessThan(x(PosePoint.rightElbow));
    expect(x(PosePoint.rightElbow)).toBeLessThan(x(PosePoint.leftElbow));
    expect(x(PosePoint.leftElbow)).toBeLessThan(x(PosePoint.leftWrist));
  });

  it('finds both hands, 21 landmarks each inside the hand region', async () => {
    const { image, out } = await trackStill('messi5.jpg');
    // Hand regions (pixels, hand-labelled, with the end of the forearm: the model's wrist point on
    // his foreshortened right hand sits on the forearm, about 30 px above the palm).
    const regions = {
      [Part.leftHand]: { points: out.leftHand, x0: 325, x1: 385, y0: 145, y1: 185 },
      [Part.rightHand]: { points: out.rightHand, x0: 55, x1: 155, y0: 75, y1: 130 },
    };
    for (const part of [Part.leftHand, Part.rightHand]) {
      expect(out.present[part], `hand ${part}`).toBe(1);
      const { points, x0, x1, y0, y1 } = regions[part];
      for (let i = 0; i < HAND_POINT_COUNT; i++) {
        const [px, py] = pixel(points, i, image);
        expect(px, `hand ${part} point ${i} x`).toBeGreaterThanOrEqual(x0);
        expect(px, `hand ${part} point ${i} x`).toBeLessThanOrEqual(x1);
        expect(py, `hand ${part} point ${i} y`).toBeGreaterThanOrEqual(y0);
        expect(py, `hand ${part} point ${i} y`).toBeLessThanOrEqual(y1);
        expect(points[i * POINT_STRIDE + 3]).toBeGreaterThanOrEqual(0.5);
      }
    }
  });

  it('keeps left and right anatomical on a mirrored frame', async () => {
    const plain = await trackStill('messi5.jpg');
    tracker.mirrored = true;
    let mirrored;
    try {
      mirrored = await trackStill('messi5.jpg', { flop: true });
    } finally {
      tracker.mirrored = false;
    }
    const { out } = mirrored;
    expect(out.present[Part.leftHand]).toBe(1);
    expect(out.present[Part.rightHand]).toBe(1);
    // The signer's left wrist is the same body point: its x mirrors (x -> 1 - x).
    for (const index of [PosePoint.leftWrist, PosePoint.rightWrist, PosePoint.leftShoulder]) {
      const a = plain.out.pose[index * POINT_STRIDE]!;
      const b = out.pose[index * POINT_STRIDE]!;
      expect(Math.abs(1 - b - a), `pose point ${index}`).toBeLessThan(0.03);
    }
    // Each hand sits at its own side's pose wrist (x mirrored): the signer's left hand is on the
    // image's left now. (The hand points themselves differ more between the two frames: the
    // models are not mirror-symmetric on his foreshortened right hand.)
    const wristGap = (hand: Float32Array, wrist: number) =>
      Math.hypot(hand[0]! - out.pose[wrist * POINT_STRIDE]!, hand[1]! - out.pose[wrist * POINT_STRIDE + 1]!);
    expect(wristGap(out.leftHand, PosePoint.leftWrist)).toBeLessThan(wristGap(out.leftHand, PosePoint.rightWrist));
    expect(wristGap(out.rightHand, PosePoint.rightWrist)).toBeLessThan(wristGap(out.rightHand, PosePoint.leftWrist));
    expect(out.leftHand[0]!).toBeLessThan(0.5);
    expect(Math.abs(1 - out.leftHand[0]! - plain.out.leftHand[0]!)).toBeLessThan(0.03);
  });
});

describe('tracker on handSrc.jpg (640x480, one open hand, fingers spread)', () => {
  it('finds one hand with five extended fingers', async () => {
    const { out } = await trackStill('handSrc.jpg');
    const hands = [Part.leftHand, Part.rightHand].filter((part) => out.present[part] === 1);
    expect(hands).toHaveLength(1);
    const angles = createAngleFrame();
    computeAngleFrame(out, angles);
    const part = hands[0]!;
    expect(angles.present[part]).toBe(1);
    const values = part === Part.leftHand ? angles.leftHand : angles.rightHand;
    // Straight is 180. The finger's bending joints (thumb MCP and IP; PIP and DIP of the other
    // four) of an open hand measure 150 or more; a curled finger's PIP is under 120.
    const straightJoints = ['thumbMcp', 'thumbIp', 'indexPip', 'indexDip', 'middlePip', 'middleDip', 'ringPip', 'ringDip', 'pinkyPip', 'pinkyDip'];
    for (const name of straightJoints) {
      const index = (HAND_ANGLE_NAMES as readonly string[]).indexOf(name);
      expect(index, name).toBeGreaterThanOrEqual(0);
      expect(values[index], name).toBeGreaterThan(150);
    }
  });
});

describe('tracker on an empty frame', () => {
  it('finds no body and no hand (hand presence stays under 0.5)', async () => {
    const blank = { data: new Uint8Array(640 * 480 * 3).fill(128), width: 640, height: 480, channels: 3 as const };
    const out = createLandmarkFrame();
    await tracker.trackStill(blank, out);
    expect(Array.from(out.present)).toEqual([0, 0, 0]);
  });
});

describe('tensors', () => {
  it('does not leak tensors over many frames', async () => {
    const image = await decodeImageFile(join(images, 'messi5.jpg'));
    const pixels = rgbPixels(image);
    const out = createLandmarkFrame();
    tracker.reset();
    try {
      for (let i = 0; i < 5; i++) await tracker.track(pixels, i * 33, out);
      const before = tf.memory().numTensors;
      for (let i = 5; i < 60; i++) await tracker.track(pixels, i * 33, out);
      expect(tf.memory().numTensors).toBe(before);
      expect(tracker.detectorRuns).toBeGreaterThan(0);
    } finally {
      tracker.reset();
    }
  });

  it('reruns the pose detector only when tracking is lost', async () => {
    const image = await decodeImageFile(join(images, 'messi5.jpg'));
    const pixels = rgbPixels(image);
    const out = createLandmarkFrame();
    tracker.reset();
    const runs = tracker.detectorRuns;
    try {
      for (let i = 0; i < 10; i++) await tracker.track(pixels, i * 33, out);
      expect(out.present[Part.pose]).toBe(1);
      expect(tracker.detectorRuns - runs).toBe(1);
    } finally {
      tracker.reset();
    }
  });
});
