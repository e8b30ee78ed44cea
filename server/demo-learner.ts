// Seeds the demo learner (src/lib/demo/demo-learner.ts) on the local emulators: an Auth account
// with the printed password, its user record and username, and some progress (level 1 complete,
// the first lesson of level 2 done), so `npm start` can be tried in one click.
//
// It refuses any backend that is not a local emulator of a `demo-` project, before sending
// anything: the demo account never exists on a real Firebase project.
// Idempotent: the account is created once; a password changed through the app is set back (the
// banner and the login page print it); the record and progress are written only when the
// account has none, so what the demo learner does is kept between starts.
import { DEMO_LEARNER, isDemoProjectId } from '../src/lib/demo/demo-learner.ts';
import { adminGet, adminUpdate, type AdminDatabase } from './admin-rest.ts';
import { usernameKey } from '../src/lib/data/username-rules.ts';
import { ensureDemoAccount } from './demo-account.ts';

export interface DemoBackend {
  projectId: string;
  /** The Auth emulator, host:port. */
  authHost: string;
  /** The database, http://host:port?ns=PROJECT. */
  databaseUrl: string;
}

/** level index -> chapter index -> lesson progress (product.md §3 Data): level 1's two chapters complete
 * (2 lessons each), level 2 unlocked with its first lesson done. */
export const DEMO_PROGRESS = { '0': { '0': 3, '1': 3 }, '1': { '0': 2 } } as const;
export const DEMO_MAX_LEVEL = 2;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** Throws unless `backend` is a local emulator of a `demo-` project. */
export function assertDemoBackend(backend: DemoBackend): void {
  const problems: string[] = [];
  if (!isDemoProjectId(backend.projectId)) problems.push(`project "${backend.projectId}" is not a demo- project`);
  const authHostname = hostnameOf(`http://${backend.authHost}`);
  if (!authHostname || !LOOPBACK.has(authHostname)) problems.push(`Auth at "${backend.authHost}" is not a local emulator`);
  const databaseHostname = hostnameOf(backend.databaseUrl);
  if (!databaseHostname || !LOOPBACK.has(databaseHostname)) problems.push(`database at "${backend.databaseUrl}" is not a local emulator`);
  if (problems.length > 0) throw new Error(`demo learner refused: ${problems.join('; ')}. It is seeded on the local emulators only.`);
}

type Fetch = typeof fetch;

export interface SeededDemoLearner {
  uid: string;
  /** The account was created by this call (else it existed). */
  created: boolean;
  /** The record and progress were written by this call (else the account had them). */
  recordWritten: boolean;
}

export async function seedDemoLearner(backend: DemoBackend, options: { fetch?: Fetch } = {}): Promise<SeededDemoLearner> {
  assertDemoBackend(backend);
  const { email, password, username } = DEMO_LEARNER;
  const { uid, created } = await ensureDemoAccount(backend, { email, password }, options.fetch ?? fetch, 'demo learner');

  const admin: AdminDatabase = { databaseUrl: backend.databaseUrl, accessToken: 'owner' };
  if ((await adminGet(admin, `users/${uid}/info`)) !== null) return { uid, created, recordWritten: false };
  const owner = (await adminGet(admin, `usernames/${usernameKey(username)}`)) as { uid?: string } | null;
  if (owner?.uid && owner.uid !== uid) {
    const previous = (await adminGet(admin, `users/${owner.uid}`)) as { info?: { email?: string } } | null;
    if (previous?.info?.email !== email) {
      throw new Error(`demo learner: the username ${username} belongs to another account in this database; the demo account has no record`);
    }
    // An earlier demo account whose Auth side was lost (the Auth emulator saves its accounts
    // only when it stops in order): its record and progress move to the account made now.
    await adminUpdate(admin, '', { [`users/${owner.uid}`]: null, [`users/${uid}`]: previous, [`usernames/${usernameKey(username)}`]: { uid } });
    return { uid, created, recordWritten: true };
  }
  await adminUpdate(admin, '', {
    [`users/${uid}`]: {
      info: { username, email, maxLevel: DEMO_MAX_LEVEL },
      currentLanguage: 'american',
      progressPerLanguage: { american: DEMO_PROGRESS },
    },
    [`usernames/${usernameKey(username)}`]: { uid },
  });
  return { uid, created, recordWritten: true };
}
