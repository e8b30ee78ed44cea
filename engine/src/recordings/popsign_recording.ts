import { z } from 'zod';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, POINT_STRIDE, POSE_POINT_COUNT } from '../core/landmark_layout.ts';
import { RECORDING_FPS, type LandmarkSource } from './landmark_source.ts';

/**
 * Performances of isolated signs by many signers from PopSign ASL v1.0 (MediaPipe Holistic
 * landmarks of phone videos, as the "Isolated Sign Language Recognition" release gives them): one
 * file per signer, each performance a sequence of frames. Two formats are read:
 *
 *   - the release's, as converted to JSON (`popsign-landmarks/1`): each frame 75 points x (x, y, z)
 *     flattened, points 0-32 the pose, 33-53 the left hand, 54-74 the right hand, null where a part
 *     was not found;
 *   - the repository's compact copy (`signlearn-popsign/1`, data/popsign-hello-thankyou, made by
 *     scripts/popsign/make-popsign-slice.ts): each frame [pose, leftHand, rightHand], a part null
 *     or its points' x, y, z as integers in 1/`scale`, the pose only at `posePoints`.
 *
 * Neither says the image's size; both are read as POPSIGN_IMAGE (data/popsign-hello-thankyou's
 * README says how it was estimated). Scores are not given: a point that is there scores 1. The
 * frames are the videos' own, about 30 a second (the source does not say): read at RECORDING_FPS.
 */
export const POPSIGN_IMAGE = { width: 800, height: 960 } as const;
export const POPSIGN_SOURCE_FORMAT = 'popsign-landmarks/1';
export const POPSIGN_SLICE_FORMAT = 'signlearn-popsign/1';

const value = z.number().finite().nullable();
const sourceSchema = z.object({
  format: z.literal(POPSIGN_SOURCE_FORMAT),
  signer: z.union([z.string(), z.number()]).transform(String),
  sequences: z.array(
    z.object({
      sequence: z.union([z.string(), z.number()]).transform(String),
      sign: z.string().min(1),
      frameIds: z.array(z.number().int()).optional(),
      frames: z.array(z.array(value).length(75 * 3)),
    }),
  ),
});

const ints = z.array(z.number().int());
export const popsignSliceSchema = z.object({
  format: z.literal(POPSIGN_SLICE_FORMAT),
  source: z.string().optional(),
  signer: z.string().min(1),
  scale: z.number().positive(),
  posePoints: z.array(z.number().int().min(0).max(POSE_POINT_COUNT - 1)).min(1),
  sequences: z.array(
    z.object({
      sequence: z.string().min(1),
      sign: z.string().min(1),
      firstFrameId: z.number().int().optional(),
      frames: z.array(z.tuple([ints.nullable(), ints.nullable(), ints.nullable()])),
    }),
  ),
});
export type PopSignSlice = z.infer<typeof popsignSliceSchema>;

/** One performance: its frames as x, y, z, score per point in the engine's layout (null: part not found). */
export interface PopSignSequence {
  signer: string;
  sequence: string;
  sign: string;
  firstFrameId: number | null;
  frames: { pose: Float32Array | null; leftHand: Float32Array | null; rightHand: Float32Array | null }[];
}

function part(values: readonly (number | null)[], first: number, count: number, where: string): Float32Array | null {
  const slice = values.slice(first * 3, (first + count) * 3);
  const missing = slice.filter((v) => v === null).length;
  if (missing === slice.length) return null;
  if (missing > 0) throw new Error(`${where}: a part with some points missing and others not`);
  const out = new Float32Array(count * POINT_STRIDE);
  for (let p = 0; p < count; p++) {
    out.set([slice[p * 3]!, slice[p * 3 + 1]!, slice[p * 3 + 2]!, 1], p * POINT_STRIDE);
  }
  return out;
}

function slicePart(values: readonly number[] | null, points: readonly number[], count: number, scale: number, where: string): Float32Array | null {
  if (values === null) return null;
  if (values.length !== points.length * 3) throw new Error(`${where}: ${values.length} numbers, expected ${points.length * 3}`);
  const out = new Float32Array(count * POINT_STRIDE);
  points.forEach((point, k) => out.set([values[k * 3]! / scale, values[k * 3 + 1]! / scale, values[k * 3 + 2]! / scale, 1], point * POINT_STRIDE));
  return out;
}

const HAND_POINTS = Array.from({ length: HAND_POINT_COUNT }, (_, i) => i);

/** A signer's file in either format -> its performances. Throws, naming `name`, on anything else. */
export function readPopSignFile(name: string, json: unknown): PopSignSequence[] {
  const format = (json as { format?: unknown } | null)?.format;
  if (format === POPSIGN_SLICE_FORMAT) {
    const parsed = popsignSliceSchema.safeParse(json);
    if (!parsed.success) throw new Error(`${name}: not a ${POPSIGN_SLICE_FORMAT} file: ${parsed.error.issues[0]?.message}`);
    const { signer, scale, posePoints } = parsed.data;
    return parsed.data.sequences.map((s) => ({
      signer,
      sequence: s.sequence,
      sign: s.sign,
      firstFrameId: s.firstFrameId ?? null,
      frames: s.frames.map(([pose, left, right], i) => {
        const where = `${name}: sequence ${s.sequence} frame ${i}`;
        return {
          pose: slicePart(pose, posePoints, POSE_POINT_COUNT, scale, where),
          leftHand: slicePart(left, HAND_POINTS, HAND_POINT_COUNT, scale, where),
          rightHand: slicePart(right, HAND_POINTS, HAND_POINT_COUNT, scale, where),
        };
      }),
    }));
  }
  const parsed = sourceSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${name}: neither ${POPSIGN_SLICE_FORMAT} nor ${POPSIGN_SOURCE_FORMAT}: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
  return parsed.data.sequences.map((s) => ({
    signer: parsed.data.signer,
    sequence: s.sequence,
    sign: s.sign,
    firstFrameId: s.frameIds?.[0] ?? null,
    frames: s.frames.map((values, i) => {
      const where = `${name}: sequence ${s.sequence} frame ${i}`;
      return { pose: part(values, 0, POSE_POINT_COUNT, where), leftHand: part(values, 33, HAND_POINT_COUNT, where), rightHand: part(values, 54, HAND_POINT_COUNT, where) };
    }),
  }));
}

/** A performance as a landmark source: its frames at RECORDING_FPS on POPSIGN_IMAGE. */
export function popsignSource(sequence: PopSignSequence): LandmarkSource {
  return {
    name: `${sequence.signer}/${sequence.sequence}`,
    frameCount: sequence.frames.length,
    read(index: number, out: LandmarkFrame) {
      const frame = sequence.frames[index]!;
      out.imageWidth = POPSIGN_IMAGE.width;
      out.imageHeight = POPSIGN_IMAGE.height;
      out.timestampMs = (index * 1000) / RECORDING_FPS;
      out.present[Part.pose] = frame.pose ? 1 : 0;
      out.present[Part.leftHand] = frame.leftHand ? 1 : 0;
      out.present[Part.rightHand] = frame.rightHand ? 1 : 0;
      if (frame.pose) out.pose.set(frame.pose);
      if (frame.leftHand) out.leftHand.set(frame.leftHand);
      if (frame.rightHand) out.rightHand.set(frame.rightHand);
    },
  };
}

