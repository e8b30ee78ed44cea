import type { LetterDefinition } from '../handshape/manual_alphabet.ts';
import type { AlphabetSource } from './build_alphabet_references.ts';
import { letterSpan } from './letter_span.ts';
import { poseFileSource, type HolisticRecording } from './pose_file_source.ts';

/**
 * A fingerspelling lexicon's letters (Holistic recordings) -> the alphabet builder's sources: each
 * letter's frames from the hand's arrival to its departure (letter_span.ts: the lexicon's clips
 * include the hand rising into signing space and dropping out of it), z scaled by the language's
 * `depthScale`, at the file's frame rate. `definitions` give each letter's movement (its span
 * depends on it); a letter without a definition is an error, as in the builder.
 *
 * ref: none.
 */
export function holisticAlphabetSources(
  letters: ReadonlyMap<string, HolisticRecording>,
  depthScale: number,
  definitions: Readonly<Record<string, LetterDefinition>>,
): Map<string, AlphabetSource> {
  const sources = new Map<string, AlphabetSource>();
  for (const [letter, recording] of letters) {
    const definition = definitions[letter];
    if (!definition) throw new Error(`"${letter}" has no definition in the language's manual alphabet`);
    const [first, count] = letterSpan(poseFileSource(letter, recording, depthScale), definition.movement, definition.fingers);
    const frames = Array.from({ length: count }, (_, i) => first + i);
    sources.set(letter, { source: poseFileSource(letter, recording, depthScale, frames), fps: recording.file.body.fps });
  }
  return sources;
}
