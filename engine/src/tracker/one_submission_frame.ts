import * as tf from '@tensorflow/tfjs-core';
import { cropRotatedRect } from './calculators/crop_rotated_rect.ts';
import { handCropTransform } from './calculators/hand_crop_transform.ts';
import { HAND_INPUT_SIZE, LANDMARK_CROP_BORDER, POSE_INPUT_SIZE } from './constants.ts';
import { HAND_SIDES, type HandSide } from './hand_side.ts';
import { HAND_RAW_LENGTH, type HandModelOutput } from './hand_model_output.ts';
import type { HandTracks } from './hand_tracks.ts';
import { now } from './stage_timings.ts';
import { copyRect, createNormalizedRect, type NormalizedRect, type PixelFrame } from './types.ts';
import { webGpuBackendInternals } from './webgpu/record_webgpu_graph.ts';
import type { ReplayedGraph } from './webgpu/replay_webgpu_graph.ts';
import { TrackedFrameSubmission } from './webgpu/tracked_frame_submission.ts';
import type { TrackerGraphReplays } from './webgpu/tracker_graph_replays.ts';

/**
 * How the WebGPU frames' pose landmarks ran in the one submission: `fused`, the followed hands rode
 * along and nothing else ran; `poseAlone`, no hand was followed from the last frame (hands, if any,
 * then ran on their own); `handRerun`, hands rode along but the hand model still ran on its own (a
 * rect from the pose, a re-crop, a palm detector run).
 */
export interface FrameSubmissionCounts {
  fused: number;
  poseAlone: number;
  handRerun: number;
}

/**
 * Overlapped frames (overlapped_frames.ts): called once a frame's submission is queued; returns
 * what its read-back waits for (its turn: the frames before it are done), or null when this frame
 * need not wait.
 */
export interface ReadBackTurns {
  submitted(): Promise<void> | null;
}

/** One frame's share of the one submission: what rode along with its pose, its own hand runs, its staging buffer. */
class FrameSlot {
  /** The hands carried: sides whose crops rode along with this frame's pose (their rects from the last landmarks). */
  readonly handsCarried: HandSide[] = [];
  /** The carried hands' rects as their crops were cut: their landmarks are projected with these. */
  readonly carriedRects: NormalizedRect[] = [createNormalizedRect(), createNormalizedRect()];
  /** Whether the pose ran in the submission, hands carried, hand runs of their own, time cutting the carried crops. */
  poseRan = false;
  carriedCount = 0;
  ownHandRuns = 0;
  carriedCropMs = 0;
  /** The frame's number: the crop pass uploads a frame's bytes once per frame number. */
  frameNumber = 0;

  constructor(readonly index: number) {}

  begin(frameNumber: number): void {
    this.handsCarried.length = 0;
    this.poseRan = false;
    this.carriedCount = 0;
    this.ownHandRuns = 0;
    this.carriedCropMs = 0;
    this.frameNumber = frameNumber;
  }
}

/**
 * A tracked frame on WebGPU as one submission and one read-back (webgpu/tracked_frame_submission.ts):
 * inside pose-detection's landmark step the pose crop and the crops of the hands followed from the
 * last frame (their rects from their last landmarks) are cut, and the pose and hand models run in
 * one command buffer. The hand path then takes the hands' outputs when this frame's rects turn out
 * to be those (`takeCarried`); any other hand run is one of its own, its crops cut by the same crop
 * pass from the frame's bytes already up. With overlapped frames (`turns` set, two slots) the
 * next frame is submitted while this one waits for its turn to be read back: each frame's share
 * (what rode along, its staging buffer) lives in its own slot, and the frame being worked on is
 * `current`. Owns the submission, the frames' slots, and the counts.
 * ref: none (MediaPipe's GPU graphs keep the frame on the GPU between calculators)
 */
export class OneSubmissionFrame {
  readonly counts: FrameSubmissionCounts = { fused: 0, poseAlone: 0, handRerun: 0 };
  /** Overlapped frames: what a submitted frame waits on before its read-back (null: read back at once). */
  turns: ReadBackTurns | null = null;
  private readonly cropMatrix = new Float32Array(8);
  private readonly slots: FrameSlot[] = [];
  /** The frame being worked on: set when a frame begins and again when a frame's read-back resumes it. */
  private current: FrameSlot;
  /** Frames begun: each frame's number, and which slot it takes (round robin). */
  private frameCount = 0;

  private constructor(
    private readonly submission: TrackedFrameSubmission,
    private readonly poseOutputShapes: number[][],
    private readonly tracks: HandTracks,
    private readonly tracksHands: boolean,
    slots: number,
  ) {
    for (let i = 0; i < slots; i++) this.slots.push(new FrameSlot(i));
    this.current = this.slots[0]!;
  }

  /**
   * The one submission over the recorded graphs, for frames of `width` x `height` (the crop pass's
   * frame buffer is made for that size, RGBA); null when the pose landmark model was not recorded
   * or the backend is not WebGPU. `slots`: frames in flight at once (2 for overlapped frames).
   */
  static create(
    replays: TrackerGraphReplays,
    tracks: HandTracks,
    tracksHands: boolean,
    cropOnGpu: boolean,
    width: number,
    height: number,
    slots: number,
  ): OneSubmissionFrame | null {
    const pose = replays.poseLandmarks();
    const backend = webGpuBackendInternals();
    if (!pose || !backend) return null;
    const hands = new Map<number, ReplayedGraph>();
    for (const batch of [1, 2]) {
      const hand = replays.hand(batch);
      if (hand) hands.set(batch, hand);
    }
    const submission = new TrackedFrameSubmission(
      backend.device,
      pose.replay,
      hands,
      POSE_INPUT_SIZE * POSE_INPUT_SIZE * 3,
      HAND_INPUT_SIZE * HAND_INPUT_SIZE * 3,
      POSE_INPUT_SIZE,
      HAND_INPUT_SIZE,
      cropOnGpu,
      width,
      height,
      slots,
    );
    return new OneSubmissionFrame(submission, pose.outputShapes, tracks, tracksHands, slots);
  }

  /** A new frame, in the next slot: nothing carried, nothing counted yet. */
  beginFrame(): void {
    const slot = this.slots[this.frameCount % this.slots.length]!;
    this.frameCount++;
    slot.begin(this.frameCount);
    this.current = slot;
  }

  /** Time this frame spent cutting the carried hands' crops (hand work, done inside the pose's step). */
  get carriedCropMs(): number {
    return this.current.carriedCropMs;
  }

  /** Read-backs pending now and at most, and submissions made while another frame's read-back was pending. */
  get readBacks(): { inFlight: number; maxInFlight: number; submittedBeforeReadBack: number } {
    const submission = this.submission;
    return { inFlight: submission.readBacksInFlight, maxInFlight: submission.maxReadBacksInFlight, submittedBeforeReadBack: submission.submittedBeforeReadBack };
  }

  /**
   * The pose landmark model with the hands followed from the last frame riding along: the pose crop
   * (`poseMatrix`) and their crops (from their last landmarks' rects) are cut now and run in the
   * same submission. The pose's outputs come back as tensors over CPU arrays, so pose-detection's
   * decoding reads them without a read-back of its own. With overlapped frames the frame waits for
   * its turn between submission and read-back, while the next frame is submitted.
   */
  async runPose(pixels: PixelFrame, poseMatrix: Float32Array): Promise<tf.Tensor[]> {
    const submission = this.submission;
    const slot = this.current;
    if (submission.cropPass) submission.cropPass.setCrop(0, poseMatrix, POSE_INPUT_SIZE);
    else cropRotatedRect(pixels, poseMatrix, POSE_INPUT_SIZE, submission.poseCrop, 0, LANDMARK_CROP_BORDER);
    const start = now();
    const sides = slot.handsCarried;
    sides.length = 0;
    if (this.tracksHands) for (const side of HAND_SIDES) if (this.tracks.of(side).tracked) sides.push(side);
    if (!submission.carries(sides.length)) sides.length = 0;
    const cropLength = HAND_INPUT_SIZE * HAND_INPUT_SIZE * 3;
    for (let i = 0; i < sides.length; i++) {
      const rect = slot.carriedRects[i]!;
      copyRect(this.tracks.of(sides[i]!).rect, rect);
      handCropTransform(rect, pixels.width, pixels.height, HAND_INPUT_SIZE, this.cropMatrix);
      if (submission.cropPass) submission.cropPass.setCrop(1 + i, this.cropMatrix, HAND_INPUT_SIZE);
      else cropRotatedRect(pixels, this.cropMatrix, HAND_INPUT_SIZE, submission.handCrops, i * cropLength, LANDMARK_CROP_BORDER);
    }
    slot.carriedCropMs += now() - start;
    submission.submit(sides.length, pixels, slot.frameNumber, slot.index);
    const turn = this.turns?.submitted() ?? null;
    if (turn) await turn;
    // Another frame may have begun (and been submitted) while this one waited: this one goes on.
    this.current = slot;
    await submission.readBack(sides.length, slot.index);
    slot.poseRan = true;
    slot.carriedCount = sides.length;
    return submission.poseOutputs.map((data, i) => tf.tensor(data, this.poseOutputShapes[i], 'float32'));
  }

  /**
   * The carried hands' outputs, copied into `out`, when this run is theirs (same sides, no rect
   * taken from the pose this frame); false otherwise. Each side's rect becomes the one its crop was
   * cut from, which the hand path projects the landmarks with: the same rect, unless frames
   * overlap (the crop then came from the landmarks of the frame before the last). Only the frame's
   * first hand run can take them: any run of its own drops them (`ownHandRun`).
   */
  takeCarried(sides: readonly HandSide[], out: HandModelOutput): boolean {
    const slot = this.current;
    const carried = slot.handsCarried;
    if (carried.length === 0 || carried.length !== sides.length) return false;
    for (let i = 0; i < sides.length; i++) if (carried[i] !== sides[i] || this.tracks.of(sides[i]!).rectFromPose) return false;
    for (let i = 0; i < sides.length; i++) copyRect(slot.carriedRects[i]!, this.tracks.of(sides[i]!).rect);
    copyHandOutputs(this.submission.handOutputs, sides.length, out);
    carried.length = 0;
    return true;
  }

  /** A hand model run of its own this frame: the carried crops, if any, were not this frame's. */
  ownHandRun(): void {
    this.current.handsCarried.length = 0;
    this.current.ownHandRuns++;
  }

  /** Whether `count` hand crops can be cut by the crop pass and run in a submission of their own. */
  runsHandsAlone(count: number): boolean {
    return this.submission.cropPass !== null && count > 0 && this.submission.carries(count);
  }

  /**
   * The hand model alone on `count` rects, cut on the GPU from the frame's bytes (uploaded once per
   * frame), in a submission of its own; outputs into `out`. Returns the time the crops' matrices took.
   */
  async runHands(pixels: PixelFrame, rects: readonly NormalizedRect[], count: number, out: HandModelOutput): Promise<number> {
    const start = now();
    for (let i = 0; i < count; i++) {
      handCropTransform(rects[i]!, pixels.width, pixels.height, HAND_INPUT_SIZE, this.cropMatrix);
      this.submission.cropPass!.setCrop(1 + i, this.cropMatrix, HAND_INPUT_SIZE);
    }
    const cropMs = now() - start;
    await this.submission.runHands(count, pixels, this.current.frameNumber, this.current.index);
    copyHandOutputs(this.submission.handOutputs, count, out);
    return cropMs;
  }

  /** Counts how this frame's pose ran (`counts`); nothing rides along past the frame. */
  endFrame(): void {
    const slot = this.current;
    slot.handsCarried.length = 0;
    if (!slot.poseRan) return;
    if (slot.carriedCount === 0) this.counts.poseAlone++;
    else if (slot.ownHandRuns > 0) this.counts.handRerun++;
    else this.counts.fused++;
  }

  dispose(): void {
    this.submission.dispose();
  }
}

function copyHandOutputs([landmarks, presence, handedness]: Float32Array[], count: number, out: HandModelOutput): void {
  out.landmarks.set(landmarks!.subarray(0, count * HAND_RAW_LENGTH));
  out.presence.set(presence!.subarray(0, count));
  out.handedness.set(handedness!.subarray(0, count));
}
