import { z } from 'zod';
import { HAND_ANGLE_COUNT, HAND_ORIENTATION_COUNT, SHAPE_FEATURE_COUNT, SHAPE_LIMIT } from '../core/constants.ts';

/**
 * The `signs/{signName}` record of SPEC 3, validated where it enters the engine.
 * configs: keyed by the guide animation's file name (served at gifs/{language}/{fileName}); each
 * value is the list of reference frames. A frame holds `pose`, `left_hand` and `right_hand`; a part
 * that the recording lacks is an absent key (the Realtime Database drops nulls; null is accepted too).
 *
 * Beyond the SPEC: the record's `fps` (the frames' rate; 30 when absent), `handshape` (the
 * handshape judge's model), `calibration` (the frames precise mode calibrates on) and `movement`
 * (the course of a sign that moves, for the judge of moving signs) and `guide` (the recorded
 * skeleton, replayed as the guide of a sign recorded from a clip), and, per
 * hand frame, optional fields for the precise mode: `orientation`
 * ([directionX, directionY, palmFacing], angles/compute_hand_orientation.ts), and its `shape`
 * (fingertips in the palm's frame, index/middle crossing, motion: precise/precise_features.ts).
 */
const angle = z.number().finite().min(0).max(180);

const partConfigSchema = z.object({
  degreesOfFreedom: z.number().finite().min(0).max(180),
});

export const handAnglesSchema = z.object({
  config: partConfigSchema,
  angles: z.array(angle).length(HAND_ANGLE_COUNT),
  orientation: z.array(z.number().finite().min(-1).max(1)).length(HAND_ORIENTATION_COUNT).optional(),
  shape: z.array(z.number().finite().min(-SHAPE_LIMIT).max(SHAPE_LIMIT)).length(SHAPE_FEATURE_COUNT).optional(),
});

export const poseAnglesSchema = z.object({
  config: partConfigSchema,
  angles: z.object({
    leftShoulderElbowWrist: angle,
    rightShoulderElbowWrist: angle,
    leftHipShoulderElbow: angle,
    rightHipShoulderElbow: angle,
  }),
});

export const referenceFrameSchema = z.object({
  pose: poseAnglesSchema.nullish(),
  left_hand: handAnglesSchema.nullish(),
  right_hand: handAnglesSchema.nullish(),
});

/** Prototype descriptor vectors of a handshape (handshape/hand_descriptors.ts), one array each. */
const prototypesSchema = z.array(z.array(z.number().finite())).min(1, 'a handshape needs at least one prototype');

/**
 * The handshape judge's model of a sign (beyond the SPEC; handshape/build_handshape_models.ts):
 * the names of the descriptors its vectors hold (a judge with other descriptors ignores the
 * model), which fingers the sign extends and which it folds, whether it is held still or moves,
 * the speed limit (palm lengths per second: the
 * most a held sign's hand may move, the least a moving sign's must), the sign's prototype
 * vectors, and the prototypes of the signs it is most easily confused with, by sign name, with
 * their definitions.
 */
const fingersSchema = z.array(z.enum(['extended', 'folded', 'curled', 'either'])).length(4);
const pointsSchema = z.enum(['up', 'sideways', 'down', 'any']);
const hookSchema = z.enum(['hooked', 'straight']);
const crossingSchema = z.enum(['crossed', 'uncrossed', 'together', 'apart', 'thumbBetween']);
const pointsWithSchema = z.enum(['middle']);
const thumbTouchesSchema = z.enum(['indexTip', 'middleTip', 'betweenIndexMiddle']);
const bendSchema = z.enum(['curved']);
const thumbSideSchema = z.enum(['out', 'across', 'pastMiddle']);

export const handshapeModelSchema = z.object({
  descriptors: z.array(z.string().min(1)).min(1),
  /** Index, middle, ring, pinky: what the sign's definition asks of each finger. */
  fingers: fingersSchema,
  movement: z.enum(['held', 'moving']),
  /** Where the sign's extended index points (handshape/manual_alphabet.ts); absent: 'any'. */
  points: pointsSchema.optional(),
  /** Whether the sign's index is hooked (handshape/manual_alphabet.ts, X) or straight (Libras G, D, L); absent: either. */
  hook: hookSchema.optional(),
  /** Whether the sign's index and middle cross (R) or not (H, U, V, W); absent: either. */
  crossing: crossingSchema.optional(),
  /** The finger whose direction `points` reads (P: the middle); absent: the index. */
  pointsWith: pointsWithSchema.optional(),
  /** What the thumb's tip touches (handshape/manual_alphabet.ts: D, F, O); absent: either. */
  thumbTouches: thumbTouchesSchema.optional(),
  /** Whether the fingers curve at the middle joints (handshape/manual_alphabet.ts: C); absent: either. */
  bend: bendSchema.optional(),
  /** Which side of the index knuckle the thumb's tip lies on (handshape/manual_alphabet.ts: Y out, I across); absent: either. */
  thumbSide: thumbSideSchema.optional(),
  /** The held letter whose handshape this moving one traces and whose frames its prototypes also learned from (handshape/manual_alphabet.ts handshapeOf: Libras J, the I traced); absent: its own recording only. */
  handshapeOf: z.string().min(1).optional(),
  speedLimit: z.number().finite().min(0),
  prototypes: prototypesSchema,
  contrast: z.record(z.string().min(1), prototypesSchema),
  /** The confusable signs' own definitions, by sign name: a hand that contradicts one cannot be
   * that sign, and is not held apart from it (the judge's ratio test). Absent: every confusable
   * sign competes. */
  contrastDefinitions: z.record(z.string().min(1), z.object({ fingers: fingersSchema, points: pointsSchema, hook: hookSchema.optional(), crossing: crossingSchema.optional(), pointsWith: pointsWithSchema.optional(), thumbTouches: thumbTouchesSchema.optional(), bend: bendSchema.optional(), thumbSide: thumbSideSchema.optional() })).optional(),
});

/**
 * The course of a sign that moves (beyond the SPEC; movement/build_movement_model.ts): the signing
 * hand's movement features (movement/movement_features.ts, named in `features`, in that order) at
 * `keys.length` key poses evenly spaced in time over the movement, which took `seconds`; `hand`
 * is the hand the reference's signer signed with (a learner may sign with either). A record with
 * it is judged by its movement (movement/), whatever the matching mode.
 */
export const movementModelSchema = z
  .object({
    features: z.array(z.string().min(1)).min(1),
    hand: z.enum(['left', 'right']),
    seconds: z.number().finite().positive().max(60),
    keys: z.array(z.array(z.number().finite())).min(2, 'a movement needs at least two key poses').max(64),
  })
  .refine((model) => model.keys.every((key) => key.length === model.features.length), 'every key pose holds one value per feature');

/**
 * The recorded signer's skeleton to replay as the sign's guide (beyond the SPEC; a sign recorded
 * from a clip, recordings/skeleton_guide.ts), so that the guide travels with the record: `fps`
 * frames a second, the image's `aspect` (width / height), each frame's upper body (the pose's
 * points SKELETON_GUIDE_POSE_POINTS, in that order) and hands (21 points each) as x, y pairs
 * normalised to the image, unmirrored; a part not found is absent, a frame with nothing null.
 */
const guidePoints = (count: number) => z.array(z.number().finite().min(-1).max(2)).length(count * 2);
export const SKELETON_GUIDE_POSE_POINTS = [0, 11, 12, 13, 14, 15, 16, 23, 24] as const;
export const skeletonGuideSchema = z.object({
  fps: z.number().finite().positive().max(60),
  aspect: z.number().finite().positive().max(10),
  frames: z
    .array(
      z.object({
        pose: guidePoints(SKELETON_GUIDE_POSE_POINTS.length).nullish(),
        left_hand: guidePoints(21).nullish(),
        right_hand: guidePoints(21).nullish(),
      })
      // A frame with nothing found: the Realtime Database drops the empty object, leaving null.
      .nullable(),
    )
    .min(1)
    .max(600),
});

export const referenceSignSchema = z.object({
  configs: z
    .record(z.string().min(1), z.array(referenceFrameSchema).min(1, 'a config needs at least one frame'))
    .refine((configs) => Object.keys(configs).length > 0, 'configs is empty: a sign needs one guide with frames'),
  /** The rate the configs' frames were recorded or sampled at; records without it are 30 fps. */
  fps: z.number().finite().positive().max(240).optional(),
  handshape: handshapeModelSchema.optional(),
  /**
   * The frames precise mode calibrates and contrasts its tolerances on (precise/calibration_set.ts):
   * the signer's whole performance of the sign, in recording order, where the configs hold only
   * what the SPEC rule follows frame by frame (a held letter's natural hold: its typical frames,
   * resampled, their flips repaired). Absent: the primary config's frames.
   */
  calibration: z.array(referenceFrameSchema).min(1, 'calibration needs at least one frame').optional(),
  movement: movementModelSchema.optional(),
  guide: skeletonGuideSchema.optional(),
});

export type HandAngles = z.infer<typeof handAnglesSchema>;
export type PoseAngles = z.infer<typeof poseAnglesSchema>;
export type ReferenceFrame = z.infer<typeof referenceFrameSchema>;
export type ReferenceSign = z.infer<typeof referenceSignSchema>;
export type HandshapeModel = z.infer<typeof handshapeModelSchema>;
export type MovementModel = z.infer<typeof movementModelSchema>;
export type SkeletonGuide = z.infer<typeof skeletonGuideSchema>;

/** Thrown for a malformed record; the message names the sign and every problem with its path. */
export class InvalidReferenceSignError extends Error {
  constructor(
    readonly signName: string,
    readonly issues: string[],
  ) {
    super(`Invalid reference sign "${signName}": ${issues.join('; ')}`);
    this.name = 'InvalidReferenceSignError';
  }
}

/** Validates an untrusted record (from the database or a file). */
export function parseReferenceSign(signName: string, value: unknown): ReferenceSign {
  const result = referenceSignSchema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`);
  throw new InvalidReferenceSignError(signName, issues);
}
