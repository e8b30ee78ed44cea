// The overlapped-frames row of the GPU bundle (bench/gpu-bundle/): one LandmarkTracker on TF.js
// WebGPU with `overlapFrames`, on a clip's JPEG frames, run two ways in alternating blocks of the
// same frames: sequential (`track`: each frame read back before the next is submitted, as without
// the option) and overlapped (frame k submitted, then frame k - 1 collected: the next frame is on
// the GPU while the last is read back, its crops from the landmarks of the frame before). Each
// block starts from a reset tracker (the detector's first frame, no smoothing carried), so both
// ways track exactly the same frames from the same state, and a busy spell or a clock change lands
// on both alike; one tracker, as Dawn's null adapter runs out of memory with two. Prints frames/s
// of each way, their ratio, and how far the overlapped landmarks are from the sequential ones.
// Bundled by esbuild into overlap.mjs beside tracker.mjs; run.sh runs it as one row.
//   node overlap.mjs --adapter hardware|null [--pose full|lite] [--hand full|lite] --clip DIR
//                    [--frames N] [--block N] --out FILE.json [--row NAME]
// No figure from it is claimed anywhere until it has run on a GPU.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pingPong, round } from './row_numbers.ts';
import { installNodeWebGpu, type NodeWebGpuAdapter } from '../../engine/src/tracker/node/node_webgpu.ts';

/** Untimed frames per tracker before timing, and at least this long in all (an idle GPU ramps its clock up first; tracker_row.ts). */
const UNTIMED_FRAMES = 10;
const UNTIMED_MS = 2000;

const { values: args } = parseArgs({
  options: {
    adapter: { type: 'string', default: 'hardware' },
    pose: { type: 'string', default: 'full' },
    hand: { type: 'string', default: 'full' },
    clip: { type: 'string' },
    frames: { type: 'string', default: '300' },
    block: { type: 'string', default: '50' },
    out: { type: 'string' },
    row: { type: 'string', default: 'overlap' },
  },
});

async function main(): Promise<void> {
  if (!args.clip || !args.out) throw new Error('--clip and --out are required');
  // navigator.gpu must exist before tfjs-backend-webgpu is first imported.
  const adapter = await installNodeWebGpu(args.adapter as NodeWebGpuAdapter);
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-webgpu');
  if (!(await tf.setBackend('webgpu'))) throw new Error('TF.js WebGPU did not start');
  await tf.ready();
  const { LandmarkTracker } = await import('../../engine/src/tracker/landmark_tracker.ts');
  const { modelFileNames } = await import('../../engine/src/tracker/model_urls.ts');
  const { defaultModelFolder, fileModelSource } = await import('../../engine/src/tracker/node/node_model_source.ts');
  const { createLandmarkFrame, cloneLandmarkFrame } = await import('../../engine/src/core/landmark_frame.ts');
  const jpeg = (await import('jpeg-js')).default;
  type Frame = ReturnType<typeof createLandmarkFrame>;

  const poseModel = args.pose === 'lite' ? 'lite' : 'full';
  const handModel = args.hand === 'lite' ? 'lite' : 'full';
  const folder = defaultModelFolder();
  const files = modelFileNames(poseModel, handModel);
  const tracker = await LandmarkTracker.load(
      {
        poseDetector: fileModelSource(join(folder, files.poseDetector)),
        poseLandmarks: fileModelSource(join(folder, files.poseLandmarks)),
        handLandmarks: fileModelSource(join(folder, files.handLandmarks)),
        palmDetector: fileModelSource(join(folder, files.palmDetector)),
      },
      { poseModel, handModel, overlapFrames: true },
    );
  const clip = readdirSync(args.clip)
    .filter((name) => name.endsWith('.jpg'))
    .sort()
    .map((name) => jpeg.decode(readFileSync(join(args.clip!, name)), { formatAsRGBA: false }));
  if (clip.length === 0) throw new Error(`no .jpg frames in ${args.clip}`);
  const { width, height } = clip[0]!;
  const image = (k: number) => ({ data: clip[pingPong(k, clip.length)]!.data, width, height, channels: 3 as const });
  const timestamp = (k: number) => (k * 1000) / 30;

  await tracker.warmUp(width, height);
  const outs = [createLandmarkFrame(width, height), createLandmarkFrame(width, height)] as const;

  interface Way {
    timedMs: number;
    /** Landmarks of each timed frame, by its number in the walk. */
    landmarks: Map<number, Frame>;
    /** Frames by how they ran (frameSubmissions) and detector runs, over the timed blocks. */
    counts: { fused: number; poseAlone: number; handRerun: number; detectorRuns: number };
  }
  const way = (): Way => ({ timedMs: 0, landmarks: new Map(), counts: { fused: 0, poseAlone: 0, handRerun: 0, detectorRuns: 0 } });
  const sequential = way();
  const overlapped = way();

  /** Frames `first` .. `first + n - 1` through `track`, each read back before the next goes. */
  const sequentialBlock = async (first: number, n: number, keep: Way | null) => {
    for (let k = first; k < first + n; k++) {
      await tracker.track(image(k), timestamp(k), outs[0]);
      keep?.landmarks.set(k, cloneLandmarkFrame(outs[0]));
    }
  };
  /** The same frames through `submit` and `collect`: frame k submitted, then frame k - 1 collected; the last collected at the end. */
  const overlappedBlock = async (first: number, n: number, keep: Way | null) => {
    const collect = async (k: number) => {
      const frame = await tracker.collect();
      if (frame === null) throw new Error('overlap row: no frame to collect');
      keep?.landmarks.set(k, cloneLandmarkFrame(frame));
    };
    for (let k = first; k < first + n; k++) {
      await tracker.submit(image(k), timestamp(k), outs[k % 2]!);
      if (k > first) await collect(k - 1);
    }
    await collect(first + n - 1);
  };
  /** One way over a block of frames from a reset tracker, timed into `keep` when given. */
  const runBlock = async (run: typeof sequentialBlock, first: number, n: number, keep: Way | null) => {
    tracker.reset();
    const submissions = { ...tracker.frameSubmissions };
    const detectorRuns = tracker.detectorRuns;
    const started = performance.now();
    await run(first, n, keep);
    if (!keep) return;
    keep.timedMs += performance.now() - started;
    const after = tracker.frameSubmissions;
    keep.counts.fused += after.fused - submissions.fused;
    keep.counts.poseAlone += after.poseAlone - submissions.poseAlone;
    keep.counts.handRerun += after.handRerun - submissions.handRerun;
    keep.counts.detectorRuns += tracker.detectorRuns - detectorRuns;
  };

  const untimedUntil = performance.now() + UNTIMED_MS;
  for (let rounds = 0; rounds < 1 || performance.now() < untimedUntil; rounds++) {
    await runBlock(sequentialBlock, 0, UNTIMED_FRAMES, null);
    await runBlock(overlappedBlock, 0, UNTIMED_FRAMES, null);
  }
  const overlapAtStart = { ...tracker.overlapCounts };
  const timed = Math.max(1, Number(args.frames));
  const block = Math.max(2, Number(args.block));
  for (let done = 0; done < timed; done += block) {
    const n = Math.min(block, timed - done);
    await runBlock(sequentialBlock, done, n, sequential);
    await runBlock(overlappedBlock, done, n, overlapped);
  }

  // The same frames of the walk, as each way saw them.
  const agreement = compareLandmarks(sequential.landmarks, overlapped.landmarks);
  const figures = (way: Way) => ({
    msPerFrame: round(way.timedMs / timed, 3),
    framesPerSecond: round((1000 * timed) / way.timedMs, 1),
    ...way.counts,
  });
  const overlapAtEnd = tracker.overlapCounts;
  const overlap = {
    submitted: overlapAtEnd.submitted - overlapAtStart.submitted,
    cropsFromOlderFrame: overlapAtEnd.cropsFromOlderFrame - overlapAtStart.cropsFromOlderFrame,
    submittedBeforeReadBack: overlapAtEnd.submittedBeforeReadBack - overlapAtStart.submittedBeforeReadBack,
    maxInFlight: overlapAtEnd.maxInFlight,
    maxReadBacksInFlight: overlapAtEnd.maxReadBacksInFlight,
  };
  const result = {
    row: args.row,
    overlapComparison: true,
    adapter,
    poseModel,
    handModel,
    clip: args.clip.split('/').filter(Boolean).pop(),
    size: [width, height],
    clipFrames: clip.length,
    frames: timed,
    block,
    node: process.version,
    sequential: figures(sequential),
    overlapped: { ...figures(overlapped), overlap },
    overlappedOverSequentialFramesPerSecond: round(sequential.timedMs / overlapped.timedMs, 3),
    agreement,
    tensorsAtEnd: tf.memory().numTensors,
  };
  tracker.dispose();
  writeFileSync(args.out, JSON.stringify(result, null, 2) + '\n');
  console.log(`adapter: ${adapter}`);
  console.log(
    `${args.row}: sequential ${result.sequential.msPerFrame} ms per frame (${result.sequential.framesPerSecond} frames/s), overlapped ${result.overlapped.msPerFrame} ms per frame (${result.overlapped.framesPerSecond} frames/s), x${result.overlappedOverSequentialFramesPerSecond}`,
  );
  console.log(`${args.row}: overlapped vs sequential landmarks ${JSON.stringify(agreement)}`);
}

/**
 * Per part (pose, left hand, right hand), over the frames both trackers timed: frames where both
 * found it and where only one did, and the distance in frame pixels between their landmarks
 * (x, y): the median over frames of each frame's mean, and the largest of any point.
 */
function compareLandmarks(a: Map<number, LandmarkFrameLike>, b: Map<number, LandmarkFrameLike>) {
  const parts = ['pose', 'leftHand', 'rightHand'] as const;
  return Object.fromEntries(
    parts.map((part, index) => {
      let both = 0;
      let onlyOne = 0;
      let worst = 0;
      const means: number[] = [];
      for (const [k, first] of a) {
        const second = b.get(k);
        if (!second) continue;
        const [inFirst, inSecond] = [first.present[index], second.present[index]];
        if (inFirst !== inSecond) onlyOne++;
        if (!inFirst || !inSecond) continue;
        both++;
        const p = first[part];
        const q = second[part];
        let sum = 0;
        for (let i = 0; i < p.length; i += 4) {
          const d = Math.hypot((p[i]! - q[i]!) * first.imageWidth, (p[i + 1]! - q[i + 1]!) * first.imageHeight);
          sum += d;
          worst = Math.max(worst, d);
        }
        means.push(sum / (p.length / 4));
      }
      means.sort((x, y) => x - y);
      const median = means.length ? means[Math.floor(means.length / 2)]! : NaN;
      return [part, { framesBoth: both, framesOnlyOne: onlyOne, medianMeanPx: round(median, 3), maxPx: round(worst, 3) }];
    }),
  );
}

interface LandmarkFrameLike {
  pose: Float32Array;
  leftHand: Float32Array;
  rightHand: Float32Array;
  present: Uint8Array;
  imageWidth: number;
  imageHeight: number;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
