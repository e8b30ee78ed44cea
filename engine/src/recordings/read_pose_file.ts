import { createPoseFormatCursor, PoseFormatError } from './pose_format_cursor.ts';
import { readPoseBody, type PoseBody } from './pose_format_body.ts';
import { readPoseHeader, type PoseHeader } from './pose_format_header.ts';

export interface PoseFile {
  header: PoseHeader;
  body: PoseBody;
}

/**
 * A whole pose-format file (.pose) -> its header and body. Throws a PoseFormatError naming the
 * byte offset when the file is truncated, malformed, or longer than its header and body say.
 *
 * ref: pose-format's Pose.read (src/python/pose_format/pose.py): header, then body.
 */
export function readPoseFile(bytes: Uint8Array | ArrayBuffer): PoseFile {
  const cursor = createPoseFormatCursor(bytes);
  const header = readPoseHeader(cursor);
  const body = readPoseBody(cursor, header);
  const left = cursor.view.byteLength - cursor.offset;
  if (left !== 0) throw new PoseFormatError(`${left} bytes after the body's last confidence`, cursor.offset);
  return { header, body };
}
