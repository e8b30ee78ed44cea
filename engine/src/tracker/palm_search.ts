import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { HAND_POINT_COUNT, HandPoint, Part, POINT_STRIDE, SCORE, X, Y } from '../core/landmark_layout.ts';
import { handednessToSide } from './calculators/handedness_to_side.ts';
import { nearestWristSide } from './calculators/nearest_wrist_side.ts';
import { projectHandLandmarks } from './calculators/project_hand_landmarks.ts';
import {
  HAND_INPUT_SIZE,
  HAND_PRESENCE_THRESHOLD,
  PALM_REACQUIRE_INTERVAL_FRAMES,
  PALM_TURNS_DEGREES,
  TrackerStage,
} from './constants.ts';
import type { HandModelRunner } from './hand_model_runner.ts';
import { HAND_SIDES, handLandmarks, HandSide, isHandPresent, otherSide } from './hand_side.ts';
import type { HandTracks } from './hand_tracks.ts';
import { PalmDetector } from './palm_detector.ts';
import { addStageTime, now } from './stage_timings.ts';
import type { ResolvedTrackerOptions } from './tracker_options.ts';
import type { NormalizedRect, PixelFrame } from './types.ts';
import type { TrackerGraphReplays, TrackerGraphs } from './webgpu/tracker_graph_replays.ts';

/**
 * When the palm detector looks: 'video', to re-acquire when no hand is found (one turn of the
 * frame a frame, through the still image's turns, then a wait of PALM_REACQUIRE_INTERVAL_FRAMES
 * before the next round); 'still', on a still image's first pass, whenever a side has no hand
 * (upright, then the turns while none is found); 'off', never (a still image's refinement passes).
 */
export type PalmSearchMode = 'video' | 'still' | 'off';

/**
 * MediaPipe Hands' first stage for the hands the body path missed: palms found in the whole frame
 * (palm_detector.ts), each palm's rotated rect cropped for the hand landmark model. A palm on a
 * hand already found is skipped unless surer. Left or right: the side of the nearest pose wrist
 * when there is a body, else the hand model's handedness (as for a hand seen without a body).
 * Owns the detector, when it looks again in video, and which turn it tries next.
 * ref: mediapipe/modules/hand_landmark/hand_landmark_tracking_cpu.pbtxt
 */
export class PalmSearch {
  /** WebGPU: the recorded graphs (set at warm-up): the detector runs from its replay. */
  replays: TrackerGraphReplays | null = null;
  /** Video: frames left before the detector may look again. */
  private wait = 0;
  /** Video: the next turn of this round of looking (an index into PALM_TURNS_DEGREES). */
  private turn = 0;
  private readonly rects: NormalizedRect[] = [];
  /** A palm's hand in frame coordinates, its landmark box, and a found hand's box. */
  private readonly hand = new Float32Array(HAND_POINT_COUNT * POINT_STRIDE);
  private readonly handBounds = new Float32Array(4);
  private readonly foundBounds = new Float32Array(4);

  constructor(
    readonly detector: PalmDetector,
    private readonly runner: HandModelRunner,
    private readonly tracks: HandTracks,
    private readonly options: ResolvedTrackerOptions,
  ) {}

  /** Times the detector has run. */
  get runs(): number {
    return this.detector.runs;
  }

  /** Forgets the video's wait and turns: the next frame without a hand is looked at upright. */
  reset(): void {
    this.wait = 0;
    this.turn = 0;
  }

  /**
   * Whether the detector looks in this frame: on a still image when a side has no hand; in video
   * only when no hand at all was found, one turn a frame through a round of the still image's
   * turns, then not for PALM_REACQUIRE_INTERVAL_FRAMES frames (a frame whose hand the body path or
   * the tracking holds never pays for it; a hand found ends the round, and the next one starts
   * upright).
   */
  shouldLook(out: LandmarkFrame, mode: PalmSearchMode): boolean {
    if (mode === 'off') return false;
    const left = isHandPresent(out, HandSide.left);
    const right = isHandPresent(out, HandSide.right);
    if (mode === 'still') return !left || !right;
    if (this.wait > 0) this.wait--;
    if (left || right) this.turn = 0;
    return !left && !right && this.wait === 0;
  }

  /**
   * The detector's runs for this frame: which turns of the frame (PALM_TURNS_DEGREES). Returns
   * whether it looked at the frame upright (a still image always does; video on the first frame of
   * each round).
   */
  async look(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array, mode: PalmSearchMode): Promise<boolean> {
    if (mode === 'video') {
      const turn = PALM_TURNS_DEGREES[this.turn]!;
      this.turn = (this.turn + 1) % PALM_TURNS_DEGREES.length;
      if (this.turn === 0) this.wait = PALM_REACQUIRE_INTERVAL_FRAMES;
      await this.findHands(pixels, out, timings, turn, mode);
      return turn === 0;
    }
    for (const turn of PALM_TURNS_DEGREES) {
      if (turn !== 0 && (isHandPresent(out, HandSide.left) || isHandPresent(out, HandSide.right))) break;
      await this.findHands(pixels, out, timings, turn, mode);
    }
    return true;
  }

  /**
   * Video: a hand newly found from the body's wrist or a palm is looked at again as a still
   * image's first pass looks at it: the detector once, upright, when a side has no hand, each
   * palm's hand kept when new or surer. A weak crop from the body's wrist (a knot of fingers read
   * as a hand) otherwise holds the hand and keeps the detector from ever looking (it looks in video
   * only while no hand is found). Run on the frame of the hand's wider look (HandTracks.widerLookDue).
   */
  async lookAtNewHand(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array): Promise<void> {
    if (isHandPresent(out, HandSide.left) && isHandPresent(out, HandSide.right)) return;
    await this.findHands(pixels, out, timings, 0, 'still');
  }

  /** The detector once on a grey input (kernel set-up, shader compilation). */
  warmUp(): Promise<void> {
    return this.detector.warmUp();
  }

  /** The detector as the WebGPU recording needs it. */
  graphs(): TrackerGraphs['palmDetector'] {
    return { model: this.detector.model, inputShape: PalmDetector.inputShape, outputs: PalmDetector.outputs };
  }

  dispose(): void {
    this.detector.dispose();
  }

  /** The palms in the frame turned by `turnDegrees`, each palm's hand kept when it is new or surer. */
  private async findHands(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array, turnDegrees: number, mode: PalmSearchMode): Promise<void> {
    const palm = this.detector;
    const start = now();
    const count = await palm.detect(pixels, this.replays?.palm(), turnDegrees);
    addStageTime(timings, TrackerStage.palmDetector, now() - start);
    for (let i = 0; i < count; i++) {
      const rect = palm.handRects[i]!;
      this.rects[0] = rect;
      const result = await this.runner.run(pixels, this.rects, 1, timings);
      const score = result.presence[0]!;
      const projectStart = now();
      if (score >= HAND_PRESENCE_THRESHOLD) {
        const hand = this.hand;
        projectHandLandmarks(result.landmarks, 0, HAND_INPUT_SIZE, rect, score, hand);
        const bounds = this.handBounds;
        landmarkBounds(hand, bounds);
        const x = hand[HandPoint.wrist * POINT_STRIDE + X]!;
        const y = hand[HandPoint.wrist * POINT_STRIDE + Y]!;
        // On a hand found already (the body path's, or another palm's): the surer of the two stays.
        const found = this.foundHandAt(bounds[0]!, bounds[1]!, bounds[2]!, bounds[3]!, out);
        const side = found === null ? this.sideOfPalmHand(x, y, result.handedness[0]!, out) : score > handLandmarks(out, found)[SCORE]! ? found : null;
        if (side !== null) {
          const track = this.tracks.of(side);
          track.accept(result.landmarks, 0, rect, score, out);
          track.foundByPalm = true;
        }
      }
      addStageTime(timings, TrackerStage.projection, now() - projectStart);
    }
  }

  /**
   * The side of a hand found already that a box (normalised xmin, ymin, xmax, ymax: a hand's
   * landmarks) lies on: more than half of the smaller of the box and that hand's landmark box
   * overlap; null when none. Two palms of one hand (NMS keeps boxes that overlap by 0.3 IoU or
   * less), or a palm on the body path's hand, then give no second hand.
   */
  private foundHandAt(xmin: number, ymin: number, xmax: number, ymax: number, out: LandmarkFrame): HandSide | null {
    const found = this.foundBounds;
    for (const side of HAND_SIDES) {
      if (!isHandPresent(out, side)) continue;
      landmarkBounds(handLandmarks(out, side), found);
      const width = Math.min(xmax, found[2]!) - Math.max(xmin, found[0]!);
      const height = Math.min(ymax, found[3]!) - Math.max(ymin, found[1]!);
      if (width <= 0 || height <= 0) continue;
      const smaller = Math.min((xmax - xmin) * (ymax - ymin), (found[2]! - found[0]!) * (found[3]! - found[1]!));
      if (width * height > 0.5 * smaller) return side;
    }
    return null;
  }

  /**
   * The side for a hand the palm detector found, its wrist at (x, y): the nearest pose wrist's
   * side when a body is present, else the model's handedness (right in a mirror image, hence the
   * swap for unmirrored frames); the other side when that one is taken; null when both are.
   */
  private sideOfPalmHand(x: number, y: number, handedness: number, out: LandmarkFrame): HandSide | null {
    let side: HandSide;
    if (out.present[Part.pose]) {
      side = nearestWristSide(out.pose, x, y, out.imageWidth, out.imageHeight);
    } else {
      side = handednessToSide(handedness, this.options.mirrored);
    }
    if (!isHandPresent(out, side)) return side;
    return isHandPresent(out, otherSide(side)) ? null : otherSide(side);
  }
}

/** The bounding box of a hand's 21 landmarks (normalised): out = xmin, ymin, xmax, ymax. */
function landmarkBounds(hand: Float32Array, out: Float32Array): void {
  out[0] = out[1] = Infinity;
  out[2] = out[3] = -Infinity;
  for (let i = 0; i < HAND_POINT_COUNT; i++) {
    const x = hand[i * POINT_STRIDE + X]!;
    const y = hand[i * POINT_STRIDE + Y]!;
    if (x < out[0]!) out[0] = x;
    if (x > out[2]!) out[2] = x;
    if (y < out[1]!) out[1] = y;
    if (y > out[3]!) out[3] = y;
  }
}
