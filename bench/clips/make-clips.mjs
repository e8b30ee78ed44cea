// Makes the bench's video clips of real people from real photographs and a real video, with
// ffmpeg, into .cache/clips/ (gitignored). Idempotent: a clip whose files exist is kept.
//
// Each clip is written twice: <name>.webm (VP9, to look at or play in a page) and
// <name>/NNN.jpg (the same frames as JPEG, quality 2), which the bench decodes once before timing
// so that every runtime and every peer is fed the very same pixels. bench/README.md says how each
// clip was made; CLIPS below is the one place that says it in code.
//
// Sources: the photographs in data/photographs (from Debian's opencv-doc), and OpenCV's sample
// video vtest.avi and sample image basketball1.png, taken from Debian's opencv-doc package with
// `apt-get download opencv-doc` and `dpkg-deb` (no other network).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where the clips are made; SIGNLEARN_CLIPS_DIR moves them (a test makes them in a temporary folder). */
export const CLIPS_DIR = process.env.SIGNLEARN_CLIPS_DIR ?? join(root, '.cache', 'clips');
const FIXTURES = [join(root, 'data', 'photographs')];

export const WIDTH = 640;
export const HEIGHT = 480;
export const FPS = 30;
export const FRAMES = 90;

/** The clips: name, source, and the ffmpeg input arguments and filter that make them. */
export const CLIPS = [
  {
    name: 'messi-zoom',
    description:
      'messi5.jpg (548x342, a footballer in full body, arms out, hands open), letterboxed to 4:3, ' +
      'then a slow 3 s zoom-in (1.00x to 1.18x) towards the upper body at 30 fps: a still person ' +
      'under a moving camera.',
    source: 'fixtures/images/messi5.jpg',
    input: (src) => ['-loop', '1', '-framerate', String(FPS), '-i', src.image('messi5.jpg')],
    filter:
      `pad=548:411:0:34:black,scale=1280:960,` +
      `zoompan=z='1+0.002*on':x='iw/2-(iw/zoom/2)':y='ih*0.42-(ih/zoom/2)':d=${FRAMES}:s=${WIDTH}x${HEIGHT}:fps=${FPS}`,
  },
  {
    name: 'hand-pan',
    description:
      'handSrc.jpg (640x480, one open hand close to the camera), a 3 s zoom-in (1.00x to 1.27x) with ' +
      'a slow pan right at 30 fps: a hand filling the frame, no body (the pose stages find nothing; ' +
      'shows the cost of a frame without a person).',
    source: 'fixtures/images/handSrc.jpg',
    input: (src) => ['-loop', '1', '-framerate', String(FPS), '-i', src.image('handSrc.jpg')],
    filter:
      `scale=1280:960,` +
      `zoompan=z='1+0.003*on':x='(iw-iw/zoom)*on/${FRAMES}':y='ih/2-(ih/zoom/2)':d=${FRAMES}:s=${WIDTH}x${HEIGHT}:fps=${FPS}`,
  },
  {
    name: 'vtest-walk',
    description:
      'vtest.avi (OpenCV sample, 768x576, 10 fps, pedestrians filmed from a first floor): the first ' +
      '9 s (90 frames), cropped to 256x192 around the man crossing the lawn (x=150, y=170), scaled ' +
      'to 640x480 and played at 30 fps: a real moving person, small and soft.',
    source: 'opencv-doc: /usr/share/doc/opencv-doc/examples/data/vtest.avi',
    input: (src) => ['-r', '10', '-t', '9', '-i', src.vtest()],
    filter: `crop=256:192:150:170,scale=${WIDTH}:${HEIGHT}:flags=bicubic,settb=1/${FPS},setpts=N`,
  },
  {
    name: 'desk-upper',
    description:
      'basketball1.png (OpenCV sample, 640x480 grey, two men indoors): the left one from the waist up ' +
      '(a 240x180 crop at x=0, y=50: head near the top, hips out of frame, both hands in front of the chest ' +
      'on a ball), scaled to 1280x960, then a 3 s zoom-in (1.00x to 1.15x) with a slow pan at 30 fps: a ' +
      "learner's framing at a desk under a moving camera (the accuracy harness's upper-body clip).",
    source: 'opencv-doc: /usr/share/doc/opencv-doc/examples/data/basketball1.png',
    input: (src) => ['-loop', '1', '-framerate', String(FPS), '-i', src.opencvDoc('examples/data/basketball1.png')],
    filter:
      `crop=240:180:0:50,scale=1280:960:flags=bicubic,` +
      `zoompan=z='1+0.00167*on':x='(iw-iw/zoom)*(0.5+0.3*on/${FRAMES})':y='(ih-ih/zoom)*0.4':d=${FRAMES}:s=${WIDTH}x${HEIGHT}:fps=${FPS}`,
  },
];

/** The files the clips take from Debian's opencv-doc package (extracted once, the .deb removed). */
export const OPENCV_DOC_FILES = [
  'examples/data/vtest.avi',
  'examples/data/basketball1.png',
  // The accuracy harness's webcam still (bench/accuracy/make-stills.mjs).
  'opencv4/html/Cascade_Classifier_Tutorial_Result_Haar.jpg',
];

function sources() {
  return {
    image(name) {
      for (const dir of FIXTURES) if (existsSync(join(dir, name))) return join(dir, name);
      throw new Error(`make-clips: fixture image ${name} not found in ${FIXTURES.join(' or ')}`);
    },
    vtest() {
      return opencvDocFile('examples/data/vtest.avi');
    },
    opencvDoc: opencvDocFile,
  };
}

/** A program the clips are made with is not installed: the message says which, and how to install it. */
export class MissingProgramError extends Error {
  constructor(program, why, install) {
    super(`${program} is not installed; ${why}. Install it with ${install}, then run the bench again.`);
    this.name = 'MissingProgramError';
  }
}

/** A file of opencv-doc (path under /usr/share/doc/opencv-doc/), from the package. */
export function opencvDocFile(path) {
  const out = join(CLIPS_DIR, 'opencv-doc');
  const file = (p) => join(out, 'usr', 'share', 'doc', 'opencv-doc', p);
  if (existsSync(file(path))) return file(path);
  mkdirSync(out, { recursive: true });
  let deb = readdirSync(CLIPS_DIR).find((f) => f.startsWith('opencv-doc_') && f.endsWith('.deb'));
  if (!deb) {
    console.log('make-clips: apt-get download opencv-doc (for the files in OPENCV_DOC_FILES)');
    try {
      execFileSync('apt-get', ['download', 'opencv-doc'], { cwd: CLIPS_DIR, stdio: 'inherit' });
    } catch (error) {
      // A fresh machine may have no package lists yet: read them once (as root) and retry.
      if (process.getuid?.() !== 0) throw error;
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['download', 'opencv-doc'], { cwd: CLIPS_DIR, stdio: 'inherit' });
    }
    deb = readdirSync(CLIPS_DIR).find((f) => f.startsWith('opencv-doc_') && f.endsWith('.deb'));
  }
  if (!deb) throw new Error('make-clips: could not download opencv-doc');
  // Only the files the bench needs: dpkg-deb --fsys-tarfile | tar -x of those paths.
  const members = OPENCV_DOC_FILES.map((p) => `"./usr/share/doc/opencv-doc/${p}"`).join(' ');
  execFileSync('sh', ['-c', `dpkg-deb --fsys-tarfile "${join(CLIPS_DIR, deb)}" | tar -x -C "${out}" ${members}`]);
  rmSync(join(CLIPS_DIR, deb)); // 95 MB; only the few files above (9 MB) are kept
  if (!existsSync(file(path))) throw new Error(`make-clips: ${path} is not in opencv-doc`);
  return file(path);
}

function ffmpeg(args) {
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  } catch (error) {
    if (error?.code !== 'ENOENT') throw error;
    throw new MissingProgramError('ffmpeg', 'the bench makes its video clips with it', '`sudo apt-get install ffmpeg` (Debian, Ubuntu), `brew install ffmpeg` (macOS) or from https://ffmpeg.org/download.html');
  }
}

/** Makes every clip that is missing; returns the manifest (also written as clips.json). */
export function makeClips({ log = console.log } = {}) {
  mkdirSync(CLIPS_DIR, { recursive: true });
  const src = sources();
  const manifest = [];
  for (const clip of CLIPS) {
    const framesDir = join(CLIPS_DIR, clip.name);
    const webm = join(CLIPS_DIR, `${clip.name}.webm`);
    const count = () => (existsSync(framesDir) ? readdirSync(framesDir).filter((f) => f.endsWith('.jpg')).length : 0);
    if (count() !== FRAMES || !existsSync(webm)) {
      log(`make-clips: ${clip.name}`);
      rmSync(framesDir, { recursive: true, force: true });
      mkdirSync(framesDir, { recursive: true });
      const input = clip.input(src);
      const vf = `${clip.filter},format=yuv420p`;
      ffmpeg([...input, '-vf', vf, '-frames:v', String(FRAMES), '-r', String(FPS), '-q:v', '2', '-start_number', '0', join(framesDir, '%03d.jpg')]);
      ffmpeg([...input, '-vf', vf, '-frames:v', String(FRAMES), '-r', String(FPS), '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '32', '-deadline', 'realtime', '-cpu-used', '8', webm]);
      if (count() !== FRAMES) throw new Error(`make-clips: ${clip.name} has ${count()} frames, expected ${FRAMES}`);
    }
    manifest.push({
      name: clip.name,
      description: clip.description,
      source: clip.source,
      filter: clip.filter,
      width: WIDTH,
      height: HEIGHT,
      fps: FPS,
      frames: FRAMES,
      webm: `${clip.name}.webm`,
      framesDir: clip.name,
    });
  }
  writeFileSync(join(CLIPS_DIR, 'clips.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    makeClips();
    console.log(`make-clips: clips in ${CLIPS_DIR}`);
  } catch (error) {
    if (!(error instanceof MissingProgramError)) throw error;
    console.error(`make-clips: ${error.message}`);
    process.exitCode = 1;
  }
}
