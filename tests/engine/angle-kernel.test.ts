import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANGLE_KERNEL_MODULE_PATH, ANGLE_KERNEL_WAT_PATH, buildAngleKernel } from '../../engine/scripts/build_angle_kernel.ts';
import { computeAngleFrame } from '../../engine/src/angles/compute_angle_frame.ts';
import { computeAngleFrameInJs } from '../../engine/src/angles/compute_angle_frame_in_js.ts';
import { angleKernel } from '../../engine/src/angles/kernel/angle_kernel.ts';
import { ANGLE_FRAME_LAYOUT, createAngleFrame, type AngleFrame } from '../../engine/src/core/angle_frame.ts';
import { createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, PART_COUNT, POINT_STRIDE, POSE_POINT_COUNT } from '../../engine/src/core/landmark_layout.ts';
import { alphabetFrameToLandmarks } from '../../engine/src/recordings/alphabet_frame_to_landmarks.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';

/** The kernel computes in float32, the JavaScript path in float64 (computeAngleFrame's promise). */
const AGREEMENT_DEG = 1e-4;
const GRID = 2 ** 20;

/** Largest angle difference over the parts both paths found; fails if they disagree on presence. */
function compareFrames(kernel: AngleFrame, js: AngleFrame, where: string): number {
  expect(Array.from(kernel.present), `${where}: parts present`).toEqual(Array.from(js.present));
  let worst = 0;
  const ranges = [
    [Part.pose, ANGLE_FRAME_LAYOUT.pose, ANGLE_FRAME_LAYOUT.leftHand],
    [Part.leftHand, ANGLE_FRAME_LAYOUT.leftHand, ANGLE_FRAME_LAYOUT.rightHand],
    [Part.rightHand, ANGLE_FRAME_LAYOUT.rightHand, ANGLE_FRAME_LAYOUT.angleCount],
  ] as const;
  for (const [part, start, end] of ranges) {
    if (js.present[part] !== 1) continue;
    for (let j = start; j < end; j++) worst = Math.max(worst, Math.abs(kernel.values[j]! - js.values[j]!));
  }
  for (const orientation of ['leftHandOrientation', 'rightHandOrientation'] as const) {
    expect(Array.from(kernel[orientation]), `${where}: ${orientation}`).toEqual(Array.from(js[orientation]));
  }
  return worst;
}

function bothPaths(landmarks: LandmarkFrame): { kernel: AngleFrame; js: AngleFrame } {
  const kernel = createAngleFrame();
  const js = createAngleFrame();
  computeAngleFrame(landmarks, kernel);
  computeAngleFrameInJs(landmarks, js);
  return { kernel, js };
}

describe('the angle kernel (WebAssembly SIMD)', () => {
  it('is the compiled form of the generator and the angle definitions: the committed files are up to date', async () => {
    const built = await buildAngleKernel();
    expect(await readFile(ANGLE_KERNEL_WAT_PATH, 'utf8'), 'run npm run build:angle-kernel').toBe(built.wat);
    expect(await readFile(ANGLE_KERNEL_MODULE_PATH, 'utf8'), 'run npm run build:angle-kernel').toBe(built.module);
  });

  it('runs here: Node has WebAssembly SIMD, so computeAngleFrame takes the kernel path', () => {
    expect(angleKernel()).not.toBeNull();
  });

  it('agrees with the JavaScript path on every frame of the 26 recorded letters', async () => {
    const recordings = await loadAlphabetFolder(ALPHABET_DIR);
    const landmarks = createLandmarkFrame();
    let frames = 0;
    let worst = 0;
    for (const [letter, recording] of recordings) {
      recording.frames.forEach((frame, i) => {
        alphabetFrameToLandmarks(frame, i * 33, landmarks);
        const { kernel, js } = bothPaths(landmarks);
        worst = Math.max(worst, compareFrames(kernel, js, `${letter} frame ${i}`));
        frames++;
      });
    }
    expect(frames).toBeGreaterThan(1000);
    expect(worst).toBeLessThan(AGREEMENT_DEG);
  });

  it('agrees with the JavaScript path on random frames: any aspect ratio, low or NaN scores, parts absent, points on top of each other', () => {
    const part = (count: number) =>
      fc.record({
        // Normalised coordinates on a grid of 2^-20 of the image, finer than any camera's pixels.
        // (Segments under about 1e-20 of the image, which no tracker produces, underflow in the
        // kernel's float32 products: it reports such a part missing where float64 does not.)
        xy: fc.array(fc.integer({ min: 0, max: GRID }).map((k) => k / GRID), { minLength: count * 2, maxLength: count * 2 }),
        scores: fc.array(fc.constantFrom(1, 1, 1, 0.9, 0.5, 0.49, 0, Number.NaN), { minLength: count, maxLength: count }),
        /** Put point a on point b (a degenerate joint), or not. */
        collapse: fc.option(fc.tuple(fc.nat(count - 1), fc.nat(count - 1)), { nil: undefined }),
        present: fc.boolean(),
      });
    fc.assert(
      fc.property(
        fc.tuple(part(POSE_POINT_COUNT), part(HAND_POINT_COUNT), part(HAND_POINT_COUNT)),
        fc.constantFrom([1280, 720], [640, 480], [720, 1280], [1920, 1080]),
        fc.boolean(),
        (parts, [width, height], confident) => {
          const landmarks = createLandmarkFrame(width, height);
          [landmarks.pose, landmarks.leftHand, landmarks.rightHand].forEach((target, p) => {
            const spec = parts[p]!;
            const count = target.length / POINT_STRIDE;
            for (let i = 0; i < count; i++) {
              target[i * POINT_STRIDE] = spec.xy[2 * i]!;
              target[i * POINT_STRIDE + 1] = spec.xy[2 * i + 1]!;
              // Mostly confident frames, so that the angles themselves get compared often.
              target[i * POINT_STRIDE + 3] = confident ? 1 : spec.scores[i]!;
            }
            if (spec.collapse) {
              const [a, b] = spec.collapse;
              target[a * POINT_STRIDE] = target[b * POINT_STRIDE]!;
              target[a * POINT_STRIDE + 1] = target[b * POINT_STRIDE + 1]!;
            }
            landmarks.present[p] = spec.present ? 1 : 0;
          });
          const { kernel, js } = bothPaths(landmarks);
          expect(compareFrames(kernel, js, 'random frame')).toBeLessThan(AGREEMENT_DEG);
          expect(kernel.values.some(Number.isNaN), 'no NaN in the kernel path').toBe(false);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('writes zeros, not NaN and not stale numbers, for a part that is absent or missing', () => {
    const landmarks = createLandmarkFrame();
    for (let p = 0; p < PART_COUNT; p++) landmarks.present[p] = 0;
    const out = createAngleFrame();
    out.values.fill(123);
    computeAngleFrame(landmarks, out);
    expect(Array.from(out.present)).toEqual([0, 0, 0]);
    expect(Array.from(out.values.subarray(0, ANGLE_FRAME_LAYOUT.angleCount)).every((v) => v === 0)).toBe(true);
  });
});
