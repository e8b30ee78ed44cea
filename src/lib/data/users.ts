// `users/{uid}` and `users/{uid}/info` (product.md §3 Data, §7 Calls).
import { child, get, ref, set, update, type Database } from 'firebase/database';
import { defaultDatabase } from './database.ts';
import { DataError, isPermissionDenied } from './errors.ts';
import { paths } from './paths.ts';
import { userInfoSchema, userRecordSchema, type LevelProgress, type UserInfo, type UserRecord } from './schemas.ts';

/** product.md §9 Constants: 10 levels in the picker; maxLevel never exceeds it. */
export const LEVEL_COUNT = 10;

/** Reads `users/{uid}`; null when there is no record ('No user data available'). */
export async function getUserRecord(uid: string, db: Database = defaultDatabase()): Promise<UserRecord | null> {
  const snapshot = await get(child(ref(db), paths.user(uid)));
  if (!snapshot.exists()) return null;
  return userRecordSchema.parse(snapshot.val());
}

/** Reads `users/{uid}/info`; null when absent. */
export async function getUserInfo(uid: string, db: Database = defaultDatabase()): Promise<UserInfo | null> {
  const snapshot = await get(child(ref(db), paths.userInfo(uid)));
  if (!snapshot.exists()) return null;
  return userInfoSchema.parse(snapshot.val());
}

/** The stored username (login reads it from `users/{uid}/info`), or null. */
export async function getUsername(uid: string, db: Database = defaultDatabase()): Promise<string | null> {
  const info = await getUserInfo(uid, db);
  return info?.username ?? null;
}

/** The progress map of one language (level -> chapter -> number); empty when none. */
export function progressForLanguage(record: UserRecord | null, language: string): LevelProgress {
  return record?.progressPerLanguage[language] ?? {};
}

/** product.md §7 Calls: update `users/{uid}/info` with {maxLevel}. The rules accept only +1 steps up to 10. */
export async function raiseMaxLevel(uid: string, newMax: number, db: Database = defaultDatabase()): Promise<void> {
  if (!Number.isInteger(newMax) || newMax < 1 || newMax > LEVEL_COUNT) {
    throw new DataError('invalid-data', `maxLevel must be an integer from 1 to ${LEVEL_COUNT}`);
  }
  try {
    await update(ref(db, paths.userInfo(uid)), { maxLevel: newMax });
  } catch (error) {
    if (isPermissionDenied(error)) throw new DataError('permission-denied', 'maxLevel refused', error);
    throw error;
  }
}

/** product.md §7 Calls `users/{uid}/currentLanguage`: the language the learner practises. The rules accept
 * 'american' or a language with content (`language/{language}/levels`). */
export async function saveCurrentLanguage(uid: string, language: string, db: Database = defaultDatabase()): Promise<void> {
  try {
    await set(ref(db, `${paths.user(uid)}/currentLanguage`), language);
  } catch (error) {
    if (isPermissionDenied(error)) throw new DataError('permission-denied', `language "${language}" refused`, error);
    throw error;
  }
}
