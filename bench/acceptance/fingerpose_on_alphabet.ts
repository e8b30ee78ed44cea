// How the fingerpose anchor judges the recorded alphabet and the non-sign corpus, frame by frame:
// per static letter, the share of its own frames judged that letter, the wrong letter it is most
// often judged, and the share judged no letter; then, per non-sign file, the frames where some
// letter is accepted. A quick look, not the acceptance bench (which replays frames through time).
//
//   node --import tsx bench/acceptance/fingerpose_on_alphabet.ts [--min-score 8.5]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { alphabetFrameToLandmarks } from '../../engine/src/recordings/alphabet_frame_to_landmarks.ts';
import { landmarkFixtureSchema } from '../../engine/src/recordings/landmark_fixture_schema.ts';
import { createFingerposeJudge } from './fingerpose_judge.ts';
import { FINGERPOSE_STATIC_LETTERS } from './fingerpose_letters.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const minScoreFlag = process.argv.indexOf('--min-score');
const judge = createFingerposeJudge(minScoreFlag >= 0 ? Number(process.argv[minScoreFlag + 1]) : undefined);
const percent = (count: number, total: number) => `${((100 * count) / total).toFixed(1)}%`;

const recordings = await loadAlphabetFolder(join(root, 'data', 'asl-alphabet'));
const frame = createLandmarkFrame();
console.log(`## ${judge.name} on data/asl-alphabet (every frame, signer's right hand, 640x480)\n`);
console.log('| letter | frames | judged own letter | most often judged instead | judged no letter |');
console.log('|---|---|---|---|---|');
let ownTotal = 0;
let framesTotal = 0;
for (const letter of FINGERPOSE_STATIC_LETTERS) {
  const recording = recordings.get(letter);
  if (!recording) throw new Error(`data/asl-alphabet has no ${letter}`);
  const accepted = new Map<string, number>(FINGERPOSE_STATIC_LETTERS.map((l) => [l, 0]));
  let none = 0;
  for (const [index, values] of recording.frames.entries()) {
    alphabetFrameToLandmarks(values, index * 33, frame);
    let any = false;
    for (const candidate of FINGERPOSE_STATIC_LETTERS) {
      if (!judge.accepts(frame.rightHand, frame.imageWidth, frame.imageHeight, false, candidate)) continue;
      accepted.set(candidate, accepted.get(candidate)! + 1);
      any = true;
    }
    if (!any) none++;
  }
  const total = recording.frames.length;
  const own = accepted.get(letter)!;
  const [wrong, wrongCount] = [...accepted].filter(([l]) => l !== letter).sort((a, b) => b[1] - a[1])[0]!;
  ownTotal += own;
  framesTotal += total;
  console.log(`| ${letter} | ${total} | ${percent(own, total)} | ${wrongCount > 0 ? `${wrong} ${percent(wrongCount, total)}` : '-'} | ${percent(none, total)} |`);
}
console.log(`\nOwn letter on ${percent(ownTotal, framesTotal)} of ${framesTotal} frames.\n`);

console.log('## the non-sign corpus (data/non-signs): frames where a hand is judged some letter\n');
console.log('| file | hands | judged a letter | letters |');
console.log('|---|---|---|---|');
const folder = join(root, 'data', 'non-signs');
for (const name of readdirSync(folder).filter((f) => f.endsWith('.json')).sort()) {
  const fixture = landmarkFixtureSchema.parse(JSON.parse(readFileSync(join(folder, name), 'utf8')));
  let hands = 0;
  let judged = 0;
  const letters = new Map<string, number>();
  for (const f of fixture.frames) {
    for (const [points, mirrored] of [[f.rightHand, false], [f.leftHand, true]] as const) {
      if (!points) continue;
      hands++;
      const hand = Float32Array.from(points);
      const found = FINGERPOSE_STATIC_LETTERS.filter((l) => judge.accepts(hand, fixture.imageWidth, fixture.imageHeight, mirrored, l));
      if (found.length > 0) judged++;
      for (const l of found) letters.set(l, (letters.get(l) ?? 0) + 1);
    }
  }
  const list = [...letters].map(([l, n]) => `${l} ${n}`).join(', ') || '-';
  console.log(`| ${name} | ${hands} | ${judged} | ${list} |`);
}
