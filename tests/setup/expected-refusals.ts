// Setup file of the `backend` project: the database's refusals that these tests provoke on
// purpose stay out of the test log.
//
// The Firebase SDK prints 'FIREBASE WARNING: set at /x failed: permission_denied' for every write
// the rules refuse, even when the caller handles the rejection. In the backend tests a refusal is
// the expected result of a rule being proven (the rules, the username race, progress that never
// decreases), and each one is already asserted through the rejected promise: a refusal a test did
// not expect fails that test. So those warnings are collected here instead of printed (tests can
// read them back from `refusalWarnings`), and every other message of the SDK is printed as before.
import { onLog, setLogLevel } from 'firebase/app';
// The SDK's loggers exist once their modules are loaded; load them before changing them.
import 'firebase/auth';
import 'firebase/database';

/** What the SDK hands a log callback (firebase/app does not export the type by name). */
export type FirebaseLog = Parameters<Parameters<typeof onLog>[0] & object>[0];

/** The refusal warnings the SDK logged in this test file, oldest first. */
export const refusalWarnings: string[] = [];

/** A rules refusal of a write, as the Realtime Database SDK words it. */
export function isRefusalWarning(log: Pick<FirebaseLog, 'level' | 'message'>): boolean {
  return log.level === 'warn' && /FIREBASE WARNING: .* failed: permission_denied/.test(log.message);
}

export function routeFirebaseLog(log: FirebaseLog): void {
  if (isRefusalWarning(log)) {
    refusalWarnings.push(log.message);
    return;
  }
  const print = log.level === 'error' ? console.error : log.level === 'warn' ? console.warn : console.log;
  print(`[${log.type}] ${log.message}`);
}

// The SDK's own console output is turned off and replaced by the router above, which sees
// everything from 'info' up (the SDK's default level).
setLogLevel('silent');
onLog(routeFirebaseLog, { level: 'info' });
