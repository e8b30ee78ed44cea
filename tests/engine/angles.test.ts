import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAngleFrame } from '../../engine/src/angles/compute_angle_frame.ts';
import { computeAngleFrameInJs } from '../../engine/src/angles/compute_angle_frame_in_js.ts';
import { HAND_ANGLE_NAMES, HAND_ANGLE_TRIPLETS } from '../../engine/src/angles/hand_angle_definitions.ts';
import { POSE_ANGLE_TRIPLETS } from '../../engine/src/angles/pose_angle_definitions.ts';
import { jointAngle } from '../../engine/src/angles/joint_angle.ts';
import { createAngleFrame } from '../../engine/src/core/angle_frame.ts';
import { createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, POINT_STRIDE, PosePoint, POSE_POINT_COUNT } from '../../engine/src/core/landmark_layout.ts';

const coordinate = fc.double({ min: -1000, max: 1000, noNaN: true });
const point = fc.tuple(coordinate, coordinate);
/** Three points whose segments are long enough for the angle to be well defined in float64. */
const triangle = fc.tuple(point, point, point).filter(([a, b, c]) => Math.hypot(a[0] - b[0], a[1] - b[1]) > 1e-3 && Math.hypot(c[0] - b[0], c[1] - b[1]) > 1e-3);
const angleOf = ([a, b, c]: [number, number][]) => jointAngle(a![0], a![1], b![0], b![1], c![0], c![1]);

describe('jointAngle', () => {
  it('is 90 for a right angle, 180 for a straight line, 0 for a folded one', () => {
    expect(jointAngle(1, 0, 0, 0, 0, 1)).toBeCloseTo(90, 10);
    expect(jointAngle(-1, 0, 0, 0, 3, 0)).toBeCloseTo(180, 10);
    expect(jointAngle(1, 0, 0, 0, 2, 0)).toBeCloseTo(0, 10);
  });

  it('is 180 for any collinear points with B between A and C', () => {
    fc.assert(
      fc.property(point, point, fc.double({ min: 0.01, max: 0.99, noNaN: true }), (a, c, t) => {
        fc.pre(Math.hypot(a[0] - c[0], a[1] - c[1]) > 1e-2);
        const b: [number, number] = [a[0] + (c[0] - a[0]) * t, a[1] + (c[1] - a[1]) * t];
        expect(angleOf([a, b, c])).toBeCloseTo(180, 4);
      }),
    );
  });

  it('is invariant under translation, rotation and uniform scale', () => {
    fc.assert(
      fc.property(triangle, coordinate, coordinate, fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.double({ min: 0.01, max: 100, noNaN: true }), (tri, dx, dy, theta, scale) => {
        const cos = Math.cos(theta);
        const sin = Math.sin(theta);
        const moved = tri.map(([x, y]) => [scale * (cos * x - sin * y) + dx, scale * (sin * x + cos * y) + dy] as [number, number]);
        expect(angleOf(moved)).toBeCloseTo(angleOf(tri), 4);
      }),
    );
  });

  it('is unchanged under mirroring', () => {
    fc.assert(
      fc.property(triangle, (tri) => {
        expect(angleOf(tri.map(([x, y]) => [-x, y] as [number, number]))).toBeCloseTo(angleOf(tri), 6);
      }),
    );
  });

  it('stays within 0..180', () => {
    fc.assert(
      fc.property(triangle, (tri) => {
        const angle = angleOf(tri);
        expect(angle).toBeGreaterThanOrEqual(0);
        expect(angle).toBeLessThanOrEqual(180);
      }),
    );
  });

  it('returns -1, not NaN, for a zero-length segment', () => {
    expect(jointAngle(0, 0, 0, 0, 1, 1)).toBe(-1);
    expect(jointAngle(1, 1, 2, 2, 2, 2)).toBe(-1);
  });
});

/** A random but plausible frame: points spread over the middle of the image, all confident. */
const frameArbitrary = fc.record({
  pose: fc.array(fc.double({ min: 0.2, max: 0.8, noNaN: true }), { minLength: POSE_POINT_COUNT * 2, maxLength: POSE_POINT_COUNT * 2 }),
  hand: fc.array(fc.double({ min: 0.3, max: 0.7, noNaN: true }), { minLength: HAND_POINT_COUNT * 2, maxLength: HAND_POINT_COUNT * 2 }),
});

function fillFrame(values: { pose: number[]; hand: number[] }, transform: (x: number, y: number) => [number, number], width: number, height: number): LandmarkFrame {
  const frame = createLandmarkFrame(width, height);
  const put = (target: Float32Array, xy: number[], count: number) => {
    for (let i = 0; i < count; i++) {
      // Transforms act on pixels (square), then go back to normalised coordinates.
      const [px, py] = transform(xy[i * 2]! * width, xy[i * 2 + 1]! * height);
      target[i * POINT_STRIDE] = px / width;
      target[i * POINT_STRIDE + 1] = py / height;
      target[i * POINT_STRIDE + 3] = 1;
    }
  };
  put(frame.pose, values.pose, POSE_POINT_COUNT);
  put(frame.leftHand, values.hand, HAND_POINT_COUNT);
  put(frame.rightHand, values.hand, HAND_POINT_COUNT);
  frame.present.fill(1);
  return frame;
}

// Every property holds on both paths: the WebAssembly angle kernel (the default where the runtime
// has it) and the JavaScript one (its fallback).
for (const [path, compute] of [
  ['the angle kernel', computeAngleFrame],
  ['the JavaScript path', computeAngleFrameInJs],
] as const) {
  function anglesOf(frame: LandmarkFrame) {
    const out = createAngleFrame();
    compute(frame, out);
    return out;
  }

  describe(`computeAngleFrame, ${path}`, () => {
    it('gives the same angles after translating, rotating and scaling the whole body in the image', () => {
      fc.assert(
        fc.property(frameArbitrary, fc.double({ min: -0.5, max: 0.5, noNaN: true }), fc.double({ min: 0.7, max: 1.3, noNaN: true }), (values, theta, scale) => {
          const width = 1280;
          const height = 960;
          const cx = width / 2;
          const cy = height / 2;
          const original = anglesOf(fillFrame(values, (x, y) => [x, y], width, height));
          const moved = anglesOf(
            fillFrame(values, (x, y) => [cx + 13 + scale * (Math.cos(theta) * (x - cx) - Math.sin(theta) * (y - cy)), cy - 7 + scale * (Math.sin(theta) * (x - cx) + Math.cos(theta) * (y - cy))], width, height),
          );
          expect(Array.from(moved.present)).toEqual(Array.from(original.present));
          for (const part of ['pose', 'leftHand', 'rightHand'] as const) {
            // Float32 storage of normalised coordinates limits precision to about 1e-3 degrees.
            original[part].forEach((angle, j) => expect(moved[part][j]).toBeCloseTo(angle, 1));
          }
        }),
        { numRuns: 50 },
      );
    });

    it('computes every angle of the triplet tables: jointAngle(a, b, c) on the pixels of the angle frame', () => {
      fc.assert(
        fc.property(frameArbitrary, fc.constantFrom([1280, 720], [640, 480], [480, 640], [0, 0]), (values, [width, height]) => {
          const frame = fillFrame(values, (x, y) => [x, y], width || 1280, height || 720);
          frame.imageWidth = width!;
          frame.imageHeight = height!;
          const angles = anglesOf(frame);
          // Unknown size (0 x 0): product.md §9 Constants' 1280x720.
          const pixelHeight = width ? (1280 * height!) / width : 720;
          const expected = (points: Float32Array, triplets: Int8Array, j: number) => {
            const [a, b, c] = [triplets[3 * j]!, triplets[3 * j + 1]!, triplets[3 * j + 2]!].map((p) => [points[p * POINT_STRIDE]! * 1280, points[p * POINT_STRIDE + 1]! * pixelHeight]);
            return jointAngle(a![0]!, a![1]!, b![0]!, b![1]!, c![0]!, c![1]!);
          };
          // Random points can coincide (a degenerate joint: the part is missing, tested below).
          fc.pre(angles.present.every((present) => present === 1));
          for (let j = 0; j < 4; j++) expect(angles.pose[j]).toBeCloseTo(expected(frame.pose, POSE_ANGLE_TRIPLETS, j), 3);
          for (let j = 0; j < 16; j++) {
            expect(angles.leftHand[j]).toBeCloseTo(expected(frame.leftHand, HAND_ANGLE_TRIPLETS, j), 3);
            expect(angles.rightHand[j]).toBeCloseTo(expected(frame.rightHand, HAND_ANGLE_TRIPLETS, j), 3);
          }
        }),
        { numRuns: 100 },
      );
    });

    it('gives the same angles for the mirrored image (x -> 1 - x)', () => {
      fc.assert(
        fc.property(frameArbitrary, (values) => {
          const original = anglesOf(fillFrame(values, (x, y) => [x, y], 1280, 720));
          const mirrored = anglesOf(fillFrame(values, (x, y) => [1280 - x, y], 1280, 720));
          for (const part of ['pose', 'leftHand', 'rightHand'] as const) {
            original[part].forEach((angle, j) => expect(mirrored[part][j]).toBeCloseTo(angle, 1));
          }
        }),
        { numRuns: 50 },
      );
    });

    it('flips the hand orientation under mirroring: direction x and palm facing change sign', () => {
      fc.assert(
        fc.property(frameArbitrary, (values) => {
          const original = anglesOf(fillFrame(values, (x, y) => [x, y], 1280, 720));
          const mirrored = anglesOf(fillFrame(values, (x, y) => [1280 - x, y], 1280, 720));
          fc.pre(original.present[Part.rightHand] === 1);
          expect(mirrored.rightHandOrientation[0]).toBeCloseTo(-original.rightHandOrientation[0]!, 3);
          expect(mirrored.rightHandOrientation[1]).toBeCloseTo(original.rightHandOrientation[1]!, 3);
          expect(mirrored.rightHandOrientation[2]).toBeCloseTo(-original.rightHandOrientation[2]!, 3);
        }),
        { numRuns: 50 },
      );
    });

    it('measures true angles on square pixels whatever the aspect ratio', () => {
      // Elbow at 90 degrees in pixels of a 4:3 frame: shoulder left of the elbow, wrist above it.
      const frame = createLandmarkFrame(640, 480);
      const set = (i: number, xPixels: number, yPixels: number) => {
        frame.pose[i * 4] = xPixels / 640;
        frame.pose[i * 4 + 1] = yPixels / 480;
        frame.pose[i * 4 + 3] = 0.9;
      };
      for (let i = 0; i < POSE_POINT_COUNT; i++) set(i, 320, 240);
      set(PosePoint.leftShoulder, 200, 200);
      set(PosePoint.leftElbow, 300, 200);
      set(PosePoint.leftWrist, 300, 100);
      set(PosePoint.leftHip, 200, 400);
      set(PosePoint.rightShoulder, 400, 200);
      set(PosePoint.rightElbow, 500, 200);
      set(PosePoint.rightWrist, 600, 200);
      set(PosePoint.rightHip, 400, 400);
      frame.present[Part.pose] = 1;
      const angles = anglesOf(frame);
      expect(angles.present[Part.pose]).toBe(1);
      expect(angles.pose[0]).toBeCloseTo(90, 3); // leftShoulderElbowWrist
      expect(angles.pose[1]).toBeCloseTo(180, 3); // rightShoulderElbowWrist, arm straight
      expect(angles.pose[2]).toBeCloseTo(90, 3); // leftHipShoulderElbow, arm held out sideways
      expect(angles.pose[3]).toBeCloseTo(90, 3);
    });

    it('marks a part missing when one of its points is below 0.5 confidence, or NaN, and never writes NaN', () => {
      fc.assert(
        fc.property(frameArbitrary, fc.integer({ min: 0, max: HAND_POINT_COUNT - 1 }), fc.constantFrom(0.49, 0, Number.NaN), (values, index, score) => {
          const frame = fillFrame(values, (x, y) => [x, y], 1280, 720);
          frame.rightHand[index * POINT_STRIDE + 3] = score;
          const angles = anglesOf(frame);
          expect(angles.present[Part.rightHand]).toBe(0);
          for (const part of ['pose', 'leftHand', 'rightHand'] as const) {
            expect(Array.from(angles[part]).some(Number.isNaN)).toBe(false);
          }
        }),
        { numRuns: 50 },
      );
    });

    it('keeps a part missing when the tracker did not find it, even with stale numbers in its array', () => {
      const frame = fillFrame({ pose: Array(66).fill(0.5).map((v, i) => v + i * 0.001), hand: Array(42).fill(0.4).map((v, i) => v + (i % 7) * 0.01 + i * 0.002) }, (x, y) => [x, y], 1280, 720);
      frame.present[Part.leftHand] = 0;
      const angles = anglesOf(frame);
      expect(angles.present[Part.leftHand]).toBe(0);
      expect(angles.present[Part.rightHand]).toBe(1);
    });

    it('treats coincident points (a degenerate joint) as a missing part, not NaN', () => {
      const frame = fillFrame({ pose: Array(66).fill(0.5).map((v, i) => v + i * 0.001), hand: Array(42).fill(0.4).map((v, i) => v + i * 0.003) }, (x, y) => [x, y], 1280, 720);
      // index PIP on top of index MCP
      frame.rightHand[6 * POINT_STRIDE] = frame.rightHand[5 * POINT_STRIDE]!;
      frame.rightHand[6 * POINT_STRIDE + 1] = frame.rightHand[5 * POINT_STRIDE + 1]!;
      expect(anglesOf(frame).present[Part.rightHand]).toBe(0);
    });

    it('reads a straight finger as 180 at every joint', () => {
      const frame = createLandmarkFrame(1280, 720);
      // A hand pointing up: wrist at the bottom, every finger a vertical line, thumb out to the side.
      const set = (i: number, x: number, y: number) => {
        frame.rightHand[i * 4] = x;
        frame.rightHand[i * 4 + 1] = y;
        frame.rightHand[i * 4 + 3] = 1;
      };
      set(0, 0.5, 0.9);
      [0.44, 0.48, 0.52, 0.56].forEach((x, f) => {
        for (let k = 0; k < 4; k++) set(5 + f * 4 + k, x, 0.7 - k * 0.05);
      });
      for (let k = 0; k < 4; k++) set(1 + k, 0.46 - (k + 1) * 0.03, 0.85 - (k + 1) * 0.03);
      frame.present[Part.rightHand] = 1;
      const angles = anglesOf(frame);
      expect(angles.present[Part.rightHand]).toBe(1);
      for (const name of ['indexPip', 'indexDip', 'middlePip', 'middleDip', 'ringPip', 'ringDip', 'pinkyPip', 'pinkyDip', 'thumbMcp', 'thumbIp'] as const) {
        expect(angles.rightHand[HAND_ANGLE_NAMES.indexOf(name)]).toBeCloseTo(180, 2);
      }
    });
  });
}

describe('angleFromCrossDot (the polynomial arctangent behind jointAngle)', () => {
  it('stays within 1e-4 degrees of Math.atan2 everywhere, including the axes and the reduction boundaries', async () => {
    const { angleFromCrossDot } = await import('../../engine/src/angles/angle_from_cross_dot.ts');
    const exact = (y: number, x: number) => (Math.atan2(y, x) * 180) / Math.PI;
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), (y, x) => {
        fc.pre(y > 0 || x !== 0);
        expect(Math.abs(angleFromCrossDot(y, x) - exact(y, x))).toBeLessThan(1e-4);
      }),
      { numRuns: 5000 },
    );
    // The whole finite range, subnormals and near-overflow included (CI once drew [5e-324, 1e-323]).
    fc.assert(
      fc.property(fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true }), (y, x) => {
        fc.pre(y > 0 || x !== 0);
        expect(Math.abs(angleFromCrossDot(y, x) - exact(y, x))).toBeLessThan(1e-4);
      }),
      { numRuns: 5000 },
    );
    const subnormal = Number.MIN_VALUE;
    for (const [y, x] of [[0, 1], [0, -1], [1, 0], [Math.tan(Math.PI / 8), 1], [Math.tan((3 * Math.PI) / 8), 1], [1, 1], [1, -1], [1e-300, 1], [1, 1e-300],
      [subnormal, 2 * subnormal], [subnormal, -2 * subnormal], [5 * subnormal, 2 * subnormal], [2 * subnormal, subnormal], [Number.MAX_VALUE, Number.MAX_VALUE], [Number.MAX_VALUE, -Number.MAX_VALUE / 3], [Number.MAX_VALUE, subnormal]]) {
      expect(Math.abs(angleFromCrossDot(y!, x!) - exact(y!, x!))).toBeLessThan(1e-4);
    }
  });
});
