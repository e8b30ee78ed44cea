import * as tf from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { cropRotatedRect } from './calculators/crop_rotated_rect.ts';
import { handCropTransform } from './calculators/hand_crop_transform.ts';
import { HAND_INPUT_SIZE, LANDMARK_CROP_BORDER, TrackerStage } from './constants.ts';
import { createHandModelOutput, HAND_OUTPUTS, HAND_RAW_LENGTH, type HandModelOutput } from './hand_model_output.ts';
import type { OneSubmissionFrame } from './one_submission_frame.ts';
import { addStageTime, now } from './stage_timings.ts';
import type { NormalizedRect, PixelFrame } from './types.ts';
import type { TrackerGraphReplays, TrackerGraphs } from './webgpu/tracker_graph_replays.ts';

const CROP_LENGTH = HAND_INPUT_SIZE * HAND_INPUT_SIZE * 3;

/**
 * The hand landmark model on up to two rotated rects of a frame: each rect cropped to 224x224 from
 * the frame's bytes (border replicated), then the model, by whichever way this backend runs it
 * fastest: the crop pass and a submission of its own (WebGPU, one submission per frame), the
 * recorded graph (WebGPU), or TF.js (both crops in one call when the graph takes a batch of two).
 * Owns the model, the crops' buffer and the outputs, which every run overwrites.
 * ref: mediapipe/modules/hand_landmark/hand_landmark_cpu.pbtxt (ImageToTensor, InferenceCalculator)
 */
export class HandModelRunner {
  /** The last run's outputs, one row per rect. */
  readonly output: HandModelOutput = createHandModelOutput(2);
  /** Crops per TF.js call: 2 when the graph takes a batch of two (both hands in one call), else 1. */
  readonly batch: number;
  /** WebGPU: the recorded graphs (set at warm-up), and the one-submission frame when it runs. */
  replays: TrackerGraphReplays | null = null;
  oneSubmission: OneSubmissionFrame | null = null;
  private readonly crops = new Float32Array(2 * CROP_LENGTH);
  private readonly cropMatrix = new Float32Array(8);

  constructor(readonly model: GraphModel) {
    this.batch = probeBatch(model);
  }

  /** Crops the first `count` of `rects` from `pixels` and runs the model on them: outputs in `output`. */
  async run(pixels: PixelFrame, rects: readonly NormalizedRect[], count: number, timings: Float64Array): Promise<HandModelOutput> {
    const output = this.output;
    const frame = this.oneSubmission;
    frame?.ownHandRun();
    let start = now();
    if (frame?.runsHandsAlone(count)) {
      const cropMs = await frame.runHands(pixels, rects, count, output);
      addStageTime(timings, TrackerStage.handCrop, cropMs);
      addStageTime(timings, TrackerStage.handLandmarks, now() - start - cropMs);
      return output;
    }
    for (let i = 0; i < count; i++) {
      handCropTransform(rects[i]!, pixels.width, pixels.height, HAND_INPUT_SIZE, this.cropMatrix);
      cropRotatedRect(pixels, this.cropMatrix, HAND_INPUT_SIZE, this.crops, i * CROP_LENGTH, LANDMARK_CROP_BORDER);
    }
    addStageTime(timings, TrackerStage.handCrop, now() - start);

    start = now();
    const replay = this.replays?.hand(count);
    if (replay) {
      await replay.run(this.crops.subarray(0, count * CROP_LENGTH), [output.landmarks, output.presence, output.handedness]);
    } else {
      await this.execute(count);
    }
    addStageTime(timings, TrackerStage.handLandmarks, now() - start);
    return output;
  }

  /** Runs the model once on a grey batch (kernel set-up, shader compilation); returns its output tensors to read. */
  warmUpRun(): tf.Tensor[] {
    const crops = tf.fill([this.batch, HAND_INPUT_SIZE, HAND_INPUT_SIZE, 3], 127 / 255, 'float32');
    const outputs = this.model.execute(crops, HAND_OUTPUTS) as tf.Tensor[];
    crops.dispose();
    return outputs;
  }

  /** The model as the WebGPU recording needs it (one recording per batch size run). */
  graphs(): TrackerGraphs['handLandmarks'] {
    return { model: this.model, batches: this.batch === 2 ? [1, 2] : [1], inputSize: HAND_INPUT_SIZE, outputs: HAND_OUTPUTS };
  }

  dispose(): void {
    this.model.dispose();
  }

  /** TF.js's executor on the crops, `batch` at a time. */
  private async execute(count: number): Promise<void> {
    const { landmarks, presence, handedness } = this.output;
    const crops = tf.tensor4d(this.crops.subarray(0, count * CROP_LENGTH), [count, HAND_INPUT_SIZE, HAND_INPUT_SIZE, 3], 'float32');
    try {
      for (let first = 0; first < count; first += this.batch) {
        const n = Math.min(this.batch, count - first);
        const input = n === count ? crops : tf.slice(crops, [first, 0, 0, 0], [n, -1, -1, -1]);
        const [lm, flag, hand] = this.model.execute(input, HAND_OUTPUTS) as tf.Tensor[];
        const [lmData, flagData, handData] = await Promise.all([lm!.data(), flag!.data(), hand!.data()]);
        landmarks.set(lmData as Float32Array, first * HAND_RAW_LENGTH);
        presence.set(flagData as Float32Array, first);
        handedness.set(handData as Float32Array, first);
        tf.dispose([lm!, flag!, hand!]);
        if (input !== crops) input.dispose();
      }
    } finally {
      crops.dispose();
    }
  }
}

/** 2 when the hand graph accepts a batch of two crops (one call for both hands), else 1. */
function probeBatch(model: GraphModel): number {
  try {
    const result = tf.tidy(() => {
      const out = model.execute(tf.zeros([2, HAND_INPUT_SIZE, HAND_INPUT_SIZE, 3]), 'Identity') as tf.Tensor;
      return out.shape[0];
    });
    return result === 2 ? 2 : 1;
  } catch {
    return 1;
  }
}
