// Child process of webgpu_tracker.test.ts: the tracker on TF.js WebGPU on Dawn's null adapter
// (no GPU needed; it computes nothing, so only that it runs is checked, not what it finds).
// Prints one JSON line.
import { join } from 'node:path';
import { installNodeWebGpu } from '../../../engine/src/tracker/node/node_webgpu.ts';
import { countGpuCalls } from '../../../bench/lib/count_gpu_calls.ts';

const adapter = await installNodeWebGpu('null');
const counts = countGpuCalls();
// The null adapter computes nothing, and a read-back returns whatever its staging memory held last,
// so the frame's path (pose found or not) would change from run to run. Every read-back reads -100
// here instead: scores near 0, no body and no hand found, the same path every run.
const bufferPrototype = (globalThis as unknown as { GPUBuffer: { prototype: { getMappedRange(...a: unknown[]): ArrayBuffer; usage: number } } }).GPUBuffer.prototype;
const getMappedRange = bufferPrototype.getMappedRange;
bufferPrototype.getMappedRange = function (this: { usage: number }, ...args: unknown[]) {
  const range = getMappedRange.apply(this, args);
  if (this.usage & 0x0001) new Float32Array(range, 0, range.byteLength >> 2).fill(-100); // MAP_READ
  return range;
};
const tf = await import('@tensorflow/tfjs-core');
await import('@tensorflow/tfjs-backend-webgpu');
const { LandmarkTracker } = await import('../../../engine/src/tracker/landmark_tracker.ts');
const { fileModelSource, defaultModelFolder } = await import('../../../engine/src/tracker/node/node_model_source.ts');
const { modelFileNames } = await import('../../../engine/src/tracker/model_urls.ts');
const { decodeImageFile } = await import('../../../engine/src/tracker/node/node_image.ts');
const { createLandmarkFrame } = await import('../../../engine/src/core/landmark_frame.ts');
const { PALM_TURNS_DEGREES } = await import('../../../engine/src/tracker/constants.ts');

if (!(await tf.setBackend('webgpu'))) throw new Error('TF.js WebGPU did not start');
await tf.ready();
const folder = defaultModelFolder();
const files = modelFileNames('full', 'full');
const tracker = await LandmarkTracker.load({
  poseDetector: fileModelSource(join(folder, files.poseDetector)),
  poseLandmarks: fileModelSource(join(folder, files.poseLandmarks)),
  handLandmarks: fileModelSource(join(folder, files.handLandmarks)),
  palmDetector: fileModelSource(join(folder, files.palmDetector)),
});
const image = await decodeImageFile(join(process.argv[2]!, 'messi5.jpg'));
await tracker.warmUp(image.width, image.height);
const frame = createLandmarkFrame(image.width, image.height);
const pixels = { data: image.data, width: image.width, height: image.height, channels: 3 as const };
await tracker.track(pixels, 0, frame);
const tensorsAfterFirst = tf.memory().numTensors;
// With no hand found the palm detector looks one turn a frame for a round of turns, then waits
// (palm_search.ts): the frame measured is the first after the round, the body path's alone.
for (let i = 1; i < PALM_TURNS_DEGREES.length; i++) await tracker.track(pixels, i * 33, frame);
const since = (before: typeof counts) => Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, value - before[key as keyof typeof before]]));
let before = { ...counts };
const palmRunsBeforeFrame = tracker.palmDetectorRuns;
await tracker.track(pixels, PALM_TURNS_DEGREES.length * 33, frame);
const perFrame = since(before);
if (tracker.palmDetectorRuns !== palmRunsBeforeFrame) throw new Error('track_on_null_adapter: the palm detector looked on the frame measured');
// A still image looks for a hand even without a body: the palm detector on the letterboxed frame
// (it finds nothing here), then the hand model on the whole frame.
before = { ...counts };
const palmRunsBefore = tracker.palmDetectorRuns;
await tracker.trackStill(pixels, frame);
const perStill = since(before);
const palmRunsInStill = tracker.palmDetectorRuns - palmRunsBefore;
// One palm detector run on its own, from its recording: what the README's diagram gives per run.
const { PalmDetector } = await import('../../../engine/src/tracker/palm_detector.ts');
const { TrackerGraphReplays } = await import('../../../engine/src/tracker/webgpu/tracker_graph_replays.ts');
const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
const palm = new PalmDetector(await loadGraphModel(fileModelSource(join(folder, files.palmDetector))));
const palmReplays = await TrackerGraphReplays.record({ palmDetector: { model: palm.model, inputShape: PalmDetector.inputShape, outputs: PalmDetector.outputs } });
await palm.detect(pixels, palmReplays.palm());
before = { ...counts };
await palm.detect(pixels, palmReplays.palm());
const perPalmRun = since(before);
palmReplays.dispose();
palm.dispose();
console.log(
  JSON.stringify({
    backend: tf.getBackend(),
    adapter,
    graphReplays: tracker.graphReplays,
    handBatch: tracker.handBatch,
    tensorsAfterFirst,
    tensorsAfterSecond: tf.memory().numTensors,
    present: Array.from(frame.present),
    perFrame,
    perStill,
    palmRunsInStill,
    perPalmRun,
  }),
);
tracker.dispose();
process.exit(0);
