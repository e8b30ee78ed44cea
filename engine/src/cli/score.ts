import { basename } from 'node:path';
import { compileSign } from '../practice/compile_lesson.ts';
import { loadLandmarkSource } from '../node/load_landmark_source.ts';
import { readJsonFile } from '../node/read_json_file.ts';
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
  let sign;
  try {
    sign = compileSign(signName, parseReferenceSign(signName, record));
  } catch (error) {
    throw new Error(`${referencePath}: ${(error as Error).message}`);
  }
  const source = await loadLandmarkSource(framesPath);
  // --precise: precise matching mode (match/create_matcher.ts) instead of the SPEC rule.
  const mode = flags.precise === true ? 'precise' : 'spec';
  console.log(JSON.stringify({ mode, ...scoreRecording(sign, source, mode) }, null, 2));
}
