// Our tracker (Node, WASM) against MediaPipe's own landmarks on the same images, stored in
// data/photographs/mediapipe/ (bench/accuracy/record-references.ts says how they were made):
// the upper-body stills against MediaPipe Holistic (a pose exactly when it finds one; the joints
// it sees within 10% of its shoulder width, median, none beyond 25%), and the hand photograph
// against MediaPipe Hands (hand points within 5% of its hand size, median). The bench's accuracy
// stage (`npm run bench -- --only accuracy`) measures the same and the engine's angles on more
// material, in video mode too, and in Chromium.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareFrame, type FrameComparison, type LandmarkSet } from '../../bench/accuracy/compare_landmarks.ts';
import { ACCURACY_STILLS, REFERENCES_DIR } from '../../bench/accuracy/material.ts';
import { toLandmarkSet } from '../../bench/accuracy/run_accuracy.ts';
import type { StoredReference } from '../../bench/accuracy/record-references.ts';
import { TARGETS, spread } from '../../bench/accuracy/summarize.ts';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, POINT_STRIDE, POSE_POINT_COUNT } from '../../engine/src/core/landmark_layout.ts';
import type { LandmarkTracker } from '../../engine/src/tracker/landmark_tracker.ts';
import { decodeImageFile } from '../../engine/src/tracker/node/node_image.ts';
import { createNodeTracker, rgbPixels } from '../../engine/src/tracker/node/node_tracker.ts';

const root = join(import.meta.dirname, '..', '..');
const stills = ACCURACY_STILLS.filter((s) => s.framing === 'upper body');
const handStill = ACCURACY_STILLS.find((s) => s.framing === 'hand')!;

let tracker: LandmarkTracker;

beforeAll(async () => {
  tracker = (await createNodeTracker({ smoothing: false })).tracker;
}, 120_000);

afterAll(() => {
  tracker?.dispose();
});

function loadReference(name: string): StoredReference {
  return JSON.parse(readFileSync(join(root, REFERENCES_DIR, `${name}.json`), 'utf8')) as StoredReference;
}

async function compareStill(file: string, reference: StoredReference): Promise<FrameComparison> {
  const image = await decodeImageFile(join(root, file));
  const out = createLandmarkFrame(image.width, image.height);
  await tracker.trackStill(rgbPixels(image), out);
  const part = (p: number, points: Float32Array, count: number) => (out.present[p] ? points.subarray(0, count * POINT_STRIDE) : null);
  const ours: LandmarkSet = {
    width: image.width,
    height: image.height,
    pose: part(Part.pose, out.pose, POSE_POINT_COUNT),
    leftHand: part(Part.leftHand, out.leftHand, HAND_POINT_COUNT),
    rightHand: part(Part.rightHand, out.rightHand, HAND_POINT_COUNT),
  };
  return compareFrame(ours, toLandmarkSet(reference, { ...reference.landmarks, ms: 0 }));
}

describe('the stored MediaPipe references', () => {
  it('cover at least two upper-body stills, each with a pose', () => {
    expect(stills.filter((s) => loadReference(s.name).landmarks.pose !== null).length).toBeGreaterThanOrEqual(2);
  });
});

for (const still of stills) {
  describe(`${still.name} (${still.file}) against MediaPipe Holistic`, () => {
    const reference = loadReference(still.name);
    let comparison: FrameComparison;

    beforeAll(async () => {
      comparison = await compareStill(still.file, reference);
    }, 120_000);

    it('is the image the reference was recorded on (SHA-256)', () => {
      expect(createHash('sha256').update(readFileSync(join(root, still.file))).digest('hex')).toBe(reference.sha256);
    });

    it('finds a pose exactly when MediaPipe does', () => {
      expect(comparison.found.ours.pose).toBe(comparison.found.reference.pose);
    });

    if (reference.landmarks.pose === null) return;

    it(`puts the joints MediaPipe sees within ${100 * TARGETS.poseMedian}% of its shoulder width (median), none beyond ${100 * TARGETS.poseMax}%`, () => {
      const errors = comparison.pose!.errors;
      expect(errors.length).toBeGreaterThanOrEqual(6);
      const worst = errors.reduce((a, b) => (b.error > a.error ? b : a));
      expect(spread(errors.map((e) => e.error)).median).toBeLessThanOrEqual(TARGETS.poseMedian);
      expect(worst.error, `${worst.name}`).toBeLessThanOrEqual(TARGETS.poseMax);
    });

  });
}

describe(`${handStill.name} (${handStill.file}) against MediaPipe Hands`, () => {
  const reference = loadReference(handStill.name);
  let comparison: FrameComparison;

  beforeAll(async () => {
    comparison = await compareStill(handStill.file, reference);
  }, 120_000);

  it('is the image the reference was recorded on (SHA-256)', () => {
    expect(createHash('sha256').update(readFileSync(join(root, handStill.file))).digest('hex')).toBe(reference.sha256);
  });

  it('finds the hand MediaPipe finds, on the same side, and no other', () => {
    expect(reference.landmarks.hands?.length).toBe(1);
    expect(comparison.handsMissed).toEqual([]);
    expect(comparison.handsInvented).toEqual([]);
    expect(comparison.hands).toHaveLength(1);
  });

  it(`puts its 21 points within ${100 * TARGETS.handMedian}% of MediaPipe's hand size (median)`, () => {
    expect(spread(comparison.hands[0]!.errors).median).toBeLessThanOrEqual(TARGETS.handMedian);
  });
});
