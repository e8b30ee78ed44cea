// The handshape judge's distance, as the bench's readers of it need it with the prototype it
// came from (match_handshape.ts's own `nearest` allocates nothing and returns only the distance):
// the root mean square over the descriptors of the difference times the model's distance weight
// for that side (below, above), a difference counted as the judge counts it (seenShare: the
// thumb's place across the palm by how much of the knuckles' line the camera sees).
import type { CompiledHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { HAND_DESCRIPTOR_COUNT } from '../../engine/src/handshape/hand_descriptors.ts';
import { seenShare } from '../../engine/src/handshape/match_handshape.ts';

const D = HAND_DESCRIPTOR_COUNT;

/** The judge's distance from `v` to vector `i` of `set` under `m`'s weights. */
export function distanceTo(v: Float32Array, set: Float32Array, i: number, m: CompiledHandshape): number {
  let sum = 0;
  for (let k = 0; k < D; k++) {
    const diff = (v[k]! - set[i * D + k]!) * seenShare(v, k);
    const d = diff * (diff < 0 ? m.distanceBelow[k]! : m.distanceAbove[k]!);
    sum += d * d;
  }
  return Math.sqrt(sum / m.counted);
}

/** The nearest of vectors [from, to) of `set` to `v`: its distance and index (-1 when none). A sum past the best so far stops early, as the judge's own search does. */
export function nearestOf(v: Float32Array, set: Float32Array, from: number, to: number, m: CompiledHandshape): { distance: number; index: number } {
  let best = Infinity;
  let index = -1;
  for (let i = from; i < to; i++) {
    let sum = 0;
    for (let k = 0; k < D; k++) {
      const diff = (v[k]! - set[i * D + k]!) * seenShare(v, k);
      const d = diff * (diff < 0 ? m.distanceBelow[k]! : m.distanceAbove[k]!);
      sum += d * d;
      if (sum >= best) break;
    }
    if (sum < best) {
      best = sum;
      index = i;
    }
  }
  return { distance: Math.sqrt(best / m.counted), index };
}

/** The nearest of `m`'s own prototypes to `v`. */
export const nearestPrototype = (v: Float32Array, m: CompiledHandshape) => nearestOf(v, m.prototypes, 0, m.prototypeCount, m);
