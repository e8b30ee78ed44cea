// The fault run: the `npm start` stack is SIGKILLed at random moments while learners sign up and
// save progress through the app's own data functions (signUp, saveLessonProgress, raiseMaxLevel),
// then restarted on the same data. After every restart it checks that every write the clients
// saw acknowledged is there, and that Auth and the database agree (no user record or username
// without its account, no account without its record). tests/backend/crash.test.ts runs it with
// a few kills; `npm run crash-faults -- --kills 20` runs the full one (docs/engineer/backend.md, "Durability").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn, signUp } from '../../src/lib/firebase/auth.ts';
import { closeFirebaseClient, type FirebaseClient } from '../../src/lib/firebase/client.ts';
import { saveLessonProgress } from '../../src/lib/data/progress.ts';
import { raiseMaxLevel } from '../../src/lib/data/users.ts';
import { usernameKey } from '../../src/lib/data/username-rules.ts';
import { adminGet, adminSet, type AdminDatabase } from '../../server/admin-rest.ts';
import { PROJECT_ID } from '../../server/paths.ts';
import { startStack, type Stack } from './stack.ts';

/** A bench-only language with one long chapter, so a learner's progress can grow for minutes. */
export const DRILL_LANGUAGE = 'drill';
export const DRILL_LESSONS = 500;

export async function seedDrillContent(admin: AdminDatabase): Promise<void> {
  const lessons = Array.from({ length: DRILL_LESSONS }, () => ({ signs: ['A'] }));
  await adminSet(admin, `language/${DRILL_LANGUAGE}/levels`, [{ chapters: [{ title: 'Drill', lessons, number_of_lessons: DRILL_LESSONS }] }]);
}

export interface Learner {
  uid: string;
  email: string;
  username: string;
  password: string;
}

/** What the clients saw acknowledged. */
export interface Acknowledged {
  signUps: Learner[];
  /** path -> highest value acknowledged (all these values only grow). */
  values: Map<string, number>;
  writes: number;
}

export interface Orphans {
  recordsWithoutAccount: string[];
  accountsWithoutRecord: string[];
  namesWithoutOwner: string[];
  profilesWithoutName: string[];
}

export interface Check {
  lostSignUps: string[];
  lostWrites: Array<{ path: string; acknowledged: number; found: unknown }>;
  orphans: Orphans;
}

export interface FaultReport {
  kills: number;
  signUpsAcknowledged: number;
  writesAcknowledged: number;
  signUpsLost: number;
  writesLost: number;
  orphans: number;
  /** Milliseconds from the stream's start to each kill. */
  killAfterMs: number[];
  restartMs: number[];
  failures: string[];
  durationS: number;
}

function random(seed: number): () => number {
  // mulberry32: a seeded generator, so a failing run can be repeated with --seed.
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function authAccounts(stack: Stack): Promise<string[]> {
  const response = await fetch(`http://${stack.authHost}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchGet?maxResults=-1`, {
    headers: { Authorization: 'Bearer owner' },
  });
  if (!response.ok) throw new Error(`accounts:batchGet: HTTP ${response.status}`);
  const body = (await response.json()) as { users?: Array<{ localId: string }> };
  return (body.users ?? []).map((user) => user.localId);
}

/** Auth and the database agree: every record and name has its account, every account its record. */
export async function findOrphans(stack: Stack): Promise<Orphans> {
  const admin = { databaseUrl: stack.databaseUrl, accessToken: 'owner' };
  const [accounts, users, usernames] = await Promise.all([
    authAccounts(stack),
    adminGet(admin, 'users') as Promise<Record<string, { info?: { username?: string } }> | null>,
    adminGet(admin, 'usernames') as Promise<Record<string, { uid?: string }> | null>,
  ]);
  const auth = new Set(accounts);
  const records = users ?? {};
  const names = usernames ?? {};
  const owners = new Map(Object.entries(names).map(([key, entry]) => [entry?.uid, key]));
  return {
    recordsWithoutAccount: Object.keys(records).filter((uid) => !auth.has(uid)),
    accountsWithoutRecord: accounts.filter((uid) => !(uid in records)),
    namesWithoutOwner: Object.entries(names)
      .filter(([key, entry]) => !entry?.uid || !auth.has(entry.uid) || usernameKey(records[entry.uid]?.info?.username ?? '') !== key)
      .map(([key]) => key),
    profilesWithoutName: Object.entries(records)
      .filter(([uid, record]) => typeof record?.info?.username === 'string' && owners.get(uid) !== usernameKey(record.info.username))
      .map(([uid]) => uid),
  };
}

export const orphanCount = (o: Orphans) => o.recordsWithoutAccount.length + o.accountsWithoutRecord.length + o.namesWithoutOwner.length + o.profilesWithoutName.length;

/** Checks every acknowledged sign-up and write against the restarted stack. */
export async function checkAcknowledged(stack: Stack, acknowledged: Acknowledged, signUpsToCheck: Learner[]): Promise<Check> {
  const admin = { databaseUrl: stack.databaseUrl, accessToken: 'owner' };
  const lostSignUps: string[] = [];
  const checker = stack.client(`checker-${Date.now()}`);
  try {
    for (const learner of signUpsToCheck) {
      const problems: string[] = [];
      try {
        const user = await signIn(learner.email, learner.password, checker.auth);
        if (user.uid !== learner.uid) problems.push(`signs in as ${user.uid}`);
      } catch (error) {
        problems.push(`cannot sign in (${(error as { code?: string }).code ?? (error as Error).message})`);
      }
      const info = (await adminGet(admin, `users/${learner.uid}/info`)) as { username?: string } | null;
      if (info?.username !== learner.username) problems.push(`profile name ${JSON.stringify(info?.username)}`);
      const entry = (await adminGet(admin, `usernames/${usernameKey(learner.username)}`)) as { uid?: string } | null;
      if (entry?.uid !== learner.uid) problems.push(`usernames entry ${JSON.stringify(entry)}`);
      if (problems.length > 0) lostSignUps.push(`${learner.username} (${learner.uid}): ${problems.join(', ')}`);
    }
  } finally {
    await closeFirebaseClient(checker);
  }
  const lostWrites: Check['lostWrites'] = [];
  const paths = [...acknowledged.values.entries()];
  for (let i = 0; i < paths.length; i += 20) {
    await Promise.all(
      paths.slice(i, i + 20).map(async ([path, value]) => {
        const found = await adminGet(admin, path);
        if (typeof found !== 'number' || found < value) lostWrites.push({ path, acknowledged: value, found });
      }),
    );
  }
  return { lostSignUps, lostWrites, orphans: await findOrphans(stack) };
}

/**
 * One learner's stream until `stop()`: a new learner signs up, a returning one signs in; then
 * each saves progress (one lesson more each time) and now and then unlocks the next level;
 * every acknowledged result is recorded.
 */
async function learnerStream(client: FirebaseClient, id: string, returning: Learner | null, acknowledged: Acknowledged, stopped: () => boolean): Promise<void> {
  let learner = returning;
  if (!learner) {
    const username = `L${id}`;
    const email = `${username.toLowerCase()}@example.com`;
    const password = 'secret1!';
    const user = await signUp({ username, email, password }, client.auth, client.db);
    learner = { uid: user.uid, email, username, password };
    acknowledged.signUps.push(learner);
  } else {
    await signIn(learner.email, learner.password, client.auth);
  }
  const progressPath = `users/${learner.uid}/progressPerLanguage/${DRILL_LANGUAGE}/0/0`;
  const levelPath = `users/${learner.uid}/info/maxLevel`;
  let lesson = (acknowledged.values.get(progressPath) ?? 1) + 1;
  let level = acknowledged.values.get(levelPath) ?? 1;
  while (!stopped() && lesson <= DRILL_LESSONS + 1) {
    if (lesson % 10 === 0 && level < 10) {
      // A raise that was never acknowledged may have landed before the last kill: +1 on the stored value.
      try {
        await raiseMaxLevel(learner.uid, level + 1, client.db);
        level += 1;
      } catch (error) {
        if ((error as { code?: string }).code !== 'permission-denied') throw error;
        level += 1;
        continue;
      }
      record(acknowledged, levelPath, level);
    }
    const value = await saveLessonProgress({ uid: learner.uid, language: DRILL_LANGUAGE, levelIndex: 0, chapterIndex: 0, value: lesson }, client.db);
    if (value !== null) {
      record(acknowledged, progressPath, value);
      lesson = value + 1;
    }
  }
}

function record(acknowledged: Acknowledged, path: string, value: number): void {
  acknowledged.writes += 1;
  acknowledged.values.set(path, Math.max(value, acknowledged.values.get(path) ?? 0));
}

export async function runCrashFaults(options: {
  kills: number;
  /** Learners writing at once; new ones keep signing up while the others write. */
  learners?: number;
  /** The kill comes this long after the stream starts (uniformly random in the range, ms). */
  killWindowMs?: [number, number];
  seed?: number;
  portOffset: number;
  dataDir?: string;
  log?: (line: string) => void;
}): Promise<FaultReport> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const rand = random(seed);
  const learners = options.learners ?? 4;
  const [minKill, maxKill] = options.killWindowMs ?? [300, 5000];
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'signlearn-crash-'));
  const acknowledged: Acknowledged = { signUps: [], values: new Map(), writes: 0 };
  const report: FaultReport = {
    kills: 0,
    signUpsAcknowledged: 0,
    writesAcknowledged: 0,
    signUpsLost: 0,
    writesLost: 0,
    orphans: 0,
    killAfterMs: [],
    restartMs: [],
    failures: [],
    durationS: 0,
  };
  log(`crash faults: ${options.kills} kills, ${learners} returning and ${learners} new learners at a time (and a new one every 250 ms), seed ${seed}, data in ${dataDir}`);
  let stack = await startStack({ portOffset: options.portOffset, dataDir, log: process.env.SIGNLEARN_CRASH_VERBOSE ? log : undefined });
  try {
    await seedDrillContent({ databaseUrl: stack.databaseUrl, accessToken: 'owner' });
    let serial = 0;
    let checkedSignUps = 0;
    for (let kill = 1; kill <= options.kills; kill += 1) {
      let stop = false;
      let killing = false;
      const clients: FirebaseClient[] = [];
      const streams: Array<Promise<void>> = [];
      const startLearner = (returning: Learner | null) => {
        const client = stack.client(`learner-${kill}-${serial}`);
        clients.push(client);
        const id = `${Date.now().toString(36).slice(-5)}${(serial += 1)}`;
        // A rejection once the kill has begun is expected (the connection is gone); before it, a failure.
        streams.push(
          learnerStream(client, id, returning, acknowledged, () => stop).catch((error: unknown) => {
            if (!killing) report.failures.push(`learner ${returning?.username ?? id}: ${(error as Error).message}`);
          }),
        );
      };
      // Learners from earlier rounds come back and go on; new ones sign up.
      const returning = [...acknowledged.signUps].sort(() => rand() - 0.5).slice(0, learners);
      for (const learner of returning) startLearner(learner);
      for (let i = 0; i < learners; i += 1) startLearner(null);
      // New sign-ups keep arriving during the stream.
      const arrivals = setInterval(() => startLearner(null), 250);
      const after = Math.round(minKill + rand() * (maxKill - minKill));
      await new Promise((resolve) => setTimeout(resolve, after));
      killing = true;
      await stack.kill();
      stop = true;
      clearInterval(arrivals);
      // Close the clients before the restart, so no write left pending in one can be sent again:
      // what the restarted stack holds is what was on disk.
      await Promise.all(clients.map((client) => closeFirebaseClient(client).catch(() => undefined)));
      await Promise.race([Promise.all(streams), new Promise((resolve) => setTimeout(resolve, 5_000))]);
      report.kills += 1;
      report.killAfterMs.push(after);
      stack = await startStack({ portOffset: options.portOffset, dataDir, log: process.env.SIGNLEARN_CRASH_VERBOSE ? log : undefined });
      report.restartMs.push(stack.startMs);
      // Every sign-up since the last check, a sample of older ones, and all of them after the last kill.
      const last = kill === options.kills;
      const sample = acknowledged.signUps.slice(0, checkedSignUps).sort(() => rand() - 0.5).slice(0, 8);
      const check = await checkAcknowledged(stack, acknowledged, last ? acknowledged.signUps : [...acknowledged.signUps.slice(checkedSignUps), ...sample]);
      checkedSignUps = acknowledged.signUps.length;
      const orphans = orphanCount(check.orphans);
      log(
        `crash faults: kill ${kill}/${options.kills} at ${after} ms into the stream; so far ${acknowledged.signUps.length} sign-ups and ${acknowledged.writes} writes acknowledged; ` +
          `lost now: ${check.lostSignUps.length} sign-ups, ${check.lostWrites.length} writes; orphans ${orphans}; restart ${(stack.startMs / 1000).toFixed(1)} s`,
      );
      report.signUpsLost = Math.max(report.signUpsLost, check.lostSignUps.length);
      report.writesLost = Math.max(report.writesLost, check.lostWrites.length);
      report.orphans = Math.max(report.orphans, orphans);
      for (const lost of check.lostSignUps) report.failures.push(`kill ${kill}: sign-up lost: ${lost}`);
      for (const lost of check.lostWrites) report.failures.push(`kill ${kill}: write lost: ${lost.path} acknowledged ${lost.acknowledged}, found ${JSON.stringify(lost.found)}`);
      if (orphans > 0) report.failures.push(`kill ${kill}: orphans ${JSON.stringify(check.orphans)}`);
    }
  } finally {
    await stack.stop();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  report.signUpsAcknowledged = acknowledged.signUps.length;
  report.writesAcknowledged = acknowledged.writes;
  report.durationS = Math.round((Date.now() - started) / 100) / 10;
  return report;
}

function flag(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  runCrashFaults({
    kills: Number(flag(args, 'kills') ?? 20),
    learners: Number(flag(args, 'learners') ?? 4),
    seed: flag(args, 'seed') ? Number(flag(args, 'seed')) : undefined,
    portOffset: Number(flag(args, 'port-offset') ?? 850),
    log: (line) => console.log(line),
  }).then(
    (report) => {
      console.log(JSON.stringify({ ...report, failures: report.failures.slice(0, 20) }, null, 2));
      process.exit(report.failures.length === 0 && report.signUpsLost + report.writesLost + report.orphans === 0 ? 0 : 1);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
