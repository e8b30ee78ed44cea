// The curriculum's signs that move (src/lib/data/moving-signs.ts), built for the seed: each from
// its one performance in data/, with the engine's builder (the movement, the SPEC's angles and the
// recorded skeleton as its guide), into the language's reference folder, unless a usable record of
// the current builder, made from the same performance, is already there.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MOVEMENT_KEY_COUNT } from '@signlearn/engine/movement/build_movement_model';
import { MOVEMENT_FEATURE_NAMES } from '@signlearn/engine/movement/movement_features';
import { loadPopSignFolder } from '@signlearn/engine/node/load_popsign_folder';
import { buildMovingSign } from '@signlearn/engine/recordings/build_moving_sign';
import { popsignSource } from '@signlearn/engine/recordings/popsign_recording';
import { parseReferenceSign } from '@signlearn/engine/reference/reference_sign_schema';
import type { MovingSignSource } from '../src/lib/data/moving-signs.ts';
import { ROOT } from './paths.ts';

/** What a cached record was built from: a record of another performance is rebuilt. */
const madeFrom = (sign: MovingSignSource) => `data/${sign.folder}/${sign.signer}/${sign.sequence}`;

function isUsable(sign: MovingSignSource, file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { madeFrom?: unknown };
    if (stored.madeFrom !== madeFrom(sign)) return false;
    const record = parseReferenceSign(sign.name, stored);
    const movement = record.movement;
    return movement !== undefined && record.guide !== undefined && movement.keys.length === MOVEMENT_KEY_COUNT && movement.features.join() === MOVEMENT_FEATURE_NAMES.join();
  } catch {
    return false;
  }
}

/** Writes `<sign>.json` into `out` for each moving sign without a usable record there. */
export async function ensureMovingSigns(signs: readonly MovingSignSource[], out: string): Promise<void> {
  const missing = signs.filter((sign) => !isUsable(sign, join(out, `${sign.name}.json`)));
  if (missing.length === 0) return;
  mkdirSync(out, { recursive: true });
  const folders = new Map<string, Awaited<ReturnType<typeof loadPopSignFolder>>>();
  for (const sign of missing) {
    const folder = join(ROOT, 'data', sign.folder);
    if (!folders.has(folder)) folders.set(folder, await loadPopSignFolder(folder));
    const performance = folders.get(folder)!.find((s) => s.signer === sign.signer && s.sequence === sign.sequence && s.sign === sign.gloss);
    if (!performance) throw new Error(`seed: ${sign.name}: no performance ${sign.signer}/${sign.sequence} of ${sign.gloss} in data/${sign.folder}`);
    const record = buildMovingSign(popsignSource(performance), `${sign.name}.gif`);
    // `madeFrom` stays in the cache (the schema leaves it out of what is seeded).
    writeFileSync(join(out, `${sign.name}.json`), JSON.stringify({ ...record, madeFrom: madeFrom(sign) }));
  }
}
