import { PoseFormatError, readFloat32, readFloat32Array, readUint16, readUint32, type PoseFormatCursor } from './pose_format_cursor.ts';
import { poseDimensions, posePointCount, type PoseHeader } from './pose_format_header.ts';

/**
 * The body of a pose-format file: every frame's points for every person, then every frame's
 * confidences.
 *
 *   v0.2: float32 fps, uint32 frame count, uint16 people count
 *   v0.1: uint16 fps,  uint16 frame count, uint16 people count
 *   float32 data[frames][people][points][dimensions]
 *   float32 confidence[frames][people][points]
 *
 * A v0.1 file's uint16 frame count overflows past 65,535 frames (the spec says so), so for v0.1 the
 * frame count is what the bytes left hold, as the reference reader does. Points are every
 * component's in header order (posePointCount).
 *
 * ref: pose-format docs/specs/v0.1.md and v0.2.md.
 */
export interface PoseBody {
  fps: number;
  frameCount: number;
  peopleCount: number;
  pointCount: number;
  dimensions: number;
  /** Frame-major: data[((frame * people + person) * points + point) * dimensions + d]. */
  data: Float32Array;
  /** confidence[(frame * people + person) * points + point]; 0 where the point was not found. */
  confidence: Float32Array;
}

/** Reads the body at the cursor (after the header) and leaves the cursor at its end. */
export function readPoseBody(cursor: PoseFormatCursor, header: PoseHeader): PoseBody {
  const fpsAt = cursor.offset;
  const fps = header.version === 0.1 ? readUint16(cursor, 'the frame rate') : readFloat32(cursor, 'the frame rate');
  if (!(fps > 0) || !Number.isFinite(fps)) throw new PoseFormatError(`frame rate ${fps} is not a positive number`, fpsAt);
  const storedFrames = header.version === 0.1 ? readUint16(cursor, 'the frame count') : readUint32(cursor, 'the frame count');
  const peopleCount = readUint16(cursor, 'the people count');
  const pointCount = posePointCount(header);
  const dimensions = poseDimensions(header);
  const bytesPerFrame = peopleCount * pointCount * (dimensions + 1) * 4;
  let frameCount = storedFrames;
  if (header.version === 0.1) {
    const left = cursor.view.byteLength - cursor.offset;
    if (bytesPerFrame === 0 || left % bytesPerFrame !== 0) {
      throw new PoseFormatError(`${left} bytes left do not make whole frames of ${bytesPerFrame} bytes`, cursor.offset);
    }
    frameCount = left / bytesPerFrame;
  }
  const perFrame = peopleCount * pointCount;
  const data = readFloat32Array(cursor, frameCount * perFrame * dimensions, `the points of ${frameCount} frames`);
  const confidence = readFloat32Array(cursor, frameCount * perFrame, `the confidences of ${frameCount} frames`);
  return { fps, frameCount, peopleCount, pointCount, dimensions, data, confidence };
}
