// Makes Auth and the database agree, on every start of the local stack (after a crash or not):
// - a user record (`users/{uid}`) whose Auth account is gone is removed, with its index entries;
// - an Auth account without a user record is deleted: its sign-up never finished (signUp writes
//   the record right after creating the account, and deletes the account itself when that write
//   fails; only a crash between the two leaves one), so no acknowledged sign-up is undone;
// - an index entry (`usernames/{key}`) whose owner is gone, or whose owner's profile now carries
//   another name, is removed (names reserved before the rules tied the index to the profile);
// - an entry kept under a name's old, case-sensitive key moves to the canonical key, and a
//   profile whose name has no entry gets one, when that key is free.
// With durable Auth (auth-store.ts) and database (database-store.ts) journals, the only
// disagreement a crash can leave is the unfinished sign-up; the rest repairs data from older
// versions. The plan is a pure function (tested on its own); applying it is one multi-path
// update and one batch delete.
import { usernameKey } from '../src/lib/data/username-rules.ts';
import { adminGet, adminUpdate, type AdminDatabase } from './admin-rest.ts';
import { allAccounts, deleteAccounts, type AuthEmulatorAdmin } from './auth-proxy.ts';

type Records = Record<string, { info?: { username?: unknown } } | null> | null;
type Index = Record<string, { uid?: unknown } | null> | null;

export interface ReconcilePlan {
  /** One multi-path update for the database (null removes). */
  databaseChanges: Record<string, { uid: string } | null>;
  /** Auth accounts to delete (their sign-up never finished). */
  authDeletes: string[];
  notes: string[];
}

// A key the database can hold (keys.ts: no . $ # [ ] / or control characters).
const storableKey = (key: string) => key.length > 0 && !/[.$#[\]/\u0000-\u001f\u007f]/.test(key);

export function planReconcile(input: { authUids: Iterable<string>; users: Records; usernames: Index }): ReconcilePlan {
  const authUids = new Set(input.authUids);
  const users = input.users ?? {};
  const usernames = input.usernames ?? {};
  const plan: ReconcilePlan = { databaseChanges: {}, authDeletes: [], notes: [] };
  const kept = new Set<string>();
  for (const uid of Object.keys(users)) {
    if (authUids.has(uid)) kept.add(uid);
    else {
      plan.databaseChanges[`users/${uid}`] = null;
      plan.notes.push(`users/${uid}: its Auth account is gone, record removed`);
    }
  }
  for (const uid of authUids) {
    if (!(uid in users)) {
      plan.authDeletes.push(uid);
      plan.notes.push(`Auth account ${uid}: no user record (a sign-up a crash cut short), deleted`);
    }
  }
  const profileName = (uid: string): string | null => {
    const name = users[uid]?.info?.username;
    return typeof name === 'string' ? name : null;
  };
  // Index entries that stay, by canonical key -> uid.
  const held = new Map<string, string>();
  const moves: Array<{ key: string; uid: string; canonical: string }> = [];
  for (const [key, entry] of Object.entries(usernames)) {
    const uid = entry?.uid;
    const name = typeof uid === 'string' && kept.has(uid) ? profileName(uid) : null;
    if (typeof uid !== 'string' || name === null || usernameKey(name) !== usernameKey(key)) {
      plan.databaseChanges[`usernames/${key}`] = null;
      plan.notes.push(`usernames/${key}: not the current name of a live account, removed`);
      continue;
    }
    const canonical = usernameKey(name);
    if (key === canonical) held.set(key, uid);
    else moves.push({ key, uid, canonical });
  }
  for (const { key, uid, canonical } of moves) {
    plan.databaseChanges[`usernames/${key}`] = null;
    if (storableKey(canonical) && !held.has(canonical)) {
      held.set(canonical, uid);
      plan.databaseChanges[`usernames/${canonical}`] = { uid };
      plan.notes.push(`usernames/${key}: moved to its case-insensitive key '${canonical}'`);
    } else {
      plan.notes.push(`usernames/${key}: its key '${canonical}' is held by another account; entry removed (the name stays on the profile until changed)`);
    }
  }
  const owners = new Set(held.values());
  for (const uid of kept) {
    const name = profileName(uid);
    if (name === null || owners.has(uid)) continue;
    const canonical = usernameKey(name);
    if (storableKey(canonical) && !held.has(canonical)) {
      held.set(canonical, uid);
      plan.databaseChanges[`usernames/${canonical}`] = { uid };
      plan.notes.push(`usernames/${canonical}: missing for ${uid}'s profile, added`);
    }
  }
  return plan;
}

export async function reconcileAccounts(options: {
  database: AdminDatabase;
  auth: AuthEmulatorAdmin;
  /** Records the Auth deletions durably (the Auth journal) after they are made. */
  recordAuthDeletes?: (uids: string[]) => Promise<void>;
  log?: (line: string) => void;
}): Promise<ReconcilePlan> {
  const [accounts, users, usernames] = await Promise.all([
    allAccounts(options.auth),
    adminGet(options.database, 'users') as Promise<Records>,
    adminGet(options.database, 'usernames') as Promise<Index>,
  ]);
  const plan = planReconcile({ authUids: accounts.map((account) => account.localId), users, usernames });
  if (Object.keys(plan.databaseChanges).length > 0) await adminUpdate(options.database, '', plan.databaseChanges);
  if (plan.authDeletes.length > 0) {
    await deleteAccounts(options.auth, plan.authDeletes);
    await options.recordAuthDeletes?.(plan.authDeletes);
  }
  for (const note of plan.notes) options.log?.(`reconcile: ${note}`);
  return plan;
}
