import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, POINT_STRIDE, X, Y } from '../core/landmark_layout.ts';
import { keepTrackedHandRect } from './calculators/choose_hand_rect.ts';
import { handednessToSide } from './calculators/handedness_to_side.ts';
import { handRectFromLandmarks } from './calculators/hand_rect_from_landmarks.ts';
import { handRectFromPose } from './calculators/hand_rect_from_pose.ts';
import { nearestWristSide } from './calculators/nearest_wrist_side.ts';
import { projectHandLandmarks } from './calculators/project_hand_landmarks.ts';
import { transformRect } from './calculators/transform_rect.ts';
import {
  HAND_INPUT_SIZE,
  HAND_PRESENCE_THRESHOLD,
  HAND_RECROP_RETRY_FRAMES,
  HAND_RECT_FROM_LANDMARKS_TRANSFORM,
  HAND_RECT_FROM_POSE_TRANSFORM,
  TrackerStage,
} from './constants.ts';
import { HAND_RAW_LENGTH, type HandModelOutput } from './hand_model_output.ts';
import type { HandModelRunner } from './hand_model_runner.ts';
import { anyHandPresent, HAND_SIDES, POSE_HAND_POINTS, type HandSide } from './hand_side.ts';
import type { HandTracks } from './hand_tracks.ts';
import type { PalmSearch, PalmSearchMode } from './palm_search.ts';
import { addStageTime, now } from './stage_timings.ts';
import type { ResolvedTrackerOptions } from './tracker_options.ts';
import { copyRect, createNormalizedRect, type NormalizedRect, type PixelFrame } from './types.ts';

/**
 * Which pass over a frame the hands are tracked in: a video frame; a still image's first pass; a
 * still image's refinement pass (each hand cropped from its own landmarks, no palm detector).
 * A still image's passes look for hands without a body whatever `handsWithoutPose` says.
 */
export type HandPass = 'video' | 'still' | 'refine';
const PALM_MODE: Record<HandPass, PalmSearchMode> = { video: 'video', still: 'still', refine: 'off' };

/**
 * MediaPipe Holistic's hand path, then the palm search for the hands it misses, then the whole
 * frame when nothing found a hand: each side's rect from the hand's own last landmarks while they
 * stay at that side's pose wrist, else from the pose's wrist, index and pinky; the hand model on
 * the rects; a loose pose crop that found no hand re-cropped once from its own landmarks; both
 * crops on one hand resolved. Owns which sides run this frame and the re-crop's buffers.
 * ref: mediapipe/modules/holistic_landmark/hand_landmarks_left_and_right_gpu.pbtxt
 */
export class HandPath {
  /** The sides whose rects run this frame, their rects, and the sides re-cropped. */
  private readonly sides: HandSide[] = [];
  private readonly rects: NormalizedRect[] = [];
  private readonly recropSides: HandSide[] = [];
  /** A hand's landmarks before it is accepted (frame coordinates): a re-crop's on its loose crop, the whole frame's for its wrist. */
  private readonly recropHand = new Float32Array(HAND_POINT_COUNT * POINT_STRIDE);
  /** The whole frame, squared: the crop of a hand seen without a body. */
  private readonly wholeFrame = createNormalizedRect();
  private readonly wholeFrameRects = [this.wholeFrame];

  constructor(
    private readonly runner: HandModelRunner,
    private readonly tracks: HandTracks,
    private readonly palms: PalmSearch | null,
    private readonly options: ResolvedTrackerOptions,
  ) {}

  /** Whether a hand is looked for in this frame at all (a body, hands without one, or a palm detector to find them). */
  looksForHands(out: LandmarkFrame, pass: HandPass): boolean {
    return out.present[Part.pose] === 1 || this.withoutBody(pass) || this.palms !== null;
  }

  /** The frame's hands into `out`: the body path, the palm search, the whole frame (see the class). */
  async track(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array, pass: HandPass): Promise<void> {
    const start = now();
    const sides = this.chooseRects(out, pass);
    addStageTime(timings, TrackerStage.handCrop, now() - start);
    if (sides.length > 0) await this.trackFromRects(pixels, sides, out, timings);
    const palmMode = PALM_MODE[pass];
    const lookedUpright = this.palms?.shouldLook(out, palmMode) === true && (await this.palms.look(pixels, out, timings, palmMode));
    // No hand at all, and no body to lead to one (or a body that led to none and the palm
    // detector, looking at the frame upright, found none either: a hand close to the camera read
    // as a body): the whole frame is the crop.
    const noBody = sides.length === 0 && out.present[Part.pose] === 0;
    if ((noBody || lookedUpright) && !anyHandPresent(out) && this.withoutBody(pass)) {
      await this.findHandWithoutPose(pixels, out, timings, pass);
    }
  }

  /**
   * A scheduled frame without the body: the signing hand, and the other when its turn has come,
   * each followed from its own last landmarks (no re-crop: the rects are not the pose's). A hand
   * not found is lost; the schedule then makes the next frame whole.
   */
  async follow(pixels: PixelFrame, signingSide: HandSide, otherHand: boolean, out: LandmarkFrame, timings: Float64Array): Promise<void> {
    const sides = this.sides;
    sides.length = 0;
    // Left first, as the body path batches them.
    if (otherHand && signingSide === 1) sides.push(0);
    sides.push(signingSide);
    for (const side of sides) this.tracks.of(side).rectFromPose = false;
    await this.trackFromRects(pixels, sides, out, timings);
  }

  /**
   * No body in view (a close-up of a hand, a hand-only recording): the whole frame, squared, is
   * the crop (after the palm detector, when there is one, found nothing). The model's handedness
   * output gives the side, as nothing better exists (handedness_to_side.ts).
   */
  async findHandWithoutPose(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array, pass: HandPass): Promise<void> {
    const width = out.imageWidth;
    const height = out.imageHeight;
    const rect = this.wholeFrame;
    const side = Math.max(width, height);
    rect.xCenter = 0.5;
    rect.yCenter = 0.5;
    rect.width = side / width;
    rect.height = side / height;
    rect.rotation = 0;
    const result = await this.runner.run(pixels, this.wholeFrameRects, 1, timings);
    const start = now();
    const score = result.presence[0]!;
    if (score >= HAND_PRESENCE_THRESHOLD) {
      // In video with a body in view (its wrists led to no hand, nor did the palm detector), the
      // nearest wrist's side: the handedness of a hand seen in the whole frame can be wrong, and
      // the body path would then crop its side at the other wrist and lose it.
      const bodySide = pass === 'video' && out.present[Part.pose] === 1;
      const hand = this.recropHand;
      if (bodySide) projectHandLandmarks(result.landmarks, 0, HAND_INPUT_SIZE, rect, score, hand);
      const side = bodySide ? nearestWristSide(out.pose, hand[X]!, hand[Y]!, width, height) : handednessToSide(result.handedness[0]!, this.options.mirrored);
      const track = this.tracks.of(side);
      track.accept(result.landmarks, 0, rect, score, out);
      // On a still image (found in its first pass, or after its refinement lost every hand), and
      // in video beside a body, the next passes follow this hand from its own landmarks, as a
      // palm's: a body's wrist that led to no hand would take them elsewhere.
      if (pass !== 'video' || bodySide) track.foundByPalm = true;
    }
    addStageTime(timings, TrackerStage.projection, now() - start);
  }

  private withoutBody(pass: HandPass): boolean {
    return pass !== 'video' || this.options.handsWithoutPose;
  }

  /**
   * Each side's rect for this frame: from the hand's last landmarks while they stay at this side's
   * wrist, else from the pose. Without a pose, a hand already tracked goes on from its landmarks
   * when hands are looked for without a body. Returns the sides that run.
   */
  private chooseRects(out: LandmarkFrame, pass: HandPass): HandSide[] {
    const width = out.imageWidth;
    const height = out.imageHeight;
    const sides = this.sides;
    sides.length = 0;
    for (const side of HAND_SIDES) {
      const track = this.tracks.of(side);
      const points = POSE_HAND_POINTS[side];
      const poseOk = out.present[Part.pose] === 1 && handRectFromPose(out.pose, points.wrist, points.index, points.pinky, width, height, track.poseRect);
      track.rectFromPose = false;
      if (track.framesBeforeRecrop > 0) track.framesBeforeRecrop--;
      if (track.tracked && track.foundByPalm) {
        // A hand the palm detector found (the body's wrist did not lead to it): followed from its
        // own landmarks while it is there, as MediaPipe Hands does.
        sides.push(side);
      } else if (poseOk) {
        track.foundByPalm = false;
        transformRect(track.poseRect, width, height, HAND_RECT_FROM_POSE_TRANSFORM);
        if (!track.tracked || !keepTrackedHandRect(track.rect, track.poseRect, width, height)) {
          copyRect(track.poseRect, track.rect);
          track.rectFromPose = true;
        }
        sides.push(side);
      } else if (track.tracked && this.withoutBody(pass)) {
        sides.push(side);
      } else {
        track.lose(out);
      }
    }
    return sides;
  }

  /** The hand model on each side's rect, the re-crop of loose pose crops, duplicates dropped. */
  private async trackFromRects(pixels: PixelFrame, sides: readonly HandSide[], out: LandmarkFrame, timings: Float64Array): Promise<void> {
    const width = out.imageWidth;
    const height = out.imageHeight;
    const result = await this.runModelOnTracks(pixels, sides, timings);

    // Back to frame coordinates; the next frame's rect comes from these landmarks.
    let projectStart = now();
    const recrop = this.recropSides;
    recrop.length = 0;
    for (let i = 0; i < sides.length; i++) {
      const track = this.tracks.of(sides[i]!);
      const score = result.presence[i]!;
      if (score >= HAND_PRESENCE_THRESHOLD) {
        track.accept(result.landmarks, i, track.rect, score, out);
        continue;
      }
      track.lose(out);
      if (track.rectFromPose && track.framesBeforeRecrop === 0) {
        // Re-crop: the pose's rect is loose (2.7 times the wrist-to-knuckles span) and a small or
        // foreshortened hand fills little of it. Holistic refines that rect with its re-crop model
        // before the landmark model judges the hand; we refine it once with the landmark model's
        // own points on the loose crop, which land on the hand even when it scores low.
        // ref: mediapipe/modules/holistic_landmark/hand_recrop_by_roi_gpu.pbtxt
        projectHandLandmarks(result.landmarks, i * HAND_RAW_LENGTH, HAND_INPUT_SIZE, track.rect, score, this.recropHand);
        handRectFromLandmarks(this.recropHand, width, height, track.rect);
        transformRect(track.rect, width, height, HAND_RECT_FROM_LANDMARKS_TRANSFORM);
        recrop.push(track.side);
      }
    }
    addStageTime(timings, TrackerStage.projection, now() - projectStart);
    if (recrop.length > 0) {
      const again = await this.runModelOnTracks(pixels, recrop, timings);
      projectStart = now();
      for (let i = 0; i < recrop.length; i++) {
        const track = this.tracks.of(recrop[i]!);
        const score = again.presence[i]!;
        if (score >= HAND_PRESENCE_THRESHOLD) track.accept(again.landmarks, i, track.rect, score, out);
        // A hand that is not there (or not found) would cost a second model run every frame:
        // after a failed re-crop, the next few frames go without.
        else track.framesBeforeRecrop = HAND_RECROP_RETRY_FRAMES;
      }
      addStageTime(timings, TrackerStage.projection, now() - projectStart);
    }
    projectStart = now();
    this.tracks.dropDuplicateHand(out);
    addStageTime(timings, TrackerStage.projection, now() - projectStart);
  }

  /** The hand model on the sides' rects: the crops that rode along with the pose when they are these (WebGPU), else a run. */
  private async runModelOnTracks(pixels: PixelFrame, sides: readonly HandSide[], timings: Float64Array): Promise<HandModelOutput> {
    const runner = this.runner;
    if (runner.oneSubmission?.takeCarried(sides, runner.output)) return runner.output;
    const rects = this.rects;
    rects.length = 0;
    for (const side of sides) rects.push(this.tracks.of(side).rect);
    return runner.run(pixels, rects, sides.length, timings);
  }
}
