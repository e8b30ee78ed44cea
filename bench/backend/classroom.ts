// The classroom row of the bench (`npm run bench -- --only classroom`, part of the full run):
// the embedded default (the `npm start` stack: server/dev.ts with the Auth emulator, the database
// stand-in and the app, on its own ports and data folder) serving 30 learners who sign up, sign
// in, and save lesson progress once a second for 60 s through the app's own data functions.
// Figures: save latency (read + acknowledged write, as the camera screen's save does), sign-up
// and sign-in latency, the stack's CPU and memory, what a write costs on disk; then the stack is
// SIGKILLed while the learners write, restarted, and every acknowledged save is looked for.
import { mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn, signUp } from '../../src/lib/firebase/auth.ts';
import { closeFirebaseClient, type FirebaseClient } from '../../src/lib/firebase/client.ts';
import { saveLessonProgress } from '../../src/lib/data/progress.ts';
import { adminGet } from '../../server/admin-rest.ts';
import { Journal } from '../../server/durable-file.ts';
import { summarize, type Stat } from '../lib/stats.ts';
import { DRILL_LANGUAGE, DRILL_LESSONS, seedDrillContent } from './crash_faults.ts';
import { startStack, type Stack } from './stack.ts';

export interface ClassroomSettings {
  learners: number;
  seconds: number;
  /** Shift of the `npm start` ports, so the row runs beside anything else on the machine. */
  portOffset: number;
}

export const CLASSROOM_SETTINGS: ClassroomSettings = { learners: 30, seconds: 60, portOffset: 700 };

interface ProcessSample {
  role: string;
  cpuTicks: number;
  rssKiB: number;
}

const TICKS_PER_SECOND = 100; // Linux USER_HZ

function roleOf(pid: number, stackPid: number): string {
  if (pid === stackPid) return 'dev.ts (database stand-in + Auth proxy)';
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  if (cmdline.includes('firebase.js')) return 'Auth emulator (firebase-tools)';
  if (cmdline.includes('vite')) return 'app (Vite)';
  return 'other (esbuild and helpers)';
}

function sampleProcesses(stack: Stack): Map<number, ProcessSample> {
  const samples = new Map<number, ProcessSample>();
  for (const pid of stack.processes()) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields after the command: state(0) ... utime(11) stime(12).
      const cpuTicks = Number(fields[11]) + Number(fields[12]);
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      samples.set(pid, { role: roleOf(pid, stack.pid), cpuTicks, rssKiB: Number(rss?.[1] ?? 0) });
    } catch {
      /* gone meanwhile */
    }
  }
  return samples;
}

async function journalStats(stack: Stack): Promise<{ appends: number; bytes: number; syncs: number }> {
  const response = await fetch(`http://${stack.databaseHost}/.journal.json`, { headers: { Authorization: 'Bearer owner' } });
  return (await response.json()) as { appends: number; bytes: number; syncs: number };
}

/** What one save cost before the journal: the whole tree serialised and rewritten (no fsync then). */
function oldDesignCost(dataFile: string, scratch: string): { treeBytes: number; rewriteMs: Stat } {
  const tree = JSON.parse(readFileSync(dataFile, 'utf8')) as unknown;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    const text = JSON.stringify(tree);
    bytes = Buffer.byteLength(text);
    // As the old stand-in did: write a temporary file, rename it over the data file.
    const temp = join(scratch, 'old-design.json.tmp');
    writeFileSync(temp, text);
    renameSync(temp, join(scratch, 'old-design.json'));
    times.push(performance.now() - started);
  }
  return { treeBytes: bytes, rewriteMs: summarize(times) };
}

/** One journal append + fdatasync of a progress-sized line on this disk, alone (no group commit). */
async function syncCost(scratch: string): Promise<Stat> {
  const journal = new Journal(join(scratch, 'probe'), 1);
  const times: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const started = performance.now();
    await journal.append({ o: 'u', p: '', v: { 'users/abcdefghijklmnopqrstuvwxyz12/progressPerLanguage/american/0/1': i } });
    times.push(performance.now() - started);
  }
  await journal.close();
  return summarize(times);
}

export interface ClassroomResult {
  settings: ClassroomSettings & { language: string; note: string };
  startMs: number;
  signUpMs: Stat;
  signInMs: Stat;
  saves: { acknowledged: number; failed: number; perSecond: number; latencyMs: Stat; p99Ms: number };
  server: Array<{ role: string; cpuPercentOfOneCore: number; rssMiBPeak: number }>;
  serverTotal: { cpuPercentOfOneCore: number; rssMiBPeak: number };
  disk: {
    journalBytesPerWrite: number;
    writesPerSync: number;
    syncAloneMs: Stat;
    snapshotBytes: number;
    oldDesignRewriteMs: Stat;
  };
  /** `acknowledged`: every save acknowledged before the kill (checked as each learner's highest acknowledged value, progress only grows). */
  crash: { killedAtS: number; acknowledged: number; learnersChecked: number; lost: number; inFlightThatLanded: number; restartMs: number; lostPaths: string[] };
}

export async function runClassroomBench(settings: ClassroomSettings = CLASSROOM_SETTINGS, log: (line: string) => void = console.log): Promise<ClassroomResult> {
  const scratch = mkdtempSync(join(tmpdir(), 'signlearn-classroom-'));
  const dataDir = join(scratch, 'data');
  let stack = await startStack({ portOffset: settings.portOffset, dataDir, app: true });
  const clients: FirebaseClient[] = [];
  try {
    log(`bench:   classroom: the npm start stack is up in ${(stack.startMs / 1000).toFixed(1)} s (Auth ${stack.authHost}, database ${stack.databaseHost}, app ${stack.appUrl})`);
    const admin = { databaseUrl: stack.databaseUrl, accessToken: 'owner' };
    await seedDrillContent(admin);
    const tag = Date.now().toString(36).slice(-5);
    const accounts = Array.from({ length: settings.learners }, (_, i) => ({ username: `Class${tag}${i}`, email: `class${tag}${i}@example.com`, password: 'secret1!' }));

    // Sign-ups, all at once (a class starting together), then sign-ins on fresh clients.
    const signUpMs: number[] = [];
    await Promise.all(
      accounts.map(async (account, i) => {
        const client = stack.client(`classroom-signup-${i}`);
        const started = performance.now();
        await signUp(account, client.auth, client.db);
        signUpMs.push(performance.now() - started);
        await closeFirebaseClient(client);
      }),
    );
    const signInMs: number[] = [];
    const learners = await Promise.all(
      accounts.map(async (account, i) => {
        const client = stack.client(`classroom-learner-${i}`);
        clients.push(client);
        const started = performance.now();
        const user = await signIn(account.email, account.password, client.auth);
        signInMs.push(performance.now() - started);
        return { client, uid: user.uid };
      }),
    );
    log(`bench:   classroom: ${settings.learners} learners signed up (median ${summarize(signUpMs).median.toFixed(0)} ms) and in; saving progress once a second for ${settings.seconds} s`);

    const latencies: number[] = [];
    const acknowledged = new Map<string, number>();
    let acknowledgedSaves = 0;
    let failed = 0;
    let killing = false;
    let stopped = false;
    const cpuStart = sampleProcesses(stack);
    const rssPeak = new Map<string, number>();
    const sampler = setInterval(() => {
      const byRole = new Map<string, number>();
      for (const sample of sampleProcesses(stack).values()) byRole.set(sample.role, (byRole.get(sample.role) ?? 0) + sample.rssKiB);
      for (const [role, kib] of byRole) rssPeak.set(role, Math.max(rssPeak.get(role) ?? 0, kib));
    }, 1000);
    const journalBefore = await journalStats(stack);
    const windowStart = performance.now();
    const streams = learners.map(async ({ client, uid }, i) => {
      // Each learner saves once a second, the class spread over the second.
      await new Promise((resolve) => setTimeout(resolve, (i / settings.learners) * 1000));
      const path = `users/${uid}/progressPerLanguage/${DRILL_LANGUAGE}/0/0`;
      for (let lesson = 2; !stopped && lesson <= DRILL_LESSONS + 1; lesson += 1) {
        const due = performance.now() + 1000;
        const started = performance.now();
        try {
          const value = await saveLessonProgress({ uid, language: DRILL_LANGUAGE, levelIndex: 0, chapterIndex: 0, value: lesson }, client.db);
          if (!killing) latencies.push(performance.now() - started);
          if (value !== null) {
            acknowledged.set(path, value);
            acknowledgedSaves += 1;
          }
        } catch {
          if (!killing) failed += 1;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, settings.seconds * 1000));
    const windowS = (performance.now() - windowStart) / 1000;
    clearInterval(sampler);
    const cpuEnd = sampleProcesses(stack);
    const journalAfter = await journalStats(stack);
    const savesInWindow = latencies.length;

    // The kill: a random moment within the next second, while the class keeps saving.
    const killedAtS = windowS + Math.random();
    await new Promise((resolve) => setTimeout(resolve, (killedAtS - windowS) * 1000));
    killing = true;
    await stack.kill();
    stopped = true;
    const snapshot = new Map(acknowledged);
    const savesBeforeKill = acknowledgedSaves;
    await Promise.all(clients.splice(0).map((client) => closeFirebaseClient(client).catch(() => undefined)));
    await Promise.race([Promise.all(streams), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    log(`bench:   classroom: SIGKILL at ${killedAtS.toFixed(1)} s with ${savesBeforeKill} saves acknowledged; restarting`);
    stack = await startStack({ portOffset: settings.portOffset, dataDir, app: true });
    const after = { databaseUrl: stack.databaseUrl, accessToken: 'owner' };
    const lostPaths: string[] = [];
    let inFlightThatLanded = 0;
    for (const [path, value] of snapshot) {
      const found = await adminGet(after, path);
      if (typeof found !== 'number' || found < value) lostPaths.push(`${path}: acknowledged ${value}, found ${JSON.stringify(found)}`);
      else if (found > value) inFlightThatLanded += 1;
    }

    const cpuByRole = new Map<string, number>();
    for (const [pid, end] of cpuEnd) cpuByRole.set(end.role, (cpuByRole.get(end.role) ?? 0) + end.cpuTicks - (cpuStart.get(pid)?.cpuTicks ?? 0));
    const percent = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / windowS) * 1000) / 10;
    const mib = (kib: number) => Math.round((kib / 1024) * 10) / 10;
    const server = [...cpuByRole.keys()].sort().map((role) => ({ role, cpuPercentOfOneCore: percent(cpuByRole.get(role)!), rssMiBPeak: mib(rssPeak.get(role) ?? 0) }));
    const appends = journalAfter.appends - journalBefore.appends;
    const latency = summarize(latencies);
    const sorted = [...latencies].sort((a, b) => a - b);
    const result: ClassroomResult = {
      settings: {
        ...settings,
        language: DRILL_LANGUAGE,
        note: `Learners save to language '${DRILL_LANGUAGE}' (one chapter of ${DRILL_LESSONS} lessons seeded for the bench), so progress can grow each second; same rules and paths as any language`,
      },
      startMs: stack.startMs,
      signUpMs: summarize(signUpMs),
      signInMs: summarize(signInMs),
      saves: {
        acknowledged: savesInWindow,
        failed,
        perSecond: Math.round((savesInWindow / windowS) * 10) / 10,
        latencyMs: latency,
        p99Ms: Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? NaN) * 10) / 10,
      },
      server,
      serverTotal: {
        cpuPercentOfOneCore: Math.round(server.reduce((a, s) => a + s.cpuPercentOfOneCore, 0) * 10) / 10,
        rssMiBPeak: Math.round(server.reduce((a, s) => a + s.rssMiBPeak, 0) * 10) / 10,
      },
      disk: {
        journalBytesPerWrite: appends > 0 ? Math.round((journalAfter.bytes - journalBefore.bytes) / appends) : 0,
        writesPerSync: Math.round((appends / Math.max(1, journalAfter.syncs - journalBefore.syncs)) * 100) / 100,
        syncAloneMs: await syncCost(scratch),
        snapshotBytes: statSync(join(dataDir, 'database.json')).size,
        oldDesignRewriteMs: oldDesignCost(join(dataDir, 'database.json'), scratch).rewriteMs,
      },
      crash: { killedAtS: Math.round(killedAtS * 10) / 10, acknowledged: savesBeforeKill, learnersChecked: snapshot.size, lost: lostPaths.length, inFlightThatLanded, restartMs: stack.startMs, lostPaths: lostPaths.slice(0, 10) },
    };
    log(
      `bench:   classroom: ${result.saves.acknowledged} saves (${result.saves.perSecond}/s), latency p50 ${latency.median.toFixed(1)} ms p99 ${result.saves.p99Ms} ms; ` +
        `server CPU ${result.serverTotal.cpuPercentOfOneCore}% of a core, ${result.serverTotal.rssMiBPeak} MiB; after SIGKILL: ${result.crash.acknowledged} acknowledged, ${result.crash.lost} lost`,
    );
    return result;
  } finally {
    await Promise.all(clients.map((client) => closeFirebaseClient(client).catch(() => undefined)));
    await stack.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

const ms = (s: Stat) => `${s.median.toFixed(1)} (p90 ${s.p90.toFixed(1)}, max ${s.max.toFixed(1)})`;

export function formatClassroom(r: ClassroomResult): string {
  const lines = [
    `${r.settings.learners} learners on the embedded default (\`npm start\`'s stack on ports +${r.settings.portOffset}), each saving lesson progress once a second for ${r.settings.seconds} s with \`saveLessonProgress\` (a read, then the write, acknowledged once it is on disk). ${r.settings.note}.`,
    '',
    '| saves acknowledged | saves/s | failed | save latency p50 ms | p99 ms | max ms | sign-up p50 / p99 ms | sign-in p50 ms |',
    '|---|---|---|---|---|---|---|---|',
    `| ${r.saves.acknowledged} | ${r.saves.perSecond} | ${r.saves.failed} | ${r.saves.latencyMs.median.toFixed(1)} | ${r.saves.p99Ms} | ${r.saves.latencyMs.max.toFixed(1)} | ${r.signUpMs.median.toFixed(0)} / ${r.signUpMs.max.toFixed(0)} (max) | ${r.signInMs.median.toFixed(0)} |`,
    '',
    '| process | CPU, % of one core over the window | peak RSS MiB |',
    '|---|---|---|',
    ...r.server.map((s) => `| ${s.role} | ${s.cpuPercentOfOneCore} | ${s.rssMiBPeak} |`),
    `| **whole stack** | **${r.serverTotal.cpuPercentOfOneCore}** | **${r.serverTotal.rssMiBPeak}** |`,
    '',
    `On disk: a save costs ${r.disk.journalBytesPerWrite} journal bytes and a share of one fdatasync (${r.disk.writesPerSync} writes per sync under this load; one append + fdatasync alone: ${ms(r.disk.syncAloneMs)} ms). ` +
      `Before the journal every save (debounced 200 ms, no fsync) rewrote the whole ${(r.disk.snapshotBytes / 2 ** 20).toFixed(1)} MB tree: ${ms(r.disk.oldDesignRewriteMs)} ms of serialising and writing each time.`,
    '',
    `SIGKILL of the whole stack ${r.crash.killedAtS} s in, while the class kept saving, then a restart (${(r.crash.restartMs / 1000).toFixed(1)} s): **${r.crash.acknowledged} saves acknowledged before the kill, ${r.crash.lost} lost** (each of the ${r.crash.learnersChecked} learners' highest acknowledged value looked for); ${r.crash.inFlightThatLanded} saves in flight at the kill, never acknowledged, landed as well.`,
  ];
  return lines.join('\n');
}
