// The username index `usernames/{username}` -> {uid} (SPEC.md sections 3, 4 and 7).
// Claims are one multi-path update checked by database.rules.json: a name can be created only
// when it is free and only with the writer's own uid, so two people claiming one name at the
// same moment cannot both get it; the loser's whole update is refused.
import { child, get, ref, update, type Database } from 'firebase/database';
import { defaultDatabase } from './database.ts';
import { DataError, isPermissionDenied } from './errors.ts';
import { paths } from './paths.ts';
import { usernameEntrySchema } from './schemas.ts';

/** Reads `usernames/{name}`: true when somebody holds it. */
export async function isUsernameTaken(name: string, db: Database = defaultDatabase()): Promise<boolean> {
  const snapshot = await get(child(ref(db), paths.username(name)));
  return snapshot.exists();
}

/** The uid holding a name, or null. */
export async function getUsernameOwner(name: string, db: Database = defaultDatabase()): Promise<string | null> {
  const snapshot = await get(child(ref(db), paths.username(name)));
  if (!snapshot.exists()) return null;
  return usernameEntrySchema.parse(snapshot.val()).uid;
}

/**
 * SPEC 7 register: writes `users/{uid}/info` {username, email, maxLevel: 1} and
 * `usernames/{username}` {uid} in one update. Throws DataError 'username-taken' when the name is
 * held by someone else (also when another client won a race for it).
 */
export async function registerUserRecord(
  uid: string,
  values: { username: string; email: string },
  db: Database = defaultDatabase(),
): Promise<void> {
  try {
    await update(ref(db), {
      [paths.userInfo(uid)]: { username: values.username, email: values.email, maxLevel: 1 },
      [paths.username(values.username)]: { uid },
    });
  } catch (error) {
    if (isPermissionDenied(error)) {
      const owner = await getUsernameOwner(values.username, db).catch(() => null);
      if (owner !== null && owner !== uid) throw new DataError('username-taken', 'username is taken', error);
      throw new DataError('permission-denied', 'registration write refused', error);
    }
    throw error;
  }
}

/** Claims a free name for uid without touching the user's info. */
export async function claimUsername(uid: string, name: string, db: Database = defaultDatabase()): Promise<void> {
  try {
    await update(ref(db), { [paths.username(name)]: { uid } });
  } catch (error) {
    if (isPermissionDenied(error)) throw new DataError('username-taken', 'username is taken', error);
    throw error;
  }
}

/**
 * SPEC 4 username change: (1) the user must be signed in (uid present), (2) the new name must be
 * free, then (3) `usernames/{oldName}` set to null, (4) `usernames/{newName}` = {uid}, (5)
 * `users/{uid}/info/username` = newName. Steps 3-5 go in one multi-path update, so a failure
 * leaves nothing half-done and a concurrent claim of the same name loses cleanly.
 * Errors: 'not-authenticated', 'username-taken', 'username-change-failed'.
 */
export async function changeUsername(
  uid: string | null | undefined,
  oldName: string | null | undefined,
  newName: string,
  db: Database = defaultDatabase(),
): Promise<void> {
  if (!uid) throw new DataError('not-authenticated', 'no signed-in user');
  let taken: boolean;
  try {
    taken = await isUsernameTaken(newName, db);
  } catch (error) {
    throw new DataError('username-change-failed', 'could not check the name', error);
  }
  if (taken) throw new DataError('username-taken', 'username is taken');
  const changes: Record<string, unknown> = {};
  if (oldName && oldName !== newName) changes[paths.username(oldName)] = null;
  changes[paths.username(newName)] = { uid };
  changes[paths.userInfoField(uid, 'username')] = newName;
  try {
    await update(ref(db), changes);
  } catch (error) {
    if (isPermissionDenied(error)) {
      const owner = await getUsernameOwner(newName, db).catch(() => null);
      if (owner !== null && owner !== uid) throw new DataError('username-taken', 'username is taken', error);
    }
    throw new DataError('username-change-failed', 'username write failed', error);
  }
}
