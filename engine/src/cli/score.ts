import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { loadLandmarkSource } from '../node/load_landmark_source.ts';
import { readJsonFile } from '../node/read_json_file.ts';
import { compileLesson } from '../practice/compile_lesson.ts';
import type { CompiledSign } from '../practice/compiled_sign.ts';
import { DEFAULT_MATCH_MODE, isMatchMode, MATCH_MODES, type MatchMode } from '../practice/match_mode.ts';
import { parseReferenceSign, type ReferenceSign } from '../reference/reference_sign_schema.ts';
import { scoreRecording, type ScoreOptions } from '../score/score_recording.ts';
import { parseFlags, requireFlag } from './parse_flags.ts';

export const scoreUsage =
  'score --reference <record .json> --frames <landmark file .json> | --references <folder of records> --frames <file> [<file> ...]  [--mode handshape|spec|precise] [--precise] [--fps N] [--seconds S]';

async function readRecord(path: string): Promise<{ name: string; record: ReferenceSign }> {
  const name = basename(path).replace(/\.json$/i, '');
  const value = await readJsonFile(path);
  try {
    return { name, record: parseReferenceSign(name, value) };
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

function number(flags: Record<string, string | boolean>, name: string): number | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (typeof value !== 'string' || !Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive number, got "${String(value)}"`);
  return parsed;
}

/**
 * Prints one JSON object: how well recordings match reference signs (see docs/engineer/engine.md, "Command line"). One pair
 * (`--reference`, `--frames`) prints the pair's full score; a folder of records (`--references`)
 * and any number of landmark files print every pair's `frames`, `reference`, `completed`,
 * `secondsToComplete` and `fraction`, in one process, the records compiled together as a lesson.
 * The matching mode is the app's default unless `--mode` (or `--precise`) names one.
 */
export async function runScore(args: readonly string[]): Promise<void> {
  const flags = parseFlags(args, { values: ['reference', 'references', 'mode', 'fps', 'seconds'], booleans: ['precise'], lists: ['frames'] });
  const named = flags.precise === true ? 'precise' : flags.mode;
  if (named !== undefined && !isMatchMode(named)) throw new Error(`--mode must be one of ${MATCH_MODES.join(', ')}, got "${String(named)}"`);
  const mode: MatchMode = named ?? DEFAULT_MATCH_MODE;
  const options: ScoreOptions = { mode, fps: number(flags, 'fps'), seconds: number(flags, 'seconds') };
  const framesPaths = requireFlag(flags, 'frames').split('\n');
  if (typeof flags.references === 'string') {
    if (flags.reference !== undefined) throw new Error('give --reference or --references, not both');
    const folder = flags.references;
    let names: string[];
    try {
      names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
    } catch (error) {
      throw new Error(`${folder}: cannot read folder (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    if (names.length === 0) throw new Error(`${folder}: no .json reference records`);
    const records = await Promise.all(names.map((name) => readRecord(join(folder, name))));
    const compiled = compileLesson(records) as CompiledSign[];
    const pairs = [];
    for (const path of framesPaths) {
      const source = await loadLandmarkSource(path);
      for (let r = 0; r < records.length; r++) {
        const score = scoreRecording(compiled[r]!, source, options);
        pairs.push({ frames: path, reference: records[r]!.name, completed: score.completed, secondsToComplete: score.secondsToComplete, fraction: score.fraction });
      }
    }
    console.log(JSON.stringify({ mode, fps: options.fps ?? 30, pairs }, null, 2));
    return;
  }
  if (framesPaths.length !== 1) throw new Error('--reference scores one --frames file; use --references <folder> for several');
  const { name, record } = await readRecord(requireFlag(flags, 'reference'));
  const [sign] = compileLesson([{ name, record }]);
  const source = await loadLandmarkSource(framesPaths[0]!);
  console.log(JSON.stringify({ mode, ...scoreRecording(sign!, source, options) }, null, 2));
}
