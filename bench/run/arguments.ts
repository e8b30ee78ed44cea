// The bench's command line: `npm run bench -- [--quick] [--only a,b] [--out DIR] ...` -> BenchOptions,
// and `--gpu-bundle DIR` (bench/gpu-bundle/) apart.
import { join, resolve } from 'node:path';
import type { RuntimesOptions } from '../runtimes/run_runtimes.ts';

export interface BenchOptions {
  quick: boolean;
  outDir: string;
  /** Limit to some subjects (engine, tracker, human, mediapipe, models, loop, runtimes, classroom, serve, accuracy, acceptance, first-skeleton, signers, moving-signs); all when empty (signers and moving-signs only when named). */
  only?: string[];
  /** Signers: run MediaPipe Hands on the photographs again and rewrite its stored output. */
  rerunMediaPipe?: boolean;
  /** Signers (--video): also our tracker in video mode, a row beside still mode's (minutes from nothing, then cached). */
  signersVideo?: boolean;
  /** Signers (--video-without-body): also video mode with hands looked for without a body (close-up recordings' setting). */
  signersVideoWithoutBody?: boolean;
  /** --schedule: each stage's landmarks as the tracker gives them on its kind of sign's tracking schedule, as the camera screen tracks it: signers, video mode on a held letter's (HELD_SIGN_SCHEDULE); moving signs, a sign that moves (MOVING_SIGN_SCHEDULE). */
  schedule?: boolean;
  /** Moving signs: a folder of PopSign signer files to judge instead of data/popsign-hello-thankyou. */
  popsign?: string;
  /** Moving signs (--camera-fps N): N of the camera's 30 frames a second tracked and judged, the others dropped. */
  cameraFps?: number;
  /** Accuracy: reuse MediaPipe's landmarks from this earlier output folder (see bench/accuracy/run_accuracy.ts). */
  referenceFrom?: string;
  /** Practice loop: only these rows, by name (`full-2-on`, `lite-1-off`, `full-1-on-busy`...: models, threads, schedule, one core busy); all when absent. */
  loopRows?: string[];
  /** The WebGPU adapter of the Node runtimes rows: Dawn's null adapter (default) or the machine's GPU. */
  adapter?: RuntimesOptions['adapter'];
  log?: (line: string) => void;
}

/** The bench's arguments; `root` is the repository (the default output folder is under it). */
export function parseArgs(argv: string[], root: string): BenchOptions {
  const quick = argv.includes('--quick');
  const outIndex = argv.indexOf('--out');
  const onlyIndex = argv.indexOf('--only');
  const referenceIndex = argv.indexOf('--reference-from');
  const adapterIndex = argv.indexOf('--adapter');
  const popsignIndex = argv.indexOf('--popsign');
  const loopRowsIndex = argv.indexOf('--loop-rows');
  const cameraFpsIndex = argv.indexOf('--camera-fps');
  const cameraFps = cameraFpsIndex >= 0 ? Number(argv[cameraFpsIndex + 1]) : undefined;
  if (cameraFps !== undefined && !(Number.isInteger(cameraFps) && cameraFps >= 1 && cameraFps <= 30)) {
    throw new Error(`--camera-fps: a whole number of frames a second from 1 to 30, not ${argv[cameraFpsIndex + 1] ?? 'nothing'}`);
  }
  return {
    rerunMediaPipe: argv.includes('--rerun-mediapipe'),
    signersVideo: argv.includes('--video'),
    signersVideoWithoutBody: argv.includes('--video-without-body'),
    schedule: argv.includes('--schedule'),
    cameraFps,
    adapter: adapterIndex >= 0 ? (argv[adapterIndex + 1] as RuntimesOptions['adapter']) : undefined,
    quick,
    // A quick run does not overwrite the last full run's results.
    outDir: resolve(outIndex >= 0 ? argv[outIndex + 1]! : join(root, 'bench', 'results', ...(quick ? ['quick'] : []))),
    only: onlyIndex >= 0 ? argv[onlyIndex + 1]!.split(',') : [],
    referenceFrom: referenceIndex >= 0 ? resolve(argv[referenceIndex + 1]!) : undefined,
    popsign: popsignIndex >= 0 ? resolve(argv[popsignIndex + 1]!) : undefined,
    loopRows: loopRowsIndex >= 0 ? argv[loopRowsIndex + 1]!.split(',') : undefined,
  };
}

/** `--gpu-bundle DIR`: builds the GPU bundle (bench/gpu-bundle/) instead of running the bench. */
export async function buildGpuBundleFromArgs(argv: string[]): Promise<void> {
  const { buildGpuBundle } = await import('../gpu-bundle/build_gpu_bundle.ts');
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const rows = value('--gpu-bundle-rows') ?? 'all';
  if (rows !== 'tracker' && rows !== 'runtimes' && rows !== 'all') throw new Error(`--gpu-bundle-rows is tracker, runtimes or all, not ${rows}`);
  await buildGpuBundle({
    dir: resolve(value('--gpu-bundle')!),
    rows,
    compress: !argv.includes('--gpu-bundle-uncompressed'),
    vulkan: !argv.includes('--gpu-bundle-no-vulkan'),
  });
}
