// People's hands that would make a non-sign a letter are no prototypes: a person's hand is left
// out of its letter's prototypes when a hand that is not signing (data/non-signs) agrees with the
// letter's definition and lies within `radius` of it by the letter's own distance. A hand
// gripping a clock holds a C; another person's C may lie nearer it than any distance the judge
// accepts, and the judge would then read the grip as C.
import { angleFramePixelSize } from '../../engine/src/angles/angle_frame_pixel_size.ts';
import type { AngleFrame } from '../../engine/src/core/angle_frame.ts';
import type { PersonHand } from '../../engine/src/handshape/build_handshape_models.ts';
import type { CompiledHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { computeHandDescriptors, HAND_DESCRIPTOR_COUNT } from '../../engine/src/handshape/hand_descriptors.ts';
import { agreesWithSign } from '../../engine/src/handshape/match_handshape.ts';
import { distanceTo } from './prototype_distance.ts';

/** `people` without the hands a non-sign hand lies within `radius` of by their letter's model (`models`, in `letters`' order: its definition and distance weights). */
export function prunePeople<T extends PersonHand & { letter: string }>(people: readonly T[], letters: readonly string[], models: readonly CompiledHandshape[], nonSigns: readonly AngleFrame[], radius: number): T[] {
  const pixel = new Float64Array(2);
  const described = new Float32Array(HAND_DESCRIPTOR_COUNT);
  const nearBy = new Map<string, Float32Array[]>();
  const near = (letter: string, m: CompiledHandshape) => {
    if (!nearBy.has(letter)) {
      nearBy.set(letter, nonSigns.flatMap((frame) => [0, 1].flatMap((side) => {
        if (frame.descriptorsPresent![side] !== 1) return [];
        const v = side === 0 ? frame.leftHandDescriptors! : frame.rightHandDescriptors!;
        return agreesWithSign(v, m) ? [v] : [];
      })));
    }
    return nearBy.get(letter)!;
  };
  return people.filter((person) => {
    const m = models[letters.indexOf(person.letter)];
    if (m === undefined) throw new Error(`prunePeople: "${person.letter}" is not among the letters`);
    angleFramePixelSize(person.imageWidth, person.imageHeight, pixel);
    if (!computeHandDescriptors(person.hand, pixel[0]!, pixel[1]!, person.left, described)) return false;
    return near(person.letter, m).every((v) => distanceTo(v, described, 0, m) > radius);
  });
}
