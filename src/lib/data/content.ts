// Curriculum and reference content: `levels/{level}` and `signs/{signName}`, or their
// `language/{language}/...` twins for other languages (product.md §7 Calls).
import { child, get, ref, type Database } from 'firebase/database';
import { defaultDatabase } from './database.ts';
import { paths } from './paths.ts';
import { parseReferenceSign, type ReferenceSign } from '@signlearn/engine/reference/reference_sign_schema';
import { decodeKey, mapKeys } from './keys.ts';
import { levelSchema, type Level } from './schemas.ts';

/** Reads a level by its 0-based index (Level 1 is index 0). A level without content reads as
 * `{ chapters: [] }`, which the lessons page shows as its empty text. */
export async function getLevel(language: string, levelIndex: number, db: Database = defaultDatabase()): Promise<Level> {
  const snapshot = await get(child(ref(db), paths.level(language, levelIndex)));
  if (!snapshot.exists()) return { chapters: [] };
  return levelSchema.parse(snapshot.val());
}

/** Reads a sign's reference record, validated with the engine's schema; null when the sign has
 * none. Throws InvalidReferenceSignError for a malformed record. */
export async function getSign(language: string, signName: string, db: Database = defaultDatabase()): Promise<ReferenceSign | null> {
  const snapshot = await get(child(ref(db), paths.sign(language, signName)));
  if (!snapshot.exists()) return null;
  const stored = snapshot.val() as { configs?: unknown };
  // configs keys are stored percent-encoded (keys.ts): "A%2Egif" -> "A.gif".
  const configs = stored && typeof stored.configs === 'object' && stored.configs !== null
    ? mapKeys(stored.configs as Record<string, unknown>, decodeKey)
    : stored?.configs;
  return parseReferenceSign(signName, { ...stored, configs });
}

/** The guide animation's URL for a `configs` key: product.md §7 Calls `gifs/{language}/{fileName}` on the
 * learning host (served from public/gifs/). */
export function guideUrl(language: string, fileName: string): string {
  return `/gifs/${encodeURIComponent(language)}/${encodeURIComponent(fileName)}`;
}
