// A recorded hand frame (21 x, y, z, as MediaPipe gives them: x and y normalised to the image, z
// depth on the scale of x, smaller = nearer) -> points in a right-handed 3-D view space
// (x right, y up, z towards the viewer, one unit = the image's height), and the projection the
// guide's renderers share: an orthographic view along -z after turning the hand about the
// vertical axis through the framing's centre. At yaw 0 the projection is the recording's own
// image (x, y), scaled and centred: the browser tests compare it against the recording.

export const POINTS = 21;
/** The American recording's assumed aspect ratio (data/asl-alphabet: a 640x480 webcam); each guide
 * carries its own (the lexicons' frames are square). */
export const RECORDING_ASPECT = 4 / 3;
export const FINGERTIPS = [4, 8, 12, 16, 20] as const;
/** Extra room around the framing sphere, so a turned hand is never cut. */
const MARGIN = 1.08;

/** One frame's 63 recorded numbers, on an image `aspect` (width / height) wide -> view space,
 * written into `out` (63 numbers). */
export function toViewSpace(frame: ArrayLike<number>, aspect: number = RECORDING_ASPECT, out: Float32Array = new Float32Array(POINTS * 3)): Float32Array {
  for (let i = 0; i < POINTS; i++) {
    out[i * 3] = frame[i * 3]! * aspect;
    out[i * 3 + 1] = -frame[i * 3 + 1]!;
    out[i * 3 + 2] = -frame[i * 3 + 2]! * aspect;
  }
  return out;
}

/** The sphere every frame's points lie in: its centre and radius (view space). */
export interface Framing {
  cx: number;
  cy: number;
  cz: number;
  radius: number;
}

/** The framing of a set of view-space frames: the centre of their bounding box, and the largest
 * distance from it (so the hand fits at every turn). */
export function framingOf(frames: readonly Float32Array[]): Framing {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const f of frames) {
    for (let i = 0; i < f.length; i++) {
      const axis = i % 3;
      min[axis] = Math.min(min[axis]!, f[i]!);
      max[axis] = Math.max(max[axis]!, f[i]!);
    }
  }
  const cx = (min[0]! + max[0]!) / 2;
  const cy = (min[1]! + max[1]!) / 2;
  const cz = (min[2]! + max[2]!) / 2;
  let radius = 1e-6;
  for (const f of frames) {
    for (let i = 0; i < POINTS; i++) radius = Math.max(radius, Math.hypot(f[i * 3]! - cx, f[i * 3 + 1]! - cy, f[i * 3 + 2]! - cz));
  }
  // The widest finger is about a fifth of the palm: leave room for its thickness too.
  return { cx, cy, cz, radius: radius * MARGIN + 0.02 };
}

/** Half the view's width in view-space units (the orthographic camera's extent). */
export const viewExtent = (framing: Framing): number => framing.radius;

/** A view-space point turned by `yaw` (radians, about the vertical axis through the centre);
 * positive yaw turns the hand's right side away from the viewer. Returns [x, y, z]. */
export function turn(x: number, y: number, z: number, framing: Framing, yaw: number): [number, number, number] {
  const dx = x - framing.cx;
  const dz = z - framing.cz;
  const c = Math.cos(yaw);
  const s = Math.sin(yaw);
  return [framing.cx + dx * c + dz * s, y, framing.cz - dx * s + dz * c];
}

/** Where a view-space point lands on a square canvas `size` pixels wide, turned by `yaw`. */
export function projectToPixels(x: number, y: number, z: number, framing: Framing, yaw: number, size: number): [number, number] {
  const [tx, ty] = turn(x, y, z, framing, yaw);
  const extent = viewExtent(framing);
  return [((tx - framing.cx) / extent / 2 + 0.5) * size, (0.5 - (ty - framing.cy) / extent / 2) * size];
}

/** The five fingertips' pixel positions (thumb to pinky), rounded to 0.1 px. */
export function fingertipPixels(points: Float32Array, framing: Framing, yaw: number, size: number): Array<[number, number]> {
  return FINGERTIPS.map((i) => {
    const [px, py] = projectToPixels(points[i * 3]!, points[i * 3 + 1]!, points[i * 3 + 2]!, framing, yaw, size);
    return [Math.round(px * 10) / 10, Math.round(py * 10) / 10];
  });
}

/** The wrist and the four knuckles (index to pinky): where the palm is. */
export const PALM_BASE = [0, 5, 9, 13, 17] as const;

/** The wrist's and the knuckles' pixel positions (PALM_BASE order), rounded to 0.1 px: with the
 * fingertips, a turned view shows how far in front of the palm the fingers curl. */
export function palmPixels(points: Float32Array, framing: Framing, yaw: number, size: number): Array<[number, number]> {
  return PALM_BASE.map((i) => {
    const [px, py] = projectToPixels(points[i * 3]!, points[i * 3 + 1]!, points[i * 3 + 2]!, framing, yaw, size);
    return [Math.round(px * 10) / 10, Math.round(py * 10) / 10];
  });
}

/** The palm's length (wrist to middle knuckle) in view-space units: the unit of the hand's widths. */
export function palmLength(points: Float32Array): number {
  return Math.hypot(points[27]! - points[0]!, points[28]! - points[1]!, points[29]! - points[2]!);
}

/** Bones drawn as capsules: MediaPipe's hand connections, as the engine lists them. */
export { HAND_BONES } from '@signlearn/engine/core/landmark_layout';

/** Each point's radius as a share of the palm's length: the palm's rim, then each finger
 * tapering from its base to its tip (a finger is about a fifth of the palm wide). */
export const JOINT_RADIUS: readonly number[] = [
  0.11, // wrist
  0.13, 0.12, 0.105, 0.095, // thumb
  0.1, 0.095, 0.088, 0.08, // index
  0.105, 0.1, 0.092, 0.083, // middle
  0.1, 0.092, 0.085, 0.078, // ring
  0.09, 0.08, 0.074, 0.068, // pinky
];

/** The points whose convex hull, thickened, is the palm: wrist, thumb base, the four knuckles. */
export const PALM_POINTS = [0, 1, 5, 9, 13, 17] as const;
/** The palm's thickness as a share of its length. */
export const PALM_THICKNESS = 0.2;
