// Email-and-password identity (product.md §4 States, §7 Calls) through the Firebase Auth client.
// Errors keep Firebase's codes; the wrong-password variants are folded into
// 'auth/invalid-credential' (what production returns with email-enumeration protection on),
// so the app maps one code to 'The old password is incorrect.'
import {
  EmailAuthProvider,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  updatePassword,
  type Auth,
  type User,
} from 'firebase/auth';
import type { Database } from 'firebase/database';
import { FirebaseError } from 'firebase/app';
import { getFirebaseClient } from './client.ts';
import { whenDatabaseReachable } from './database-reachable.ts';
import { DataError, errorCode } from '@/lib/data/errors.ts';
import { isUsernameTaken, registerUserRecord, storableUsername } from '@/lib/data/usernames.ts';

const defaultAuth = (): Auth => getFirebaseClient().auth;
const defaultDb = (): Database => getFirebaseClient().db;

const INVALID_CREDENTIAL_ALIASES = new Set(['auth/wrong-password', 'auth/user-not-found', 'auth/invalid-login-credentials']);

function normalizeAuthError(error: unknown): unknown {
  const code = errorCode(error);
  if (INVALID_CREDENTIAL_ALIASES.has(code)) {
    return new FirebaseError('auth/invalid-credential', (error as Error).message);
  }
  return error;
}

export async function signIn(email: string, password: string, auth: Auth = defaultAuth()): Promise<User> {
  try {
    return (await signInWithEmailAndPassword(auth, email, password)).user;
  } catch (error) {
    throw normalizeAuthError(error);
  }
}

/**
 * The login form's sign-in: the account, and the database the app reads next (the username, the
 * levels), connecting side by side. When the credentials are accepted but the database does not
 * connect within seconds, the account is signed out again and 'database-unreachable' thrown: the
 * form says so instead of waiting on a read the SDK would queue forever.
 */
export async function signInAndConnect(email: string, password: string, auth: Auth = defaultAuth(), db: Database = defaultDb()): Promise<User> {
  const reachable = whenDatabaseReachable(db);
  reachable.catch(() => undefined); // awaited below, once the credentials are accepted
  const user = await signIn(email, password, auth);
  try {
    await reachable;
  } catch (error) {
    await firebaseSignOut(auth).catch(() => undefined);
    throw error;
  }
  return user;
}

/**
 * product.md §4 States, §7 Calls: register: normalise the username and refuse one that cannot be stored
 * ('invalid-username', before anything is created), refuse a taken one ('username-taken'),
 * create the account ('auth/email-already-in-use' etc. pass through), then write
 * `users/{uid}/info` and `usernames/{key}`. If that write fails (another client claimed the name
 * in between: 'username-taken'; the rules refused it: 'permission-denied'), the new account is
 * deleted again, so no account is left without its profile.
 * Before anything, the database must connect within seconds ('database-unreachable' otherwise):
 * the SDK would queue the username check for as long as it stays away, and the form would spin.
 */
export async function signUp(
  values: { username: string; email: string; password: string },
  auth: Auth = defaultAuth(),
  db: Database = defaultDb(),
): Promise<User> {
  const username = storableUsername(values.username);
  await whenDatabaseReachable(db);
  if (await isUsernameTaken(username, db)) throw new DataError('username-taken', 'username is taken');
  let user: User;
  try {
    user = (await createUserWithEmailAndPassword(auth, values.email, values.password)).user;
  } catch (error) {
    throw normalizeAuthError(error);
  }
  try {
    await registerUserRecord(user.uid, { username, email: values.email }, db);
  } catch (error) {
    await user.delete().catch(() => undefined);
    throw error;
  }
  return user;
}

export async function sendReset(email: string, auth: Auth = defaultAuth()): Promise<void> {
  await sendPasswordResetEmail(auth, email);
}

export async function signOut(auth: Auth = defaultAuth()): Promise<void> {
  await firebaseSignOut(auth);
}

/** product.md §7 Calls: re-authenticate with the account's own email and the old password, then update.
 * Errors: 'not-authenticated', 'auth/invalid-credential', 'auth/weak-password', others. */
export async function changePassword(oldPassword: string, newPassword: string, auth: Auth = defaultAuth()): Promise<void> {
  const user = auth.currentUser;
  if (!user || !user.email) throw new DataError('not-authenticated', 'no signed-in user');
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, oldPassword));
    await updatePassword(user, newPassword);
  } catch (error) {
    throw normalizeAuthError(error);
  }
}

/** The auth-state listener (product.md §4.1 Sign-in: the auth context loads until its first call). */
export function onAuthChange(callback: (user: User | null) => void, auth: Auth = defaultAuth()): () => void {
  return onAuthStateChanged(auth, callback);
}

export function currentUser(auth: Auth = defaultAuth()): User | null {
  return auth.currentUser;
}
