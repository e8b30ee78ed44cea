// Seeds a Realtime Database with the curriculum and the reference sign records: the local
// emulator on first start and in the tests, or any database an admin points it at.
// Idempotent: content paths are replaced with the same values; user data is never touched.
//
//   npm run seed                                   # the local dev database (127.0.0.1:9000)
//   npm run seed -- --database-url https://PROJECT-default-rtdb.firebaseio.com \
//                   --access-token "$(gcloud auth print-access-token)"
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { HAND_DESCRIPTOR_NAMES } from '@signlearn/engine/handshape/hand_descriptors';
import { parseReferenceSign, type ReferenceSign } from '@signlearn/engine/reference/reference_sign_schema';
import { manualAlphabetOf } from '@signlearn/engine/handshape/alphabets/manual_alphabets';
import type { LetterDefinition } from '@signlearn/engine/handshape/manual_alphabet';
import { CURRICULUM, curriculumSigns } from '../src/lib/data/curriculum.ts';
import { movingSignsOf } from '../src/lib/data/moving-signs.ts';
import { contentRoot } from '../src/lib/data/paths.ts';
import { encodeKey, mapKeys } from '../src/lib/data/keys.ts';
import type { Level } from '../src/lib/data/schemas.ts';
import { adminSet, adminUpdate, type AdminDatabase } from './admin-rest.ts';
import { ensureMovingSigns } from './moving-signs.ts';
import { ALPHABET_DIR as REPO_ALPHABET_DIR, PEOPLE_HANDS_FILE, PROJECT_ID, ROOT } from './paths.ts';

/** The recorded alphabet (26 letters) the reference builder reads. */
export const ALPHABET_DIR = process.env.SIGNLEARN_ALPHABET_DIR ?? REPO_ALPHABET_DIR;
/** Built reference records, one `<SIGN>.json` each (gitignored cache). */
export const REFERENCES_DIR = join(ROOT, '.cache', 'references');

/** Where a language's recordings and built records are: American's alphabet and REFERENCES_DIR,
 * with other people's photographed letters as prototypes (PEOPLE_HANDS_FILE); another language's
 * fingerspelling lexicon, data/fingerspelling-{language} (its ISO 639-3 code), and
 * .cache/references-{language}. */
export function languageFolders(language: string): { recordings: string; references: string; people?: string } {
  if (language === 'american') return { recordings: ALPHABET_DIR, references: REFERENCES_DIR, people: PEOPLE_HANDS_FILE };
  return { recordings: join(ROOT, 'data', `fingerspelling-${language}`), references: join(ROOT, '.cache', `references-${language}`) };
}

/** The file in a references folder that says which people's hands its records learned from (a hash of the people-hands file, or "none"). */
const PEOPLE_STAMP = 'people-hands.sha256';
const peopleStamp = (people: string | undefined) => (people === undefined ? 'none' : createHash('sha256').update(readFileSync(people)).digest('hex'));

/** The manual alphabet a curriculum language's records are built with ('american' is ISO 639-3 ase). */
export const definitionsOf = (language: string): Readonly<Record<string, LetterDefinition>> => manualAlphabetOf(language === 'american' ? 'ase' : language);

/**
 * Runs the engine's reference builder into `out` unless every needed record is there and valid. A
 * record the current schema rejects, one without the current handshape model, or one whose letter
 * the alphabet (`definitions`) now defines otherwise (all written by an older builder) counts as
 * missing, so an upgrade rebuilds the cache instead of failing to seed or judging by old
 * definitions; so do records built from other people's hands than `people`'s (the file's hash,
 * kept beside them). American's records learn from data/real-photos/people-hands.json.
 */
export function ensureReferences(signs: string[], out = REFERENCES_DIR, alphabetDir = ALPHABET_DIR, definitions: Readonly<Record<string, LetterDefinition>> = definitionsOf('american'), people: string | undefined = alphabetDir === ALPHABET_DIR ? PEOPLE_HANDS_FILE : undefined): void {
  const stamp = peopleStamp(people);
  const stampFile = join(out, PEOPLE_STAMP);
  const sameHands = existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === stamp;
  if (sameHands && signs.every((sign) => isUsableRecord(sign, join(out, `${sign}.json`), definitions))) return;
  if (!existsSync(alphabetDir)) {
    throw new Error(`seed: reference records missing in ${out} and no recordings at ${alphabetDir} (set SIGNLEARN_ALPHABET_DIR)`);
  }
  execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'engine', 'src', 'cli', 'main.ts'), 'build-references', '--in', alphabetDir, '--out', out, ...(people === undefined ? [] : ['--people', people])], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  writeFileSync(stampFile, `${stamp}\n`);
}

function isUsableRecord(sign: string, file: string, definitions: Readonly<Record<string, LetterDefinition>>): boolean {
  if (!existsSync(file)) return false;
  try {
    const record = parseReferenceSign(sign, JSON.parse(readFileSync(file, 'utf8')));
    // A record from an older builder (no handshape model, or one for other descriptors) is rebuilt.
    const model = record.handshape;
    const names = model?.descriptors;
    if (names === undefined || names.length !== HAND_DESCRIPTOR_NAMES.length || names.some((name, i) => name !== HAND_DESCRIPTOR_NAMES[i])) return false;
    // So is one whose letter, or one of the letters it is held apart from (the ratio test reads
    // their definitions too), the alphabet now defines otherwise (a definition the judge reads,
    // or the letter whose frames its model learns from too: handshapeOf, its own only).
    const definition = definitions[sign];
    if (definition !== undefined && !sameDefinition(model!, definition)) return false;
    return Object.entries(model!.contrastDefinitions ?? {}).every(([other, stored]) => definitions[other] === undefined || sameDefinition({ movement: definitions[other].movement, handshapeOf: definitions[other].handshapeOf, ...stored }, definitions[other]));
  } catch {
    return false;
  }
}

type StoredDefinition = Pick<NonNullable<ReferenceSign['handshape']>, 'fingers' | 'movement' | 'points' | 'hook' | 'crossing' | 'pointsWith' | 'thumbTouches' | 'bend' | 'thumbSide' | 'handshapeOf'>;

function sameDefinition(model: StoredDefinition, d: LetterDefinition): boolean {
  return (
    model.fingers.join() === d.fingers.join() &&
    model.movement === d.movement &&
    (model.points ?? 'any') === (d.points ?? 'any') &&
    model.hook === d.hook &&
    model.crossing === d.crossing &&
    model.pointsWith === d.pointsWith &&
    model.thumbTouches === d.thumbTouches &&
    model.bend === d.bend &&
    model.thumbSide === d.thumbSide &&
    model.handshapeOf === d.handshapeOf
  );
}

/** Reads and validates the records of the given signs. Every curriculum sign must have one:
 * no sign appears in a lesson without a reference record. */
export function loadReferences(signs: string[], dir = REFERENCES_DIR): Record<string, ReferenceSign> {
  const records: Record<string, ReferenceSign> = {};
  for (const sign of signs) {
    const file = join(dir, `${sign}.json`);
    if (!existsSync(file)) throw new Error(`seed: no reference record for sign "${sign}" (${file})`);
    records[sign] = parseReferenceSign(sign, JSON.parse(readFileSync(file, 'utf8')));
  }
  return records;
}

export interface SeedResult {
  languages: string[];
  levels: number;
  signs: number;
}

/** Writes `levels` and `signs` (or `language/{language}/...`) for every language. */
export async function seedDatabase(
  admin: AdminDatabase,
  options: { curriculum?: Record<string, Level[]>; referencesDir?: string; buildMissing?: boolean } = {},
): Promise<SeedResult> {
  const curriculum = options.curriculum ?? CURRICULUM;
  const result: SeedResult = { languages: [], levels: 0, signs: 0 };
  for (const [language, levels] of Object.entries(curriculum)) {
    const signs = curriculumSigns(levels);
    const folders = languageFolders(language);
    // The letters come from the language's alphabet recordings; the signs that move each from its
    // one performance (moving-signs.ts).
    const moving = movingSignsOf(language);
    const letters = signs.filter((sign) => !moving.some((m) => m.name === sign));
    if (options.buildMissing !== false && !options.referencesDir) {
      ensureReferences(letters, folders.references, folders.recordings, definitionsOf(language), folders.people);
      await ensureMovingSigns(moving.filter((m) => signs.includes(m.name)), folders.references);
    }
    const records = loadReferences(signs, options.referencesDir ?? folders.references);
    // Levels replace the whole `levels` node (an array by 0-based index); levels without
    // content are simply absent.
    await adminSet(admin, `${contentRoot(language)}levels`, levels);
    // Signs are patched one by one so that records of signs no longer taught stay readable.
    for (const [sign, record] of Object.entries(records)) {
      // Database keys cannot hold '.', so the guide file name "A.gif" is stored as "A%2Egif".
      await adminUpdate(admin, `${contentRoot(language)}signs`, { [sign]: { ...record, configs: mapKeys(record.configs, encodeKey) } });
    }
    result.languages.push(language);
    result.levels += levels.length;
    result.signs += signs.length;
  }
  return result;
}

function flag(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1];
  const inline = args.find((arg) => arg.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

async function main(args: string[]): Promise<void> {
  const databaseUrl = flag(args, 'database-url') ?? process.env.SIGNLEARN_DATABASE_URL ?? `http://127.0.0.1:9000?ns=${PROJECT_ID}`;
  const accessToken = flag(args, 'access-token') ?? process.env.SIGNLEARN_DATABASE_ACCESS_TOKEN;
  const databaseSecret = flag(args, 'database-secret') ?? process.env.SIGNLEARN_DATABASE_SECRET;
  const local = /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(databaseUrl);
  if (!local && !accessToken && !databaseSecret) {
    throw new Error('seed: a production database needs --access-token (OAuth2, e.g. `gcloud auth print-access-token`) or --database-secret');
  }
  const referencesDir = flag(args, 'references');
  const result = await seedDatabase({ databaseUrl, accessToken: accessToken ?? (local ? 'owner' : undefined), databaseSecret }, { referencesDir });
  console.log(`seed: ${databaseUrl}: ${result.levels} levels, ${result.signs} signs (${result.languages.join(', ')})`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? '')) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    // A failed request's reason is in its cause ('fetch failed' alone says nothing).
    const cause = error instanceof Error && error.cause ? ` (${error.cause instanceof Error ? error.cause.message : String(error.cause)})` : '';
    console.error(error instanceof Error ? `${error.message}${cause}` : error);
    process.exit(1);
  });
}
