import * as tf from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { cropRotatedRect } from './calculators/crop_rotated_rect.ts';
import { detectionProjection } from './calculators/detection_projection.ts';
import { detectionToRect } from './calculators/detection_to_rect.ts';
import { createDetections, type Detections } from './calculators/detections.ts';
import { handCropTransform } from './calculators/hand_crop_transform.ts';
import { letterboxSquareCrop, type LetterboxPadding } from './calculators/letterbox_square_crop.ts';
import { ssdAnchors } from './calculators/ssd_anchors.ts';
import { tensorsToDetections } from './calculators/tensors_to_detections.ts';
import { transformRect } from './calculators/transform_rect.ts';
import { weightedNonMaxSuppression } from './calculators/weighted_non_max_suppression.ts';
import {
  PALM_ANCHOR_OPTIONS,
  PALM_DECODE_OPTIONS,
  PALM_INPUT_SIZE,
  PALM_MAX_HANDS,
  PALM_NMS_MIN_SUPPRESSION,
  PALM_OUTPUT,
  PALM_OUTPUT_STRIDE,
  PALM_ROTATION_KEYPOINTS,
  PALM_TO_HAND_RECT_TRANSFORM,
} from './constants.ts';
import { createNormalizedRect, type NormalizedRect, type PixelFrame } from './types.ts';
import type { ReplayedGraph } from './webgpu/replay_webgpu_graph.ts';

const OUTPUT_LAYOUT = { stride: PALM_OUTPUT_STRIDE, scoreIndex: 0, coordsIndex: 1 };

/**
 * MediaPipe Hands' first stage: the palm detector on the whole frame, letterboxed to 256x256,
 * its SSD outputs decoded against the graph's anchors, weighted non-maximum suppression, and each
 * palm turned into the rotated rect the hand landmark model crops (the hand upright, fingers
 * included). Buffers are made once; a run allocates nothing but the model's tensors.
 * ref: mediapipe/modules/palm_detection/palm_detection_cpu.pbtxt and
 * mediapipe/modules/hand_landmark/palm_detection_detection_to_roi.pbtxt
 */
export class PalmDetector {
  /** Times the detector has run. */
  runs = 0;
  /** Hand rects of the last run, best palm first (`count` of them). */
  readonly handRects: NormalizedRect[] = Array.from({ length: PALM_MAX_HANDS }, createNormalizedRect);
  /** The palms of the last run (boxes and 7 keypoints, normalised to the frame), best first. */
  readonly palms: Detections = createDetections(PALM_MAX_HANDS, PALM_DECODE_OPTIONS.numKeypoints);
  count = 0;

  private readonly anchors = ssdAnchors(PALM_ANCHOR_OPTIONS);
  private readonly input = new Float32Array(PALM_INPUT_SIZE * PALM_INPUT_SIZE * 3);
  private readonly raw = new Float32Array(PALM_DECODE_OPTIONS.numBoxes * PALM_OUTPUT_STRIDE);
  private readonly candidates = createDetections(PALM_DECODE_OPTIONS.numBoxes, PALM_DECODE_OPTIONS.numKeypoints);
  private readonly order = new Int32Array(PALM_DECODE_OPTIONS.numBoxes);
  private readonly crop = createNormalizedRect();
  private readonly frameRect = createNormalizedRect();
  private readonly padding: LetterboxPadding = { left: 0, top: 0, right: 0, bottom: 0 };
  private readonly matrix = new Float32Array(8);

  constructor(readonly model: GraphModel) {}

  /** Input shape and output, for the WebGPU recording. */
  static readonly inputShape = [1, PALM_INPUT_SIZE, PALM_INPUT_SIZE, 3];
  static readonly outputs = [PALM_OUTPUT];

  /**
   * Finds up to PALM_MAX_HANDS palms in the frame; fills `handRects` and `palms`, returns how many.
   * `turnDegrees` turns the frame before the model sees it (see PALM_TURNS_DEGREES); the
   * palms come back in the frame's own coordinates.
   * `replay`: the model's recorded WebGPU graph, run from the input bytes (else TF.js runs it).
   */
  async detect(pixels: PixelFrame, replay?: ReplayedGraph, turnDegrees = 0): Promise<number> {
    const { width, height } = pixels;
    const input = this.letterbox(pixels, turnDegrees);
    if (replay) await replay.run(input, [this.raw]);
    else await this.execute();
    this.runs++;

    tensorsToDetections(this.raw, OUTPUT_LAYOUT, this.anchors, PALM_DECODE_OPTIONS, this.candidates);
    weightedNonMaxSuppression(this.candidates, PALM_NMS_MIN_SUPPRESSION, PALM_MAX_HANDS, this.order, this.palms);
    detectionProjection(this.palms, this.crop, width, height);
    const { start, end, targetAngle } = PALM_ROTATION_KEYPOINTS;
    for (let i = 0; i < this.palms.count; i++) {
      const rect = this.handRects[i]!;
      detectionToRect(this.palms, i, start, end, targetAngle, width, height, rect);
      transformRect(rect, width, height, PALM_TO_HAND_RECT_TRANSFORM);
    }
    this.count = this.palms.count;
    return this.count;
  }

  /**
   * The model's input: the whole frame letterboxed into 256x256 (keep_aspect_ratio, black
   * border), values -1..1 (the graph's TfLiteConverter, zero_center), turned by `turnDegrees`.
   * Valid until the next run.
   */
  letterbox(pixels: PixelFrame, turnDegrees = 0): Float32Array {
    const frame = this.frameRect;
    frame.xCenter = 0.5;
    frame.yCenter = 0.5;
    frame.width = 1;
    frame.height = 1;
    frame.rotation = (turnDegrees * Math.PI) / 180;
    letterboxSquareCrop(frame, pixels.width, pixels.height, this.crop, this.padding);
    handCropTransform(this.crop, pixels.width, pixels.height, PALM_INPUT_SIZE, this.matrix);
    cropRotatedRect(pixels, this.matrix, PALM_INPUT_SIZE, this.input, 0, 'zero');
    const input = this.input;
    for (let i = 0; i < input.length; i++) input[i] = input[i]! * 2 - 1;
    return input;
  }

  /** Runs the model once on a grey input (kernel set-up, shader compilation). */
  async warmUp(): Promise<void> {
    this.input.fill(0);
    await this.execute();
  }

  dispose(): void {
    this.model.dispose();
  }

  private async execute(): Promise<void> {
    const tensor = tf.tensor4d(this.input, [1, PALM_INPUT_SIZE, PALM_INPUT_SIZE, 3], 'float32');
    const output = this.model.execute(tensor, PALM_OUTPUT) as tf.Tensor;
    tensor.dispose();
    try {
      this.raw.set((await output.data()) as Float32Array);
    } finally {
      output.dispose();
    }
  }
}
