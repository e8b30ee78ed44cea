import type { HandshapeModel } from '../reference/reference_sign_schema.ts';
import { HAND_DESCRIPTOR_COUNT, HAND_DESCRIPTOR_NAMES } from './hand_descriptors.ts';

/** A sign's handshape model laid out for the judge: prototype vectors in flat Float32Arrays. */
export interface CompiledHandshape {
  /** Index, middle, ring, pinky: 1 extended, -1 folded, 0 either (manual_alphabet.ts). */
  fingers: Int8Array;
  movement: 'held' | 'moving';
  speedLimit: number;
  /** prototypeCount x HAND_DESCRIPTOR_COUNT. */
  prototypes: Float32Array;
  prototypeCount: number;
  /** The confusable signs' prototypes, all together: contrastCount x HAND_DESCRIPTOR_COUNT. */
  contrast: Float32Array;
  contrastCount: number;
}

function flatten(vectors: readonly (readonly number[])[]): Float32Array {
  const out = new Float32Array(vectors.length * HAND_DESCRIPTOR_COUNT);
  vectors.forEach((v, i) => out.set(v, i * HAND_DESCRIPTOR_COUNT));
  return out;
}

/**
 * A record's handshape model -> the judge's layout, or null when the model describes hands with
 * other descriptors than this engine's (a record built by another version): the sign is then
 * judged by the SPEC rule. Throws for vectors of the wrong length under the same descriptors.
 */
export function compileHandshape(signName: string, model: HandshapeModel): CompiledHandshape | null {
  if (model.descriptors.length !== HAND_DESCRIPTOR_COUNT || model.descriptors.some((name, i) => name !== HAND_DESCRIPTOR_NAMES[i])) return null;
  const contrast = Object.values(model.contrast).flat();
  for (const vector of [...model.prototypes, ...contrast]) {
    if (vector.length !== HAND_DESCRIPTOR_COUNT) {
      throw new Error(`handshape model of "${signName}": a prototype has ${vector.length} numbers, expected ${HAND_DESCRIPTOR_COUNT}`);
    }
  }
  return {
    fingers: Int8Array.from(model.fingers, (state) => (state === 'extended' ? 1 : state === 'folded' ? -1 : 0)),
    movement: model.movement,
    speedLimit: model.speedLimit,
    prototypes: flatten(model.prototypes),
    prototypeCount: model.prototypes.length,
    contrast: flatten(contrast),
    contrastCount: contrast.length,
  };
}
