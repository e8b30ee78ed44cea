// Makes the accuracy harness's upper-body stills: crops of real photographs framed as a learner
// at a desk sits in front of a webcam (head near the top, hips out of frame), written as PNG
// (lossless: Node and Chromium decode the very same pixels) into data/photographs/upper-body/.
// The files are committed; this is their recipe (`node bench/accuracy/make-stills.mjs`).
// Sources: data/photographs/messi5.jpg, and two images of Debian's opencv-doc package
// (fetched with `apt-get download opencv-doc` by bench/clips/make-clips.mjs's opencvDocFile).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { opencvDocFile } from '../clips/make-clips.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const STILLS_DIR = join(root, 'data', 'photographs', 'upper-body');

/** name, source, ffmpeg crop (w:h:x:y), and what the picture shows. */
export const STILLS = [
  {
    name: 'messi5-upper',
    source: 'data/photographs/messi5.jpg',
    path: () => join(root, 'data', 'photographs', 'messi5.jpg'),
    crop: '356:200:40:0',
    description: 'the footballer of messi5.jpg from the belly up (16:9), both arms spread, hands open; hips out of frame',
  },
  {
    name: 'basketball-upper',
    source: 'opencv-doc: /usr/share/doc/opencv-doc/examples/data/basketball1.png',
    path: () => opencvDocFile('examples/data/basketball1.png'),
    crop: '240:180:0:50',
    description: 'a man indoors from the waist up (4:3, grey), both hands in front of the chest on a ball; small and soft',
  },
  {
    name: 'webcam-desk',
    source: 'opencv-doc: /usr/share/doc/opencv-doc/opencv4/html/Cascade_Classifier_Tutorial_Result_Haar.jpg',
    path: () => opencvDocFile('opencv4/html/Cascade_Classifier_Tutorial_Result_Haar.jpg'),
    crop: '640:480:1:28',
    description:
      'a webcam picture of a woman at a desk (4:3), close to the camera, chin on her right hand, shoulders at the bottom edge ' +
      '(the window title bar cropped off; the tutorial drew a face-detection circle on her face)',
  },
];

export function makeStills({ log = console.log } = {}) {
  mkdirSync(STILLS_DIR, { recursive: true });
  for (const still of STILLS) {
    const out = join(STILLS_DIR, `${still.name}.png`);
    log(`make-stills: ${still.name} <- ${still.source} crop ${still.crop}`);
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', still.path(), '-vf', `crop=${still.crop}`, '-pix_fmt', 'rgb24', out], { stdio: 'inherit' });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) makeStills();
