import { HAND_ANGLE_NAMES } from '../angles/hand_angle_definitions.ts';
import { POSE_ANGLE_NAMES } from '../angles/pose_angle_definitions.ts';
import { createAngleFrame } from '../core/angle_frame.ts';
import { createLandmarkFrame } from '../core/landmark_frame.ts';
import { Part } from '../core/landmark_layout.ts';
import { copyMatchReport, createMatchReport, PartStatus, type MatchReport } from '../match/match_report.ts';
import type { CompiledSign } from '../practice/compiled_sign.ts';
import { createMatchModeRuntime, DEFAULT_MATCH_MODE, type MatchMode } from '../practice/match_mode.ts';
import { PracticeLoop, prepareAngleFrame } from '../practice/practice_loop.ts';
import { referenceSlice } from '../practice/reference_slice.ts';
import type { LandmarkSource } from '../recordings/landmark_source.ts';
import { RECORDING_FPS } from '../recordings/landmark_source.ts';

export interface RecordingScore {
  frames: number;
  /** Frames that match at least one frame of the reference's middle slice, as seen or mirrored. */
  matched: number;
  fraction: number;
  /** Whether the practice loop, fed these frames in order at `fps` judged frames per second
   * (cycling through them for up to `seconds`), completes the sign; after how many frames, and
   * after how many seconds of them. */
  completed: boolean;
  framesToComplete: number | null;
  secondsToComplete: number | null;
  /** Mean absolute angle error per joint, in degrees, against the closest slice frame. */
  meanAngleError: Record<string, Record<string, number>>;
}

function isBetter(candidate: MatchReport, best: MatchReport): boolean {
  if (candidate.matched !== best.matched) return candidate.matched;
  if (candidate.offCount !== best.offCount) return candidate.offCount < best.offCount;
  return candidate.offExcess < best.offExcess;
}

export interface ScoreOptions {
  mode?: MatchMode;
  /** Judged frames per second the completion pass is fed at (the recording's own timestamps are
   * replaced): 30 by default. */
  fps?: number;
  /** How long the completion pass goes on, cycling through the frames: by default once through. */
  seconds?: number;
  /**
   * What the completion pass feeds after the recording's last frame: 'cycle' (from the first
   * frame again, the default) or 'holdLast' (the last frame, held: a camera on someone who keeps
   * still, whose first frames are the tracker starting up).
   */
  afterEnd?: 'cycle' | 'holdLast';
}

/**
 * Scores a recording against a sign (the `score` command; also tests and benches) in a matching
 * mode (the app's default unless named): frame by frame against the best frame of the reference's
 * middle slice, then through the practice loop, fed at `fps`, for completion. Each of the two
 * passes has its own mode runtime, so each starts a fresh motion history.
 */
export function scoreRecording(sign: CompiledSign, source: LandmarkSource, options: ScoreOptions = {}): RecordingScore {
  const mode = options.mode ?? DEFAULT_MATCH_MODE;
  const fps = options.fps ?? RECORDING_FPS;
  if (!(fps > 0 && fps <= 240)) throw new Error(`fps must be between 0 and 240, got ${fps}`);
  const passFrames = options.seconds === undefined ? source.frameCount : Math.round(options.seconds * fps);
  const reference = sign.reference;
  const runtime = createMatchModeRuntime(mode);
  const slice = new Int32Array(2);
  referenceSlice(reference.frameCount, slice);
  const landmarks = createLandmarkFrame();
  const angles = createAngleFrame();
  const report = createMatchReport();
  const best = createMatchReport();
  const sums = { pose: new Float64Array(4), leftHand: new Float64Array(16), rightHand: new Float64Array(16) };
  const counts = { pose: 0, leftHand: 0, rightHand: 0 };
  let matched = 0;

  for (let i = 0; i < source.frameCount; i++) {
    source.read(i, landmarks);
    prepareAngleFrame(landmarks, angles, runtime);
    let haveBest = false;
    for (let r = slice[0]!; r < slice[0]! + slice[1]!; r++) {
      runtime.matcher(angles, sign, r, report);
      if (!haveBest || isBetter(report, best)) {
        copyMatchReport(report, best);
        haveBest = true;
      }
    }
    if (best.matched) matched++;
    const add = (part: 'pose' | 'leftHand' | 'rightHand', errors: Float32Array) => {
      const status = best.partStatus[Part[part]];
      if (status !== PartStatus.ok && status !== PartStatus.off) return;
      counts[part]++;
      for (let j = 0; j < errors.length; j++) sums[part][j]! += Math.abs(errors[j]!);
    };
    add('pose', best.poseError);
    add('leftHand', best.leftHandError);
    add('rightHand', best.rightHandError);
  }

  const meanAngleError: Record<string, Record<string, number>> = {};
  const names = { pose: POSE_ANGLE_NAMES, leftHand: HAND_ANGLE_NAMES, rightHand: HAND_ANGLE_NAMES };
  for (const part of ['pose', 'leftHand', 'rightHand'] as const) {
    if (counts[part] === 0) continue;
    meanAngleError[part] = Object.fromEntries(names[part].map((name, j) => [name, Math.round((sums[part][j]! / counts[part]) * 10) / 10]));
  }

  let framesToComplete: number | null = null;
  let secondsToComplete: number | null = null;
  let fed = 0;
  const loop = new PracticeLoop([{ name: reference.signName, compiled: sign }], {
    mode,
    onEvent: (event) => {
      if (event.type === 'signComplete' && !event.skipped) {
        framesToComplete = fed;
        secondsToComplete = Math.round(event.atMs) / 1000;
      }
    },
  });
  loop.start(0);
  const holdLast = options.afterEnd === 'holdLast';
  for (let i = 0; i < passFrames && source.frameCount > 0 && loop.phase === 'practising'; i++) {
    source.read(holdLast ? Math.min(i, source.frameCount - 1) : i % source.frameCount, landmarks);
    fed = i + 1;
    const nowMs = ((i + 1) * 1000) / fps;
    landmarks.timestampMs = nowMs;
    loop.onLandmarks(landmarks, nowMs);
  }

  return {
    frames: source.frameCount,
    matched,
    fraction: source.frameCount === 0 ? 0 : matched / source.frameCount,
    completed: framesToComplete !== null,
    framesToComplete,
    secondsToComplete,
    meanAngleError,
  };
}
