import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { HandPoint, Part, POINT_STRIDE, PosePoint, X, Y } from '../core/landmark_layout.ts';
import { handRectFromLandmarks } from './calculators/hand_rect_from_landmarks.ts';
import { projectHandLandmarks } from './calculators/project_hand_landmarks.ts';
import { transformRect } from './calculators/transform_rect.ts';
import { HAND_INPUT_SIZE, HAND_RECT_FROM_LANDMARKS_TRANSFORM, VIDEO_WIDER_LOOK_AFTER_FRAMES } from './constants.ts';
import { handLandmarks, handPart, HandSide } from './hand_side.ts';
import { HandCropSmoothing } from './hand_crop_smoothing.ts';
import { HAND_RAW_LENGTH } from './hand_model_output.ts';
import { createNormalizedRect, type NormalizedRect } from './types.ts';

/**
 * One hand followed from frame to frame: the rect its next crop is cut from, and how that rect came
 * about. Allocated once per side; nothing here allocates per frame.
 * ref: mediapipe/modules/hand_landmark/hand_landmark_tracking_cpu.pbtxt (the last frame's hand
 * rects fed back, PreviousLoopbackCalculator)
 */
export class HandTrack {
  /** The rect the hand's next crop is cut from: from its own last landmarks while tracked, else from the pose. */
  readonly rect: NormalizedRect = createNormalizedRect();
  /** This frame's rect from the pose's wrist, index and pinky (enlarged), when the pose gave one. */
  readonly poseRect: NormalizedRect = createNormalizedRect();
  /** The hand was found in the last frame: `rect` comes from its landmarks. */
  tracked = false;
  /** This frame's crop was taken from the pose (not from the hand's own last landmarks). */
  rectFromPose = false;
  /** Frames left before a failed re-crop of this side is tried again (HAND_RECROP_RETRY_FRAMES). */
  framesBeforeRecrop = 0;
  /** The palm detector found this hand (the body's wrist did not lead to it): it is followed from its own landmarks. */
  foundByPalm = false;
  /** Video: frames left until this newly found hand's wider look (0: none due). */
  framesToWiderLook = 0;
  /** The time (ms) of the video frame being tracked, whose hand's next crop is smoothed; null: not smoothed (still images, unrelated frames). */
  cropTimeMs: number | null = null;
  private readonly cropSmoothing = new HandCropSmoothing();

  constructor(readonly side: HandSide) {}

  /**
   * The hand model found this hand: its landmarks (row `index` of the model's raw output, cropped
   * from `cropRect`) projected into `out`, and the next frame's rect taken from them.
   */
  accept(raw: Float32Array, index: number, cropRect: NormalizedRect, presence: number, out: LandmarkFrame): void {
    const hand = handLandmarks(out, this.side);
    if (!this.tracked) this.framesToWiderLook = VIDEO_WIDER_LOOK_AFTER_FRAMES;
    projectHandLandmarks(raw, index * HAND_RAW_LENGTH, HAND_INPUT_SIZE, cropRect, presence, hand);
    out.present[handPart(this.side)] = 1;
    // A newly found hand's crop is refined from its raw landmarks until its wider look, as a still
    // image's hand is over its refinement passes; then smoothed. A hand found again from a crop
    // that was not its own landmarks' (the pose's, a palm's, the whole frame, the wider look)
    // starts the smoothing afresh.
    const smoothed = this.cropTimeMs !== null && this.framesToWiderLook === 0;
    if (!smoothed || this.rectFromPose || cropRect !== this.rect) this.cropSmoothing.reset();
    const cropHand = smoothed ? this.cropSmoothing.apply(hand, this.cropTimeMs!, out.imageWidth, out.imageHeight) : hand;
    handRectFromLandmarks(cropHand, out.imageWidth, out.imageHeight, this.rect);
    transformRect(this.rect, out.imageWidth, out.imageHeight, HAND_RECT_FROM_LANDMARKS_TRANSFORM);
    this.tracked = true;
  }

  /** Not found in this frame: no hand in `out`, and the next frame starts again. */
  lose(out: LandmarkFrame): void {
    out.present[handPart(this.side)] = 0;
    this.tracked = false;
    this.framesToWiderLook = 0;
  }

  /** Forgets the hand (a new video, a still image). */
  forget(): void {
    this.tracked = false;
    this.cropSmoothing.reset();
    this.framesBeforeRecrop = 0;
    this.foundByPalm = false;
    this.framesToWiderLook = 0;
  }
}

/** Both hands' tracks, indexed by HandSide. ref: mediapipe/modules/holistic_landmark/hand_landmarks_left_and_right_gpu.pbtxt */
export class HandTracks {
  readonly bySide: readonly [HandTrack, HandTrack] = [new HandTrack(HandSide.left), new HandTrack(HandSide.right)];

  of(side: HandSide): HandTrack {
    return this.bySide[side];
  }

  forget(): void {
    for (const track of this.bySide) track.forget();
  }

  /** The frame being tracked: a video frame's time (ms), whose hands' next crops are smoothed, or null (a still image's pass, an unrelated frame). */
  setCropTime(timestampMs: number | null): void {
    for (const track of this.bySide) track.cropTimeMs = timestampMs;
  }

  /** Video: whether a hand in `out` has its wider look in this frame (wider_look.ts lookAtNewHands). */
  widerLookDue(out: LandmarkFrame): boolean {
    return this.bySide.some((track) => track.framesToWiderLook === 1 && out.present[handPart(track.side)] === 1);
  }

  /** No hand in `out`, none tracked. */
  loseBoth(out: LandmarkFrame): void {
    for (const track of this.bySide) track.lose(out);
  }

  /**
   * Both crops can land on the same hand (hands crossed, one hidden): the one whose wrist is
   * farther from its own pose wrist is dropped.
   */
  dropDuplicateHand(out: LandmarkFrame): void {
    if (!out.present[Part.pose] || !out.present[Part.leftHand] || !out.present[Part.rightHand]) return;
    const left = out.leftHand;
    const right = out.rightHand;
    const w = out.imageWidth;
    const h = out.imageHeight;
    const wristGap = distance(left, HandPoint.wrist, right, HandPoint.wrist, w, h);
    const handSize = distance(left, HandPoint.wrist, left, HandPoint.middleMcp, w, h);
    if (wristGap > 0.5 * handSize) return;
    const leftMiss = distance(left, HandPoint.wrist, out.pose, PosePoint.leftWrist, w, h);
    const rightMiss = distance(right, HandPoint.wrist, out.pose, PosePoint.rightWrist, w, h);
    this.of(leftMiss > rightMiss ? HandSide.left : HandSide.right).lose(out);
  }
}

function distance(a: Float32Array, i: number, b: Float32Array, j: number, width: number, height: number): number {
  return Math.hypot((a[i * POINT_STRIDE + X]! - b[j * POINT_STRIDE + X]!) * width, (a[i * POINT_STRIDE + Y]! - b[j * POINT_STRIDE + Y]!) * height);
}
