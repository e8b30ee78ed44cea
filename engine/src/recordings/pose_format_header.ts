import { PoseFormatError, readFloat32, readString, readUint16, type PoseFormatCursor } from './pose_format_cursor.ts';

/**
 * The header of a pose-format file (.pose): the format's version, the frame's dimensions, and its
 * components (a body part's named points, the limbs drawn between them, their colours, and the
 * numbers stored per point, e.g. "XYZC": x, y, z and a confidence).
 *
 *   float32 version
 *   uint16 width, height, depth
 *   uint16 component count, then per component:
 *     string name, string format
 *     uint16 point count, limb count, colour count
 *     string point name            (per point)
 *     uint16 from, to              (per limb, point indices)
 *     uint16 red, green, blue      (per colour)
 *
 * ref: pose-format docs/specs/v0.1.md and v0.2.md (the header is the same in both).
 */
export interface PoseHeaderComponent {
  name: string;
  /** One letter per stored number, the last being the confidence (C): "XYZC" is 3 dimensions. */
  format: string;
  points: string[];
  limbs: Array<[number, number]>;
  colors: Array<[number, number, number]>;
}

export interface PoseHeader {
  /** 0.1 or 0.2 (rounded to 3 decimals: the file stores a float32). */
  version: number;
  width: number;
  height: number;
  depth: number;
  components: PoseHeaderComponent[];
}

/** The versions whose body this reader knows (0.0 was never written by the reference reader either). */
export const POSE_FORMAT_VERSIONS: readonly number[] = [0.1, 0.2];

function readComponent(cursor: PoseFormatCursor, index: number): PoseHeaderComponent {
  const label = `component ${index}`;
  const name = readString(cursor, `${label}'s name`);
  const formatAt = cursor.offset;
  const format = readString(cursor, `${name}'s format`);
  if (format.length < 2) throw new PoseFormatError(`component ${name}'s format "${format}" holds no dimension besides the confidence`, formatAt);
  const pointCount = readUint16(cursor, `${name}'s point count`);
  const limbCount = readUint16(cursor, `${name}'s limb count`);
  const colorCount = readUint16(cursor, `${name}'s colour count`);
  const points: string[] = [];
  for (let i = 0; i < pointCount; i++) points.push(readString(cursor, `${name}'s point ${i} name`));
  const limbs: Array<[number, number]> = [];
  for (let i = 0; i < limbCount; i++) {
    const at = cursor.offset;
    const from = readUint16(cursor, `${name}'s limb ${i}`);
    const to = readUint16(cursor, `${name}'s limb ${i}`);
    if (from >= pointCount || to >= pointCount) throw new PoseFormatError(`${name}'s limb ${i} (${from}, ${to}) names a point beyond its ${pointCount}`, at);
    limbs.push([from, to]);
  }
  const colors: Array<[number, number, number]> = [];
  for (let i = 0; i < colorCount; i++) {
    colors.push([readUint16(cursor, `${name}'s colour ${i}`), readUint16(cursor, `${name}'s colour ${i}`), readUint16(cursor, `${name}'s colour ${i}`)]);
  }
  return { name, format, points, limbs, colors };
}

/** Reads the header at the cursor and leaves the cursor at the body. */
export function readPoseHeader(cursor: PoseFormatCursor): PoseHeader {
  const versionAt = cursor.offset;
  const version = Math.round(readFloat32(cursor, 'the version') * 1000) / 1000;
  if (!POSE_FORMAT_VERSIONS.includes(version)) {
    throw new PoseFormatError(`version ${version} is not one this reader knows (${POSE_FORMAT_VERSIONS.join(', ')})`, versionAt);
  }
  const width = readUint16(cursor, 'the width');
  const height = readUint16(cursor, 'the height');
  const depth = readUint16(cursor, 'the depth');
  const componentCount = readUint16(cursor, 'the component count');
  const components: PoseHeaderComponent[] = [];
  for (let i = 0; i < componentCount; i++) components.push(readComponent(cursor, i));
  return { version, width, height, depth, components };
}

/** Numbers stored per point besides the confidence: the widest component's (the reference reader's rule). */
export function poseDimensions(header: PoseHeader): number {
  return Math.max(0, ...header.components.map((c) => c.format.length - 1));
}

/** Points in a frame of one person: every component's, in header order. */
export function posePointCount(header: PoseHeader): number {
  return header.components.reduce((sum, c) => sum + c.points.length, 0);
}
