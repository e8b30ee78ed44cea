// Records the tracker's landmark hashes on the sample (landmark_hashes.ts), or compares with a
// recorded file. The full sample: every 10th real photograph (still: default, mirrored, no palm
// detector; a 24-frame still camera with and without hands looked for without a body) and the
// bench's four clips (bench/clips/make-clips.mjs), about 1,770 frames, 5-10 minutes on 2 cores.
//   node --import tsx tests/tracker/landmark_hashes/record_landmark_hashes.ts --out FILE [--photos-only]
//   node --import tsx tests/tracker/landmark_hashes/record_landmark_hashes.ts --compare FILE [--photos-only]
// The committed tests/tracker/landmark_hashes/landmark-hashes.json is the full sample's record;
// a clip made by another ffmpeg decodes to other pixels and is reported, not compared.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAMERA_FRAMES, compareHashes, formatHashFile, readHashFile, sampleSequences, trackSequences } from './landmark_hashes.ts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const root = join(import.meta.dirname, '..', '..', '..');
const out = flag('--out');
const compare = flag('--compare');
if (!out && !compare) throw new Error('record_landmark_hashes: give --out FILE or --compare FILE');

const sequences = sampleSequences(root, { photoStep: 10, cameraFrames: CAMERA_FRAMES, clips: !args.includes('--photos-only') });
const started = performance.now();
const tracked = await trackSequences(root, sequences, (line) => console.log(line));
const seconds = Math.round((performance.now() - started) / 1000);
const frames = [...tracked.values()].reduce((n, s) => n + s.frames.length, 0);
const found = [0, 1, 2].map((part) => [...tracked.values()].reduce((n, s) => n + (s.found?.[part] ?? 0), 0));
console.log(`${sequences.length} sequences, ${frames} frames tracked in ${seconds} s; found in them: a body ${found[0]}, a left hand ${found[1]}, a right hand ${found[2]}`);

if (out) {
  const about =
    'The Node tracker (TF.js WASM) on a fixed sample: each frame a hash of its landmarks\' exact Float32 bytes ' +
    '(tests/tracker/landmark_hashes/landmark_hashes.ts); each line: the decoded input\'s hash, then one hash per frame. ' +
    'Record again with record_landmark_hashes.ts --out when a change is meant to move landmarks.';
  writeFileSync(out, formatHashFile(about, tracked));
  console.log(`written ${out}`);
}
if (compare) {
  const result = compareHashes(readHashFile(compare), tracked);
  console.log(`compared ${result.framesCompared} frames with ${compare}: ${result.differences.length} differ`);
  for (const key of result.inputChanged) console.log(`input differs (decoder, not tracker), not compared: ${key}`);
  for (const key of result.unrecorded) console.log(`not recorded: ${key}`);
  // One line a sequence: how many of its frames differ, and the first.
  const bySequence = new Map<string, string[]>();
  for (const line of result.differences) {
    const key = line.replace(/ #\d+$|: \d+ frames tracked.*$/, '');
    bySequence.set(key, [...(bySequence.get(key) ?? []), line.slice(key.length)]);
  }
  for (const [key, lines] of bySequence) console.log(`differs: ${key}: ${lines.length} frames (first${lines[0]})`);
  if (result.differences.length > 0 || result.unrecorded.length > 0) process.exitCode = 1;
}
