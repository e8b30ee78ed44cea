import { HAND_POINT_COUNT, HandPoint as H } from '../core/landmark_layout.ts';
import { handFromPixels, handInPixels } from './hand_in_pixels.ts';

/** Each finger's chain from the wrist: wrist, knuckle, middle joint, last joint, tip. */
const CHAINS = [
  [H.wrist, H.indexMcp, H.indexPip, H.indexDip, H.indexTip],
  [H.wrist, H.middleMcp, H.middlePip, H.middleDip, H.middleTip],
  [H.wrist, H.ringMcp, H.ringPip, H.ringDip, H.ringTip],
  [H.wrist, H.pinkyMcp, H.pinkyPip, H.pinkyDip, H.pinkyTip],
] as const;

/**
 * A copy of `hand` (normalized image points, the frame `width` x `height` pixels) with its four
 * fingers folded otherwise: each knuckle bent `knuckles` times as far as it is, each middle and
 * last joint `joints` times, every point beyond a joint turned with it about that joint, in the
 * plane of its bend, in 3-D pixels (hand_in_pixels.ts). The thumb and the palm
 * stay where they are. A fist closed as another person closes it: other people's fists bend the
 * knuckles further and the middle joints less than our signer's (build_handshape_models.ts
 * HANDSHAPE_MODEL_BUILD.fists). A joint held straight (no plane to bend in) stays straight.
 * Runs when the models are built, never per frame.
 *
 * ref: none in MediaPipe; the fingers' joints as hand_landmark's topology chains them.
 */
export function refoldedFist(hand: Float32Array, width: number, height: number, knuckles: number, joints: number): Float32Array {
  const out = hand.slice();
  const p = new Float64Array(HAND_POINT_COUNT * 3);
  const depth = handInPixels(hand, width, height, p);
  for (const chain of CHAINS) {
    for (let j = 1; j <= 3; j++) {
      const a = chain[j - 1]! * 3, b = chain[j]! * 3, c = chain[j + 1]! * 3;
      const ux = p[b]! - p[a]!, uy = p[b + 1]! - p[a + 1]!, uz = p[b + 2]! - p[a + 2]!;
      const wx = p[c]! - p[b]!, wy = p[c + 1]! - p[b + 1]!, wz = p[c + 2]! - p[b + 2]!;
      // The bend's axis (incoming x outgoing segment) and angle.
      let kx = uy * wz - uz * wy, ky = uz * wx - ux * wz, kz = ux * wy - uy * wx;
      const sine = Math.hypot(kx, ky, kz);
      const lengths = Math.hypot(ux, uy, uz) * Math.hypot(wx, wy, wz);
      if (sine < 1e-9 * lengths || lengths === 0) continue;
      kx /= sine;
      ky /= sine;
      kz /= sine;
      const bend = Math.atan2(sine, ux * wx + uy * wy + uz * wz);
      const turn = ((j === 1 ? knuckles : joints) - 1) * bend;
      const cos = Math.cos(turn), sin = Math.sin(turn);
      // Rodrigues: every point beyond the joint turned about it.
      for (let m = j + 1; m < chain.length; m++) {
        const q = chain[m]! * 3;
        const vx = p[q]! - p[b]!, vy = p[q + 1]! - p[b + 1]!, vz = p[q + 2]! - p[b + 2]!;
        const along = (kx * vx + ky * vy + kz * vz) * (1 - cos);
        p[q] = p[b]! + vx * cos + (ky * vz - kz * vy) * sin + kx * along;
        p[q + 1] = p[b + 1]! + vy * cos + (kz * vx - kx * vz) * sin + ky * along;
        p[q + 2] = p[b + 2]! + vz * cos + (kx * vy - ky * vx) * sin + kz * along;
      }
    }
  }
  handFromPixels(p, width, height, depth, out);
  return out;
}
