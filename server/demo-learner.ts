// Seeds the demo learner (src/lib/demo/demo-learner.ts) on the local emulators: an Auth account
// with the printed password, its user record and username, and some progress (level 1 complete,
// the first lesson of level 2 done) with the letter statistics those lessons leave (each letter of
// a done lesson tried and completed once per lesson), so `npm start` can be tried in one click and
// the learning home's letter chart agrees with the chapters.
//
// It refuses any backend that is not a local emulator of a `demo-` project, before sending
// anything: the demo account never exists on a real Firebase project.
// Idempotent: the account is created once; a password changed through the app is set back (the
// banner and the login page print it); the record and progress are written only when the
// account has none, so what the demo learner does is kept between starts.
import { DEMO_LEARNER, isDemoProjectId } from '../src/lib/demo/demo-learner.ts';
import { AMERICAN_LEVELS } from '../src/lib/data/curriculum.ts';
import type { Level } from '../src/lib/data/schemas.ts';
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

/** The time each of the demo learner's letters took: a demonstration value, not a measurement (the
 * account is labelled a demo everywhere it is offered), under the chart's FLUENT_TIME_MS (4 s), so
 * a letter the demo learner did reads as learnt. */
export const DEMO_LETTER_TIME_MS = 3000;

/** The letter statistics of the lessons `progress` marks done (product.md §3 Data: lesson i of a chapter is done
 * when i < progress - 1): per letter, one attempt and one completion for each done lesson that asks
 * for it, in DEMO_LETTER_TIME_MS. */
export function demoLetterStats(progress: Readonly<Record<string, Readonly<Record<string, number>>>>, levels: readonly Level[] = AMERICAN_LEVELS) {
  const done = new Map<string, number>();
  for (const [level, chapters] of Object.entries(progress)) {
    for (const [chapter, value] of Object.entries(chapters)) {
      const lessons = levels[Number(level)]?.chapters[Number(chapter)]?.lessons ?? [];
      for (const lesson of lessons.slice(0, Math.max(0, value - 1))) for (const sign of lesson.signs) done.set(sign, (done.get(sign) ?? 0) + 1);
    }
  }
  return Object.fromEntries(
    [...done].map(([letter, count]) => [letter, { attempts: count, completions: count, flags: 0, recentMs: Array.from({ length: Math.min(count, 9) }, () => DEMO_LETTER_TIME_MS) }]),
  );
}

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
  if ((await adminGet(admin, `users/${uid}/info`)) !== null) {
    // A demo account seeded before it had letter statistics gets those of its seeded lessons; one
    // with statistics of its own keeps them.
    if ((await adminGet(admin, `users/${uid}/letterStats`, { shallow: 'true' })) === null) {
      await adminUpdate(admin, '', { [`users/${uid}/letterStats/american`]: demoLetterStats(DEMO_PROGRESS) });
    }
    return { uid, created, recordWritten: false };
  }
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
      letterStats: { american: demoLetterStats(DEMO_PROGRESS) },
    },
    [`usernames/${usernameKey(username)}`]: { uid },
  });
  return { uid, created, recordWritten: true };
}
