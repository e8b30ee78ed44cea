import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { createLandmarkFrame, type LandmarkFrame } from '../core/landmark_frame.ts';
import { TrackerStage } from './constants.ts';
import { freeBatchDimension } from './free_batch_dimension.ts';
import { fuseConvBiasActivation } from './fuse_conv_bias_activation.ts';
import { HandModelRunner } from './hand_model_runner.ts';
import { HandPath, type HandPass } from './hand_path.ts';
import { HandTracks } from './hand_tracks.ts';
import { OneSubmissionFrame, type FrameSubmissionCounts } from './one_submission_frame.ts';
import { OverlappedFrames, type OverlapCounts } from './overlapped_frames.ts';
import { PalmDetector } from './palm_detector.ts';
import { PalmSearch } from './palm_search.ts';
import { PosePath } from './pose_path.ts';
import { toPixelFrame, type TrackerImage } from './read_pixels.ts';
import { ScheduledFrames, type ScheduleCounts } from './scheduled_frames.ts';
import { now, scratchTimings } from './stage_timings.ts';
import { StillRefinement } from './still_refinement.ts';
import {
  checkedSchedule,
  resolveTrackerOptions,
  type ResolvedTrackerOptions,
  type TrackerModelSources,
  type TrackerOptions,
  type TrackingSchedule,
} from './tracker_options.ts';
import type { HandSide } from './hand_side.ts';
import type { HandModelType, PixelFrame, PoseModelType } from './types.ts';
import { webGpuBackendInternals } from './webgpu/record_webgpu_graph.ts';
import { TrackerGraphReplays } from './webgpu/tracker_graph_replays.ts';
import { WiderLook } from './wider_look.ts';

/** The hand stages, present when hands are tracked. */
interface HandStages {
  runner: HandModelRunner;
  path: HandPath;
  palms: PalmSearch | null;
  widerLook: WiderLook;
  still: StillRefinement;
}

const NO_FRAME_SUBMISSIONS: Readonly<FrameSubmissionCounts> = Object.freeze({ fused: 0, poseAlone: 0, handRerun: 0 });

/** Overlapped frames' counts with the one submission's read-backs: in flight at most, and submissions made while one was pending. */
export interface FrameOverlapCounts extends OverlapCounts {
  maxReadBacksInFlight: number;
  submittedBeforeReadBack: number;
}

/**
 * The tracking pipeline, wiring its stages as tfjs-models' BlazePose detector wires its
 * calculators: the body (pose_path.ts: BlazePose through pose-detection, our landmark crop), then
 * MediaPipe Holistic's hand path (hand_path.ts: a hand rect from the pose's wrist, index and pinky
 * on the first frame and from the hand's own landmarks after that, a rotated 224x224 crop sampled
 * from the frame's bytes, the hand landmark model in hand_model_runner.ts, the landmarks projected
 * back onto the frame), the palm search for the hands that path misses (palm_search.ts), and on a
 * still image the refinement a video gets from its next frames (still_refinement.ts). Each hand's
 * state lives in its track (hand_tracks.ts); on WebGPU a tracked frame is one submission
 * (one_submission_frame.ts), and with `overlapFrames` the next frame is submitted before this one is
 * read back (overlapped_frames.ts). Left and right come from the pose side the rect was taken from.
 * ref: mediapipe/modules/holistic_landmark/holistic_landmark_cpu.pbtxt
 */
export class LandmarkTracker {
  private readonly tracks = new HandTracks();
  private readonly scheduled = new ScheduledFrames(this.tracks);
  private readonly hands: HandStages | null;
  private replays: TrackerGraphReplays | null = null;
  private oneSubmission: OneSubmissionFrame | null = null;
  private readonly overlapped: OverlappedFrames | null;

  private constructor(
    private readonly options: ResolvedTrackerOptions,
    private readonly pose: PosePath,
    handModel: GraphModel | null,
    palmModel: GraphModel | null,
  ) {
    this.overlapped = options.overlapFrames ? new OverlappedFrames() : null;
    if (handModel === null) {
      this.hands = null;
      return;
    }
    const runner = new HandModelRunner(handModel);
    const widerLook = new WiderLook(runner, this.tracks);
    const palms = palmModel ? new PalmSearch(new PalmDetector(palmModel), runner, this.tracks, options) : null;
    const path = new HandPath(runner, this.tracks, palms, options);
    this.hands = { runner, path, palms, widerLook, still: new StillRefinement(path, widerLook) };
  }

  /** Loads the models from the given sources (the backend must be set and ready). */
  static async load(sources: TrackerModelSources, options: TrackerOptions = {}): Promise<LandmarkTracker> {
    const resolved = resolveTrackerOptions(options);
    const palmSource = resolved.hands && resolved.palmDetection ? sources.palmDetector : undefined;
    const [pose, hand, palm] = await Promise.all([
      PosePath.load(sources.poseDetector, sources.poseLandmarks, resolved),
      resolved.hands ? loadGraphModel(fuseConvBiasActivation(freeBatchDimension(sources.handLandmarks))) : Promise.resolve(null),
      palmSource === undefined ? Promise.resolve(null) : loadGraphModel(palmSource),
    ]);
    return new LandmarkTracker(resolved, pose, hand, palm);
  }

  /**
   * Tracks one video frame. `timestampMs` drives the pose smoothing; pass null for unrelated
   * still images. Fills `out` (its arrays are overwritten, nothing is allocated for it) and, when
   * given, `stageTimings` (ms per TrackerStage).
   */
  async track(image: TrackerImage, timestampMs: number | null, out: LandmarkFrame, stageTimings?: Float64Array): Promise<void> {
    this.refuseWhileInFlight('track');
    await this.trackVideo(image, timestampMs, out, stageTimings);
  }

  /**
   * Overlapped frames (`overlapFrames`): starts tracking a video frame into `out` and resolves once
   * its one submission is queued on the GPU, before its read-back; `collect` finishes it. While it
   * is in flight the next frame can be submitted: its crops then come from the landmarks of the
   * frame before this one (the last known). At most two frames in flight; `image` and `out` are the
   * tracker's until the frame is collected. A frame that cannot overlap (WASM, the body not
   * followed, a schedule) first finishes the frame in flight.
   */
  async submit(image: TrackerImage, timestampMs: number | null, out: LandmarkFrame, stageTimings?: Float64Array): Promise<void> {
    const overlapped = this.overlappedFrames('submit');
    const pixels = toPixelFrame(image);
    const overlaps = this.oneSubmission !== null && this.options.schedule === null && this.pose.followsBody;
    await overlapped.submit(out, overlaps, () => this.trackVideo(pixels, timestampMs, out, stageTimings));
  }

  /** Overlapped frames: finishes the oldest frame submitted and resolves with its landmarks (its `out`); null when none is in flight. */
  async collect(): Promise<LandmarkFrame | null> {
    return this.overlappedFrames('collect').collect();
  }

  /** One video frame, with or without a schedule (`track`, and `submit` for overlapped frames). */
  private async trackVideo(image: TrackerImage, timestampMs: number | null, out: LandmarkFrame, stageTimings?: Float64Array): Promise<void> {
    const timings = stageTimings ?? scratchTimings;
    const schedule = this.options.schedule;
    if (schedule === null || this.hands === null) {
      await this.trackFrame(image, timestampMs, out, timings, 'video');
      return;
    }
    const pixels = toPixelFrame(image);
    const parts = this.scheduled.choose(schedule, pixels.width, pixels.height);
    if (parts.pose || parts.signingSide === -1) await this.trackFrame(pixels, timestampMs, out, timings, 'video');
    else await this.followHands(pixels, parts.signingSide, parts.otherHand, timestampMs, out, timings);
    this.scheduled.tracked(parts, out);
  }

  /**
   * Tracks a still image: no smoothing, nothing carried from earlier frames, hands looked for even
   * without a body, and the hands refined (still_refinement.ts).
   */
  async trackStill(image: TrackerImage, out: LandmarkFrame, stageTimings?: Float64Array): Promise<void> {
    this.refuseWhileInFlight('trackStill');
    this.reset();
    const start = now();
    const timings = stageTimings ?? scratchTimings;
    const pixels = toPixelFrame(image);
    try {
      // The palm detector looks once, after the body path; the refinement passes then follow
      // every hand found from its own landmarks.
      await this.trackFrame(pixels, null, out, timings, 'still');
      await this.hands?.still.refine(pixels, out, timings, () => this.reset());
      timings[TrackerStage.total] = now() - start;
    } finally {
      this.reset();
    }
  }

  /**
   * Runs every model once on a blank frame (shader compilation on WebGPU, kernel set-up on WASM),
   * so that the first real frame is not the slow one; on WebGPU also records every model for
   * replay (`replayGraphs`) and makes the one-submission frame for frames of `width` x `height`
   * (`fusedFrame`). Leaves no tracking state behind.
   */
  async warmUp(width = 640, height = 480): Promise<void> {
    this.refuseWhileInFlight('warmUp');
    const blank: PixelFrame = { data: new Uint8Array(width * height * 3).fill(127), width, height, channels: 3 };
    try {
      // A blank frame runs the pose detector; the landmark models, which only run once something
      // is found, are run directly.
      await this.track(blank, null, warmUpFrame());
      const runs = [...this.pose.warmUpRun(), ...(this.hands?.runner.warmUpRun() ?? [])];
      await Promise.all(runs.map((t) => t.data()));
      tf.dispose(runs);
      await this.hands?.palms?.warmUp();
      if (this.options.replayGraphs && !this.replays && webGpuBackendInternals()) await this.recordGraphs(width, height);
    } finally {
      this.reset();
    }
  }

  dispose(): void {
    this.oneSubmission?.dispose();
    this.oneSubmission = null;
    this.replays?.dispose();
    this.replays = null;
    this.pose.dispose();
    this.hands?.runner.dispose();
    this.hands?.palms?.dispose();
  }

  /** Forgets the tracked pose and hands: the next frame starts from the detector. */
  reset(): void {
    this.refuseWhileInFlight('reset');
    this.pose.reset();
    this.tracks.forget();
    this.hands?.palms?.reset();
    this.scheduled.reset();
  }

  /** Which parts video frames run (TrackerOptions.schedule); null: every part on every frame. */
  get schedule(): TrackingSchedule | null {
    return this.options.schedule;
  }

  set schedule(value: TrackingSchedule | null) {
    this.options.schedule = checkedSchedule(value);
  }

  /** Frames tracked under a schedule, of which whole (the body ran), and the other hand's runs without it. */
  get scheduleCounts(): Readonly<ScheduleCounts> {
    return this.scheduled.counts;
  }

  get mirrored(): boolean {
    return this.options.mirrored;
  }

  set mirrored(value: boolean) {
    if (value !== this.options.mirrored) this.reset();
    this.options.mirrored = value;
  }

  /** The pose and hand landmark models loaded (hand: null when hands are not tracked). */
  get models(): { pose: PoseModelType; hand: HandModelType | null; palmDetector: boolean } {
    return { pose: this.options.poseModel, hand: this.hands ? this.options.handModel : null, palmDetector: (this.hands?.palms ?? null) !== null };
  }

  /** Times the pose detector has run (it reruns only when tracking is lost). */
  get detectorRuns(): number {
    return this.pose.detectorRuns;
  }

  /** Times the palm detector has run (0 without one). */
  get palmDetectorRuns(): number {
    return this.hands?.palms?.runs ?? 0;
  }

  /** Hand model batch size that runs both hands in one call (2), or 1 when the graph refuses it. */
  get handBatch(): number {
    return this.hands?.runner.batch ?? 1;
  }

  /** WebGPU frames by how their pose ran in the one submission (one_submission_frame.ts); zeros elsewhere. */
  get frameSubmissions(): Readonly<FrameSubmissionCounts> {
    return this.oneSubmission?.counts ?? NO_FRAME_SUBMISSIONS;
  }

  /** Overlapped frames (`overlapFrames`): frames submitted, in flight at most, crops from an older frame, the read-backs in flight at most. */
  get overlapCounts(): Readonly<FrameOverlapCounts> {
    const readBacks = this.oneSubmission?.readBacks;
    return {
      ...(this.overlapped?.counts ?? { submitted: 0, maxInFlight: 0, cropsFromOlderFrame: 0 }),
      maxReadBacksInFlight: readBacks?.maxInFlight ?? 0,
      submittedBeforeReadBack: readBacks?.submittedBeforeReadBack ?? 0,
    };
  }

  /** Models running from recorded dispatches (WebGPU), and those that could not be recorded, with why. */
  get graphReplays(): { replayed: number; skipped: string[] } {
    return { replayed: this.replays?.count ?? 0, skipped: this.replays?.skipped ?? [] };
  }

  /** The recorded graphs themselves (WebGPU; null before warm-up or elsewhere): for benches that watch their buffers. */
  get webGpuReplays(): TrackerGraphReplays | null {
    return this.replays;
  }

  /** One frame through the stages: the body, then the hands (in `pass`), timed per stage. */
  private async trackFrame(image: TrackerImage, timestampMs: number | null, out: LandmarkFrame, timings: Float64Array, pass: HandPass): Promise<void> {
    timings.fill(0);
    const start = now();
    this.oneSubmission?.beginFrame();
    const pixels = toPixelFrame(image);
    const frame = this.pose.beginFrame(pixels, this.replays !== null);
    out.imageWidth = pixels.width;
    out.imageHeight = pixels.height;
    out.timestampMs = timestampMs ?? 0;
    timings[TrackerStage.imageToTensor] = now() - start;
    try {
      await this.pose.track(frame, timestampMs, out, timings);
      // After the body, which with overlapped frames waits for this frame's turn: the frame
      // before it has then taken its hands at its own time.
      this.tracks.setCropTime(this.cropTime(timestampMs, pass));
      if (this.hands?.path.looksForHands(out, pass)) {
        await this.hands.path.track(pixels, out, timings, pass);
        if (pass === 'video') await this.lookAtNewHands(pixels, out, timings);
      } else this.tracks.loseBoth(out);
    } finally {
      frame.dispose();
      this.pose.endFrame();
      this.oneSubmission?.endFrame();
    }
    timings[TrackerStage.total] = now() - start;
  }

  /**
   * A scheduled frame without the body: the body's and the skipped hand's last landmarks stand,
   * the signing hand (and the other, on its turn) followed from its own (hand_path.ts follow).
   */
  private async followHands(pixels: PixelFrame, signingSide: HandSide, otherHand: boolean, timestampMs: number | null, out: LandmarkFrame, timings: Float64Array): Promise<void> {
    timings.fill(0);
    const start = now();
    this.oneSubmission?.beginFrame();
    out.imageWidth = pixels.width;
    out.imageHeight = pixels.height;
    out.timestampMs = timestampMs ?? 0;
    this.tracks.setCropTime(this.cropTime(timestampMs, 'video'));
    this.scheduled.fillSkipped(signingSide, otherHand, out);
    timings[TrackerStage.imageToTensor] = now() - start;
    try {
      await this.hands!.path.follow(pixels, signingSide, otherHand, out, timings);
      // Frames since a hand was found count the same with the body or without it: a hand found on a
      // whole frame gets its wider look on its own fifth frame, and its crop is smoothed after it,
      // as without a schedule (a held letter's body runs once a second: waiting for whole frames
      // left a new hand unsmoothed and without its wider look for seconds).
      await this.lookAtNewHands(pixels, out, timings);
    } finally {
      this.oneSubmission?.endFrame();
    }
    timings[TrackerStage.total] = now() - start;
  }

  /** Video: a newly found hand's wider look on its turn (wider_look.ts), the palm detector looking for the other hand on the same frame. */
  private async lookAtNewHands(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array): Promise<void> {
    const hands = this.hands!;
    if (this.tracks.widerLookDue(out)) await hands.palms?.lookAtNewHand(pixels, out, timings);
    await hands.widerLook.lookAtNewHands(pixels, out, timings);
  }

  /** The time the hands' next crops are smoothed at (hand_crop_smoothing.ts): video frames with a time, when smoothing is on. */
  private cropTime(timestampMs: number | null, pass: HandPass): number | null {
    return pass === 'video' && this.options.smoothing ? timestampMs : null;
  }

  /** Records every model once (after the warm-up compiled their shaders) for replay on each frame, and makes the one-submission frame. */
  private async recordGraphs(width: number, height: number): Promise<void> {
    const hands = this.hands;
    const replays = await TrackerGraphReplays.record({ ...this.pose.graphs(), handLandmarks: hands?.runner.graphs(), palmDetector: hands?.palms?.graphs() });
    this.replays = replays;
    if (hands) hands.runner.replays = replays;
    if (hands?.palms) hands.palms.replays = replays;
    if (!this.options.fusedFrame) return;
    this.oneSubmission = OneSubmissionFrame.create(replays, this.tracks, hands !== null, this.options.cropOnGpu, width, height, this.overlapped ? 2 : 1);
    if (this.oneSubmission) this.oneSubmission.turns = this.overlapped;
    this.pose.oneSubmission = this.oneSubmission;
    if (hands) hands.runner.oneSubmission = this.oneSubmission;
  }

  private overlappedFrames(what: string): OverlappedFrames {
    if (!this.overlapped) throw new Error(`tracker.${what}: overlapped frames are off (TrackerOptions.overlapFrames); use track`);
    return this.overlapped;
  }

  /** `track`, `trackStill`, the warm-up and `reset` would run their steps, or change the state, between those of frames in flight. */
  private refuseWhileInFlight(what: string): void {
    if (this.overlapped && this.overlapped.inFlight > 0) throw new Error(`tracker.${what}: ${this.overlapped.inFlight} overlapped frame(s) in flight; collect them first`);
  }
}

let warmFrame: LandmarkFrame | null = null;
function warmUpFrame(): LandmarkFrame {
  warmFrame ??= createLandmarkFrame(0, 0);
  return warmFrame;
}
