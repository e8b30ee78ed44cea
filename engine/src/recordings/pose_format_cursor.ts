/**
 * A little-endian read position in a pose-format file (the format writes every number little-endian,
 * strings as a uint16 byte length then UTF-8). Every read checks that the bytes are there and
 * otherwise throws a PoseFormatError naming the offset and what was being read, so a truncated or
 * malformed file says where it went wrong.
 *
 * ref: pose-format docs/specs/v0.2.md (sign-language-processing/pose); no MediaPipe step.
 */
export class PoseFormatError extends Error {
  constructor(
    message: string,
    /** Byte offset in the file at which the problem was found. */
    readonly offset: number,
  ) {
    super(`pose-format: ${message} (at byte ${offset})`);
    this.name = 'PoseFormatError';
  }
}

export interface PoseFormatCursor {
  readonly view: DataView;
  offset: number;
}

export function createPoseFormatCursor(bytes: Uint8Array | ArrayBuffer, offset = 0): PoseFormatCursor {
  const view = bytes instanceof ArrayBuffer ? new DataView(bytes) : new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { view, offset };
}

/** Throws unless `count` bytes remain for `what`. */
export function need(cursor: PoseFormatCursor, count: number, what: string): void {
  const left = cursor.view.byteLength - cursor.offset;
  if (count > left) throw new PoseFormatError(`file ends while reading ${what}: needs ${count} bytes, ${left} left`, cursor.offset);
}

export function readUint16(cursor: PoseFormatCursor, what: string): number {
  need(cursor, 2, what);
  const value = cursor.view.getUint16(cursor.offset, true);
  cursor.offset += 2;
  return value;
}

export function readUint32(cursor: PoseFormatCursor, what: string): number {
  need(cursor, 4, what);
  const value = cursor.view.getUint32(cursor.offset, true);
  cursor.offset += 4;
  return value;
}

export function readFloat32(cursor: PoseFormatCursor, what: string): number {
  need(cursor, 4, what);
  const value = cursor.view.getFloat32(cursor.offset, true);
  cursor.offset += 4;
  return value;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A uint16 byte length, then that many bytes of UTF-8. */
export function readString(cursor: PoseFormatCursor, what: string): string {
  const start = cursor.offset;
  const length = readUint16(cursor, `the length of ${what}`);
  need(cursor, length, what);
  const bytes = new Uint8Array(cursor.view.buffer, cursor.view.byteOffset + cursor.offset, length);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new PoseFormatError(`${what} is not UTF-8`, start);
  }
  cursor.offset += length;
  return text;
}

/** `count` float32 values into a new array (the file's floats need not be 4-byte aligned). */
export function readFloat32Array(cursor: PoseFormatCursor, count: number, what: string): Float32Array {
  need(cursor, count * 4, what);
  const out = new Float32Array(count);
  const { view } = cursor;
  let offset = cursor.offset;
  for (let i = 0; i < count; i++, offset += 4) out[i] = view.getFloat32(offset, true);
  cursor.offset = offset;
  return out;
}
