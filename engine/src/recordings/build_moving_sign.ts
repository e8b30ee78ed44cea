import { buildMovementModel } from '../movement/build_movement_model.ts';
import { buildReferenceSign } from '../reference/build_reference_sign.ts';
import type { ReferenceSign } from '../reference/reference_sign_schema.ts';
import { RECORDING_FPS, type LandmarkSource } from './landmark_source.ts';
import { buildSkeletonGuide } from './skeleton_guide.ts';
import { sourceToAngleFrames } from './source_to_angle_frames.ts';

/**
 * A clip of one sign that moves (trimmed to the sign) -> its `signs/{signName}` record: the SPEC's
 * angles of every frame (the guide `guideFileName` is keyed by; what the SPEC rule and the guides
 * read), the frames' rate, the course of the movement the judge of moving signs follows
 * (movement/build_movement_model.ts), and the recorded skeleton to replay as its guide
 * (skeleton_guide.ts). Throws the movement builder's MovementClipError, whose
 * message a teacher can act on, for a clip that cannot make one.
 */
export function buildMovingSign(source: LandmarkSource, guideFileName: string, fps = RECORDING_FPS): ReferenceSign {
  const movement = buildMovementModel(source);
  const record = buildReferenceSign(sourceToAngleFrames(source), guideFileName, { fps });
  return { ...record, movement, guide: buildSkeletonGuide(source) };
}
