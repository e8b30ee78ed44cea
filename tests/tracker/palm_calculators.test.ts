// The palm detector's graph steps (calculators/), each against MediaPipe's configuration or a
// synthetic model output whose answer is worked out by hand.
import { describe, expect, it } from 'vitest';
import { createDetections } from '../../engine/src/tracker/calculators/detections.ts';
import { detectionProjection } from '../../engine/src/tracker/calculators/detection_projection.ts';
import { detectionToRect } from '../../engine/src/tracker/calculators/detection_to_rect.ts';
import { ANCHOR_STRIDE, ssdAnchors } from '../../engine/src/tracker/calculators/ssd_anchors.ts';
import { tensorsToDetections } from '../../engine/src/tracker/calculators/tensors_to_detections.ts';
import { transformRect } from '../../engine/src/tracker/calculators/transform_rect.ts';
import { weightedNonMaxSuppression } from '../../engine/src/tracker/calculators/weighted_non_max_suppression.ts';
import {
  PALM_ANCHOR_OPTIONS,
  PALM_DECODE_OPTIONS,
  PALM_OUTPUT_STRIDE,
  PALM_ROTATION_KEYPOINTS,
  PALM_TO_HAND_RECT_TRANSFORM,
} from '../../engine/src/tracker/constants.ts';
import { createNormalizedRect } from '../../engine/src/tracker/types.ts';

const anchor = (anchors: Float32Array, i: number) => Array.from(anchors.subarray(i * ANCHOR_STRIDE, (i + 1) * ANCHOR_STRIDE));

describe('ssd anchors (palm detection graph: 5 layers, strides 8 16 32 32 32, 256x256)', () => {
  const anchors = ssdAnchors(PALM_ANCHOR_OPTIONS);

  it('makes the 2944 anchors the model outputs (32x32x2 + 16x16x2 + 8x8x6)', () => {
    expect(anchors.length / ANCHOR_STRIDE).toBe(PALM_DECODE_OPTIONS.numBoxes);
    expect(anchors.length / ANCHOR_STRIDE).toBe(32 * 32 * 2 + 16 * 16 * 2 + 8 * 8 * 6);
  });

  it('puts the first and last anchors at the first and last cell centres, size 1 (fixed_anchor_size)', () => {
    expect(anchor(anchors, 0)).toEqual([0.5 / 32, 0.5 / 32, 1, 1]);
    expect(anchor(anchors, 1)).toEqual([0.5 / 32, 0.5 / 32, 1, 1]); // two anchors per cell
    expect(anchor(anchors, 2)).toEqual([1.5 / 32, 0.5 / 32, 1, 1]); // next cell along x
    expect(anchor(anchors, 2 * 32)).toEqual([0.5 / 32, 1.5 / 32, 1, 1]); // next row
    expect(anchor(anchors, 2047)).toEqual([31.5 / 32, 31.5 / 32, 1, 1]);
    expect(anchor(anchors, 2048)).toEqual([0.5 / 16, 0.5 / 16, 1, 1]); // stride 16 starts
    expect(anchor(anchors, 2560)).toEqual([0.5 / 8, 0.5 / 8, 1, 1]); // the three stride-32 layers, 6 per cell
    expect(anchor(anchors, 2565)).toEqual([0.5 / 8, 0.5 / 8, 1, 1]);
    expect(anchor(anchors, 2566)).toEqual([1.5 / 8, 0.5 / 8, 1, 1]);
    expect(anchor(anchors, 2943)).toEqual([7.5 / 8, 7.5 / 8, 1, 1]);
  });

  it('sizes anchors by layer scale when they are not fixed (min 0.1171875 at layer 0)', () => {
    const sized = ssdAnchors({ ...PALM_ANCHOR_OPTIONS, fixedAnchorSize: false });
    expect(sized[2]).toBeCloseTo(0.1171875, 6);
    // The interpolated anchor: sqrt(scale(0) * scale(1)), scale(1) = 0.1171875 + (0.75 - 0.1171875) / 4.
    expect(sized[ANCHOR_STRIDE + 2]).toBeCloseTo(Math.sqrt(0.1171875 * (0.1171875 + (0.75 - 0.1171875) / 4)), 6);
  });
});

describe('palm output decoding and weighted non-maximum suppression (synthetic output)', () => {
  const anchors = ssdAnchors(PALM_ANCHOR_OPTIONS);
  const raw = new Float32Array(PALM_DECODE_OPTIONS.numBoxes * PALM_OUTPUT_STRIDE).fill(-10);
  const logit = (p: number) => Math.log(p / (1 - p));
  /** Anchor i gets score p and a box offset (pixels of the 256 input) and size, keypoint k at +k px. */
  function setAnchor(i: number, p: number, dx: number, dy: number, w: number, h: number): void {
    const base = i * PALM_OUTPUT_STRIDE;
    raw[base] = logit(p);
    raw.set([dx, dy, w, h], base + 1);
    for (let k = 0; k < 7; k++) raw.set([dx + k, dy - k], base + 5 + 2 * k);
  }
  // Two neighbouring anchors of the stride-8 map on one palm, a third palm far off, one under 0.7 (the threshold).
  const cellA = 2 * (10 * 32 + 10); // cell (10, 10): centre (10.5 / 32, 10.5 / 32)
  const cellB = 2 * (10 * 32 + 11);
  const far = 2560 + 6 * (6 * 8 + 6); // stride-32 cell (6, 6): centre (6.5 / 8, 6.5 / 8)
  const weak = 2 * (30 * 32 + 2);
  setAnchor(cellA, 0.9, 4, 0, 64, 64);
  setAnchor(cellB + 1, 0.8, -4, 0, 64, 64); // same box centre as A's, 8 px apart before the offsets
  setAnchor(far, 0.75, 0, 0, 40, 40);
  setAnchor(weak, 0.65, 0, 0, 50, 50);
  const candidates = createDetections(PALM_DECODE_OPTIONS.numBoxes, 7);
  tensorsToDetections(raw, { stride: PALM_OUTPUT_STRIDE, scoreIndex: 0, coordsIndex: 1 }, anchors, PALM_DECODE_OPTIONS, candidates);

  it('keeps the anchors scoring 0.7 or more, boxes centred on anchor + offset / 256', () => {
    expect(candidates.count).toBe(3);
    const first = Array.from(candidates.box.subarray(0, 4));
    const cx = 10.5 / 32 + 4 / 256;
    const cy = 10.5 / 32;
    expect(first[0]).toBeCloseTo(cx - 32 / 256, 6);
    expect(first[1]).toBeCloseTo(cy - 32 / 256, 6);
    expect(first[2]).toBeCloseTo(cx + 32 / 256, 6);
    expect(first[3]).toBeCloseTo(cy + 32 / 256, 6);
    expect(candidates.score[0]).toBeCloseTo(0.9, 5);
    // Keypoint 3: x + 3 px, y - 3 px from the box offset.
    expect(candidates.keypoints[6]).toBeCloseTo(10.5 / 32 + 7 / 256, 6);
    expect(candidates.keypoints[7]).toBeCloseTo(10.5 / 32 - 3 / 256, 6);
  });

  it('merges overlapping palms into a score-weighted one and keeps the far palm apart, best first', () => {
    const order = new Int32Array(candidates.count);
    const palms = createDetections(2, 7);
    weightedNonMaxSuppression(candidates, 0.3, 2, order, palms);
    expect(palms.count).toBe(2);
    expect(palms.score[0]).toBeCloseTo(0.9, 5);
    expect(palms.score[1]).toBeCloseTo(0.75, 5);
    // A's and B's box centres are the same x (10.5/32 + 4/256 = 11.5/32 - 4/256): the merged
    // box is that box; their keypoint 1 differs (A: +5 px, B: -3 px), weighted 0.9 : 0.8.
    expect((palms.box[0]! + palms.box[2]!) / 2).toBeCloseTo(10.5 / 32 + 4 / 256, 6);
    const kA = 10.5 / 32 + 5 / 256;
    const kB = 11.5 / 32 - 3 / 256;
    expect(palms.keypoints[2]).toBeCloseTo((0.9 * kA + 0.8 * kB) / 1.7, 6);
    expect((palms.box[4]! + palms.box[6]!) / 2).toBeCloseTo(6.5 / 8, 6);
  });

  it('stops at the maximum number of palms', () => {
    const palms = createDetections(1, 7);
    weightedNonMaxSuppression(candidates, 0.3, 1, new Int32Array(candidates.count), palms);
    expect(palms.count).toBe(1);
    expect(palms.score[0]).toBeCloseTo(0.9, 5);
  });
});

describe('palm to hand rect', () => {
  function palmAt(wrist: [number, number], knuckle: [number, number]) {
    const palms = createDetections(1, 7);
    palms.count = 1;
    palms.box.set([0.4, 0.4, 0.6, 0.6]);
    palms.keypoints.set([...wrist, 0, 0, ...knuckle]);
    return palms;
  }
  const { start, end, targetAngle } = PALM_ROTATION_KEYPOINTS;

  it('is upright (rotation 0) when the middle knuckle is straight above the wrist', () => {
    const rect = createNormalizedRect();
    detectionToRect(palmAt([0.5, 0.6], [0.5, 0.4]), 0, start, end, targetAngle, 640, 480, rect);
    expect(rect.xCenter).toBeCloseTo(0.5, 6);
    expect(rect.yCenter).toBeCloseTo(0.5, 6);
    expect(rect.width).toBeCloseTo(0.2, 6);
    expect(rect.rotation).toBeCloseTo(0, 6);
  });

  it('turns by the wrist-to-knuckle angle taken in pixels (fingers to the right: +90 degrees; upside down: 180)', () => {
    const rect = createNormalizedRect();
    detectionToRect(palmAt([0.4, 0.5], [0.6, 0.5]), 0, start, end, targetAngle, 640, 480, rect);
    expect(rect.rotation).toBeCloseTo(Math.PI / 2, 6);
    detectionToRect(palmAt([0.5, 0.4], [0.5, 0.6]), 0, start, end, targetAngle, 640, 480, rect);
    expect(Math.abs(rect.rotation)).toBeCloseTo(Math.PI, 6);
    // 0.1 across and 0.1 up is 64 px by 48 px: the angle in pixels, not the 45 degrees of normalised units.
    detectionToRect(palmAt([0.5, 0.5], [0.6, 0.4]), 0, start, end, targetAngle, 640, 480, rect);
    expect(rect.rotation).toBeCloseTo(Math.PI / 2 - Math.atan2(48, 64), 6);
  });

  it('grows 2.6 times, square, shifted half its height towards the fingers (palm_detection_detection_to_roi)', () => {
    const rect = createNormalizedRect();
    detectionToRect(palmAt([0.4, 0.5], [0.6, 0.5]), 0, start, end, targetAngle, 640, 480, rect);
    transformRect(rect, 640, 480, PALM_TO_HAND_RECT_TRANSFORM);
    // Fingers point right: the shift goes right by half the box's height (0.2 of 480 px = 96 px).
    expect(rect.xCenter * 640).toBeCloseTo(320 + 48, 4);
    expect(rect.yCenter).toBeCloseTo(0.5, 6);
    expect(rect.width * 640).toBeCloseTo(2.6 * 128, 4); // long side 0.2 * 640 px
    expect(rect.height * 480).toBeCloseTo(2.6 * 128, 4);
  });

  it('maps boxes and keypoints off the letterbox of an upright crop (a 312x416 portrait: 12.5% bars each side)', () => {
    const palms = palmAt([0.5, 0.5], [0.25, 0.75]);
    detectionProjection(palms, { xCenter: 0.5, yCenter: 0.5, width: 416 / 312, height: 1, rotation: 0 }, 312, 416);
    // DetectionLetterboxRemoval's (x - 0.125) / 0.75.
    expect(palms.box[0]).toBeCloseTo((0.4 - 0.125) / 0.75, 6);
    expect(palms.box[1]).toBeCloseTo(0.4, 6);
    expect(palms.box[2]).toBeCloseTo((0.6 - 0.125) / 0.75, 6);
    expect(palms.keypoints[4]).toBeCloseTo((0.25 - 0.125) / 0.75, 6);
    expect(palms.keypoints[5]).toBeCloseTo(0.75, 6);
  });

  it('maps a quarter-turned crop back: the crop\'s x axis runs down the frame, the palm rect turns with it', () => {
    // 640x480 frame, the 640 px square crop turned a quarter: crop (u, v) -> frame
    // (0.5 - (v - 0.5) * 640 / 640, 0.5 + (u - 0.5) * 640 / 480).
    const palms = palmAt([0.5, 0.5], [0.5, 0.3]); // upright in the crop: knuckle above the wrist
    palms.box.set([0.4, 0.45, 0.6, 0.5]);
    detectionProjection(palms, { xCenter: 0.5, yCenter: 0.5, width: 1, height: 640 / 480, rotation: Math.PI / 2 }, 640, 480);
    expect(palms.keypoints[4]).toBeCloseTo(0.7, 6); // v 0.3 -> x 0.7
    expect(palms.keypoints[5]).toBeCloseTo(0.5, 6);
    expect(Array.from(palms.box).map((v) => Number(v.toFixed(4)))).toEqual([0.5, Number((0.5 - 0.1 * 640 / 480).toFixed(4)), 0.55, Number((0.5 + 0.1 * 640 / 480).toFixed(4))]);
    const rect = createNormalizedRect();
    detectionToRect(palms, 0, start, end, targetAngle, 640, 480, rect);
    expect(rect.rotation).toBeCloseTo(Math.PI / 2, 6); // fingers to the frame's right
  });
});
