import type { AngleFrame } from '../core/angle_frame.ts';
import { HAND_ANGLE_COUNT } from '../core/constants.ts';
import { Part } from '../core/landmark_layout.ts';
import { POSE_ANGLE_NAMES } from '../angles/pose_angle_definitions.ts';
import type { HandAngles, PoseAngles, ReferenceFrame, ReferenceSign } from './reference_sign_schema.ts';
import { smoothAngleSeries } from './smooth_angle_series.ts';

/** Frames in the reference's temporal median (0.3 s at 30 fps): see smooth_angle_series.ts. */
export const REFERENCE_SMOOTHING_FRAMES = 9;

/** Angles are stored to 0.1 degree: finer than any tracker's noise, and a third of the bytes. */
const round1 = (value: number) => Math.round(value * 10) / 10;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The spread of one angle over the recording: the range between its 5th and 95th percentiles. */
function spread(values: number[]): number {
  if (values.length < 2) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.round(q * (sorted.length - 1))]!;
  return at(0.95) - at(0.05);
}

/**
 * A part's degreesOfFreedom: how much the sign itself moves that part, taken as the median over
 * its angles of each angle's spread. For a held handshape it stays small and the angle rule's 75-degree
 * floor rules; for a moving sign (J, Z) it grows and loosens the hand tolerance as product.md §5 Validation allows.
 * The median, not the widest angle: in 2D a finger curled towards the camera is foreshortened and
 * its projected angles swing widely (L's curled middle finger spans over 100 degrees in a held
 * recording), and one such joint must not loosen the tolerance of the whole hand.
 */
function degreesOfFreedom(frames: readonly AngleFrame[], part: 'leftHand' | 'rightHand' | 'pose', count: number): number {
  const partIndex = Part[part];
  const present = frames.filter((f) => f.present[partIndex] === 1);
  if (present.length === 0) return 0;
  const spreads: number[] = [];
  for (let j = 0; j < count; j++) spreads.push(spread(present.map((f) => f[part][j]!)));
  spreads.sort((a, b) => a - b);
  return round1(spreads[Math.floor(spreads.length / 2)]!);
}

export interface ReferenceSignOptions {
  /** The frames the record keeps, as indices into the recording's frames, in order (after
   * smoothing, which sees every frame): a held sign's natural hold (natural_hold.ts). All when absent. */
  keep?: readonly number[];
  /** The rate the kept frames stand for; the record's `fps`. */
  fps?: number;
}

/**
 * Angle frames of a recording (all frames of the sign, in order) -> the `signs/{signName}`
 * record with one config keyed by `guideFileName`. Angles are median-smoothed over
 * REFERENCE_SMOOTHING_FRAMES first, over the whole recording; then the record keeps the frames
 * `options.keep` names (every frame by default; the practice engine takes the middle slice of
 * what is kept at practice time, product.md §4.7 Practice flow), and says their rate.
 */
export function buildReferenceSign(rawFrames: readonly AngleFrame[], guideFileName: string, options: ReferenceSignOptions = {}): ReferenceSign {
  if (rawFrames.length === 0) throw new Error(`buildReferenceSign: no frames for ${guideFileName}`);
  const smoothed = smoothAngleSeries(rawFrames, REFERENCE_SMOOTHING_FRAMES);
  const angleFrames = options.keep ? options.keep.map((i) => smoothed[i]!) : smoothed;
  if (angleFrames.length === 0) throw new Error(`buildReferenceSign: no frames kept for ${guideFileName}`);
  const poseDof = degreesOfFreedom(angleFrames, 'pose', POSE_ANGLE_NAMES.length);
  const leftDof = degreesOfFreedom(angleFrames, 'leftHand', HAND_ANGLE_COUNT);
  const rightDof = degreesOfFreedom(angleFrames, 'rightHand', HAND_ANGLE_COUNT);

  const hand = (angles: Float32Array, orientation: Float32Array, dof: number, shape: Float32Array | undefined): HandAngles => ({
    config: { degreesOfFreedom: dof },
    angles: Array.from(angles, round1),
    orientation: Array.from(orientation, round3),
    // Precise mode's shape features, when the frames were computed with a PreciseFeatureTracker.
    ...(shape ? { shape: Array.from(shape, round1) } : {}),
  });
  const shapeOf = (f: AngleFrame, side: 0 | 1) => (f.shapePresent?.[side] === 1 ? (side === 0 ? f.leftHandShape : f.rightHandShape) : undefined);

  const frames = angleFrames.map((f): ReferenceFrame => {
    const frame: ReferenceFrame = {};
    if (f.present[Part.pose] === 1) {
      const pose: PoseAngles = {
        config: { degreesOfFreedom: poseDof },
        angles: {
          leftShoulderElbowWrist: round1(f.pose[0]!),
          rightShoulderElbowWrist: round1(f.pose[1]!),
          leftHipShoulderElbow: round1(f.pose[2]!),
          rightHipShoulderElbow: round1(f.pose[3]!),
        },
      };
      frame.pose = pose;
    }
    if (f.present[Part.leftHand] === 1) frame.left_hand = hand(f.leftHand, f.leftHandOrientation, leftDof, shapeOf(f, 0));
    if (f.present[Part.rightHand] === 1) frame.right_hand = hand(f.rightHand, f.rightHandOrientation, rightDof, shapeOf(f, 1));
    return frame;
  });
  return { configs: { [guideFileName]: frames }, ...(options.fps === undefined ? {} : { fps: options.fps }) };
}
