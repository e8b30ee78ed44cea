import { basename } from 'node:path';
import { createMatchModeRuntime } from '../match/create_matcher.ts';
import { loadLandmarkSource } from '../node/load_landmark_source.ts';
import { readJsonFile } from '../node/read_json_file.ts';
import { compileReference } from '../reference/compile_reference.ts';
import { parseReferenceSign } from '../reference/reference_sign_schema.ts';
import { scoreRecording } from '../score/score_recording.ts';
import { parseFlags, requireFlag } from './parse_flags.ts';

export const scoreUsage = 'score --reference <reference record .json> --frames <landmark file .json> [--precise]';

/** Prints one JSON object: how well a recording matches a reference sign (see README). */
export async function runScore(args: readonly string[]): Promise<void> {
  const flags = parseFlags(args, { values: ['reference', 'frames'], booleans: ['precise'] });
  const referencePath = requireFlag(flags, 'reference');
  const framesPath = requireFlag(flags, 'frames');
  const signName = basename(referencePath).replace(/\.json$/i, '');
  const record = await readJsonFile(referencePath);
  let reference;
  try {
    reference = compileReference(signName, parseReferenceSign(signName, record));
  } catch (error) {
    throw new Error(`${referencePath}: ${(error as Error).message}`);
  }
  const source = await loadLandmarkSource(framesPath);
  // --precise: precise matching mode (match/create_matcher.ts) instead of the SPEC rule.
  const mode = createMatchModeRuntime(flags.precise === true ? 'precise' : 'spec');
  console.log(JSON.stringify({ mode: mode.mode, ...scoreRecording(reference, source, mode.matcher, mode.prepareFrame) }, null, 2));
}
