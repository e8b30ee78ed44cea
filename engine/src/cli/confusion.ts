import { writeFile } from 'node:fs/promises';
import { crossValidatedConfusion, DEFAULT_CONFUSION_OPTIONS, formatConfusionMarkdown, type ConfusionResult, type FoldScheme } from '../evaluation/cross_validated_confusion.ts';
import { isMatchMode, MATCH_MODES, type MatchMode } from '../practice/match_mode.ts';
import { loadAlphabetFolder } from '../node/load_alphabet_folder.ts';
import { parseFlags, requireFlag } from './parse_flags.ts';

export const confusionUsage =
  'confusion --in <folder of hand recordings> [--modes spec,precise] [--schemes contiguous,blocks] [--folds 4] [--block 30] [--out <file.md>] [--json]';

function list<T extends string>(value: string | boolean | undefined, all: readonly T[], valid: (v: string) => v is T, what: string): T[] {
  if (value === undefined) return [...all];
  const items = String(value).split(',').map((v) => v.trim()).filter(Boolean);
  if (items.length === 0) throw new Error(`--${what} needs at least one value`);
  for (const item of items) if (!valid(item)) throw new Error(`unknown ${what} value "${item}" (expected ${all.join(', ')})`);
  return items as T[];
}

function positiveInteger(value: string | boolean | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer of at least ${min}, got "${String(value)}"`);
  return n;
}

/**
 * Cross-validated confusion tables of the matching modes on hand recordings (evaluation/
 * cross_validated_confusion.ts): markdown by default (as in bench/confusion.md), JSON with --json.
 */
export async function runConfusion(args: readonly string[]): Promise<void> {
  const flags = parseFlags(args, { values: ['in', 'modes', 'schemes', 'folds', 'block', 'out'], booleans: ['json'] });
  const folder = requireFlag(flags, 'in');
  const modes = list<MatchMode>(flags.modes, MATCH_MODES, isMatchMode, 'modes');
  const schemes = list<FoldScheme>(flags.schemes, ['contiguous', 'blocks'], (v): v is FoldScheme => v === 'contiguous' || v === 'blocks', 'schemes');
  const folds = positiveInteger(flags.folds, DEFAULT_CONFUSION_OPTIONS.folds, 'folds', 2);
  const blockFrames = positiveInteger(flags.block, DEFAULT_CONFUSION_OPTIONS.blockFrames, 'block', 1);
  const recordings = await loadAlphabetFolder(folder);
  const results: ConfusionResult[] = [];
  for (const scheme of schemes) for (const mode of modes) results.push(crossValidatedConfusion(recordings, { mode, scheme, folds, blockFrames }));
  const text = flags.json
    ? JSON.stringify(results, null, 2)
    : results.map(formatConfusionMarkdown).join('\n');
  if (typeof flags.out === 'string') {
    await writeFile(flags.out, text + '\n');
    console.log(JSON.stringify(results.map((r) => ({ ...r.options, ...r.summary })), null, 2));
  } else {
    console.log(text);
  }
}
