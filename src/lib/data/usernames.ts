// The username index `usernames/{key}` -> {uid} (product.md §3 Data, §4 States, §7 Calls), keyed by the
// name's canonical form (username-rules.ts) so that uniqueness ignores case.
// database.rules.json ties the index and the profile both ways: an account can hold only the
// key of its own `users/{uid}/info/username`, and that name only while it holds the key. So a
// claim is always one multi-path update with the profile, and of two people claiming one name
// at the same moment exactly one succeeds; the loser's whole update is refused.
import { child, get, ref, update, type Database } from 'firebase/database';
import { defaultDatabase } from './database.ts';
import { DataError, isPermissionDenied } from './errors.ts';
import { paths } from './paths.ts';
import { usernameEntrySchema } from './schemas.ts';
import { isValidUsername, normalizeUsername, usernameKey } from './username-rules.ts';

/** The name as it will be stored (normalised), or DataError 'invalid-username' when it cannot be. */
export function storableUsername(typed: string): string {
  const name = normalizeUsername(typed);
  if (!isValidUsername(name)) throw new DataError('invalid-username', 'username can only contain letters, numbers, underscores and single spaces, 3 to 20 characters');
  return name;
}

/** Reads `usernames/{key}`: true when somebody holds the name (in any case). */
export async function isUsernameTaken(name: string, db: Database = defaultDatabase()): Promise<boolean> {
  return (await getUsernameOwner(name, db)) !== null;
}

/** The uid holding a name (in any case), or null. */
export async function getUsernameOwner(name: string, db: Database = defaultDatabase()): Promise<string | null> {
  const snapshot = await get(child(ref(db), paths.username(name)));
  if (!snapshot.exists()) return null;
  return usernameEntrySchema.parse(snapshot.val()).uid;
}

/**
 * product.md §7 Calls register: writes `users/{uid}/info` {username, email, maxLevel: 1} and
 * `usernames/{key}` {uid} in one update. The name is normalised first; one that cannot be
 * stored throws 'invalid-username' before any write. Throws 'username-taken' when the name is
 * held by someone else (also when another client won a race for it), 'permission-denied' when
 * the rules refuse the record for another reason.
 */
export async function registerUserRecord(
  uid: string,
  values: { username: string; email: string },
  db: Database = defaultDatabase(),
): Promise<void> {
  const username = storableUsername(values.username);
  try {
    await update(ref(db), {
      [paths.userInfo(uid)]: { username, email: values.email, maxLevel: 1 },
      [paths.username(username)]: { uid },
    });
  } catch (error) {
    if (isPermissionDenied(error)) {
      const owner = await getUsernameOwner(username, db).catch(() => null);
      if (owner !== null && owner !== uid) throw new DataError('username-taken', 'username is taken', error);
      throw new DataError('permission-denied', 'the database refused the new profile', error);
    }
    throw error;
  }
}

/**
 * product.md §4.4 Username change: (1) the user must be signed in (uid present), (2) the new name must be
 * free, then (3) the old name's index entry set to null, (4) the new one's = {uid}, (5)
 * `users/{uid}/info/username` = newName. Steps 3-5 go in one multi-path update, so a failure
 * leaves nothing half-done and a concurrent claim of the same name loses cleanly.
 * The old name is the one stored in the profile (`oldName`, the session's copy, only when the
 * profile cannot be read). The same name in another case is a change of case: the key stays.
 * Errors: 'not-authenticated', 'invalid-username', 'username-unchanged' (it is already this
 * account's name), 'username-taken', 'username-change-failed' (also: no profile to rename).
 */
export async function changeUsername(
  uid: string | null | undefined,
  oldName: string | null | undefined,
  newName: string,
  db: Database = defaultDatabase(),
): Promise<void> {
  if (!uid) throw new DataError('not-authenticated', 'no signed-in user');
  const name = storableUsername(newName);
  let stored: unknown;
  let owner: string | null;
  try {
    [stored, owner] = await Promise.all([
      get(child(ref(db), paths.userInfoField(uid, 'username'))).then((snapshot) => snapshot.val() as unknown),
      getUsernameOwner(name, db),
    ]);
  } catch (error) {
    throw new DataError('username-change-failed', 'could not read the profile or the name', error);
  }
  if (typeof stored !== 'string') throw new DataError('username-change-failed', 'this account has no profile to rename');
  const current = stored || oldName || '';
  if (current === name) throw new DataError('username-unchanged', 'that is already the account’s name');
  if (owner !== null && owner !== uid) throw new DataError('username-taken', 'username is taken');

  const changes: Record<string, unknown> = {};
  const oldKey = current ? usernameKey(current) : null;
  if (oldKey && oldKey !== usernameKey(name)) {
    // Release the old entry only if it is ours (a legacy profile may name a key it never held).
    const oldOwner = await getUsernameOwner(current, db).catch(() => null);
    if (oldOwner === uid) changes[paths.username(current)] = null;
  }
  changes[paths.username(name)] = { uid };
  changes[paths.userInfoField(uid, 'username')] = name;
  try {
    await update(ref(db), changes);
  } catch (error) {
    if (isPermissionDenied(error)) {
      const winner = await getUsernameOwner(name, db).catch(() => null);
      if (winner !== null && winner !== uid) throw new DataError('username-taken', 'username is taken', error);
    }
    throw new DataError('username-change-failed', 'username write failed', error);
  }
}
