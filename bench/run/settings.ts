// How much a quick and a full run measure, and the machine they ran on.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** How much each mode runs. */
export function settingsFor(quick: boolean) {
  return quick
    ? {
        clips: ['messi-zoom'],
        frames: 4,
        loads: 1,
        passes: 1,
        mediapipe: { frames: 1, runs: [{ solution: 'pose', clips: ['messi-zoom'] }] },
        loop: { clip: 'desk-upper', referenceFrames: 12, loopFrames: 60 },
        // Not in the quick run (MediaPipe's reference takes minutes on SwiftShader) unless asked
        // for with --only accuracy.
        accuracy: { clipFrames: 5, inDefaultRun: false },
        pageTimeoutMs: 120_000,
      }
    : {
        clips: ['messi-zoom', 'hand-pan', 'vtest-walk'],
        frames: 20,
        loads: 3,
        passes: 1,
        // SwiftShader's warm-up alone takes 30-50 s a load: few frames, holistic on one clip.
        mediapipe: {
          frames: 3,
          runs: [
            { solution: 'pose-hands', clips: ['messi-zoom', 'hand-pan', 'vtest-walk'] },
            { solution: 'holistic', clips: ['messi-zoom'] },
          ],
        },
        loop: { clip: 'desk-upper', referenceFrames: 30, loopFrames: 150 },
        // Video mode on the first second of each clip: MediaPipe takes seconds a frame on SwiftShader.
        accuracy: { clipFrames: 30, inDefaultRun: true },
        pageTimeoutMs: 300_000,
      };
}

/** The machine and the checkout the figures come from. */
export function machineInfo(root: string): Record<string, unknown> {
  const cpus = os.cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    /* not a git checkout */
  }
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    v8: process.versions.v8,
    loadAverageStart: os.loadavg().map((x) => Math.round(x * 100) / 100),
    commit,
    ci: Boolean(process.env.CI),
  };
}

export type BenchSettings = ReturnType<typeof settingsFor>;
