// The real photographs mirrored (a left-handed person making the same letters; bench/signers/README.md: "a left
// hand"): each photograph of data/real-photos flipped left to right, through our tracker in still
// mode and the default judge exactly as `npm run bench -- --only signers` runs the originals
// (bench/signers/: held 10 s at 30 judged frames a second against the 26 references). The tracker
// and the judge are built to treat a left hand as the mirror image of a right one (the hand
// landmark model's crop is flipped for a left hand; the descriptors measure a left hand mirrored):
// this shows whether they do on real people, photograph by photograph. Landmarks are cached as the
// originals' are (bench/results/signers/tracker-mirrored-<version>.json).
//
//   node --import tsx bench/signers-tracker/mirrored.ts        (about 3 minutes from nothing on 2 cores)
// Writes bench/signers-tracker/mirrored.md and prints the same table.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { loadJudge, judgePhoto, type Judge } from '../signers/judge_photo.ts';
import { listPhotos, photoKey, type Photo } from '../signers/photos.ts';
import { handFound, trackPhotos } from '../signers/track_photos.ts';

const root = join(import.meta.dirname, '..', '..');
const CACHE_DIR = join(root, 'bench', 'results', 'signers');

interface Outcome {
  found: boolean;
  /** The photo's own letter completed (static letters only). */
  own: boolean;
  /** Other letters that completed (static-letter photos with a hand). */
  wrong: string[];
}

function judgeAll(judge: Judge, photos: readonly Photo[], frames: ReadonlyMap<string, LandmarkFrame>): Map<string, Outcome> {
  const out = new Map<string, Outcome>();
  for (const photo of photos) {
    const frame = frames.get(photoKey(photo))!;
    const found = handFound(frame);
    if (!found) {
      out.set(photoKey(photo), { found, own: false, wrong: [] });
      continue;
    }
    const seconds = judgePhoto(judge, photo.file, frame);
    const completed = judge.letters.filter((l) => seconds[l] !== null);
    out.set(photoKey(photo), { found, own: !photo.moving && completed.includes(photo.letter), wrong: photo.moving ? [] : completed.filter((l) => l !== photo.letter) });
  }
  return out;
}

const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)}%`;

const photos = listPhotos(root);
const started = Date.now();
const original = (await trackPhotos({ root, photos, log: console.log, cacheDir: CACHE_DIR })).frames;
const mirrored = (await trackPhotos({ root, photos, log: console.log, cacheDir: CACHE_DIR, mirrored: true })).frames;
const judge = await loadJudge();
console.log(`mirrored: judging ${photos.length} photographs, as taken and mirrored, against ${judge.letters.length} references`);
const rows = [
  { name: 'as taken', outcomes: judgeAll(judge, photos, original) },
  { name: 'mirrored', outcomes: judgeAll(judge, photos, mirrored) },
];
const staticPhotos = photos.filter((p) => !p.moving);
const lines = [
  '# The real photographs mirrored: a left-handed person',
  '',
  `Made by \`node --import tsx bench/signers-tracker/mirrored.ts\` on ${new Date().toISOString().slice(0, 10)} in ${Math.round((Date.now() - started) / 1000)} s. Every photograph of \`data/real-photos\` (${photos.length}) flipped left to right, so each right hand becomes a left hand and each left a right, through our tracker in still mode and the default judge exactly as \`npm run bench -- --only signers\` runs them as taken (bench/signers.md: held 10 s at 30 judged frames a second against the 26 references). A hand and its mirror image make the same letter; the tracker and the judge are built to read them alike.`,
  '',
  '| photographs | hand found | own letter completes (static letters) | wrong letter completes: pairs |',
  '|---|--:|--:|--:|',
];
for (const { name, outcomes } of rows) {
  const found = photos.filter((p) => outcomes.get(photoKey(p))!.found).length;
  const own = staticPhotos.filter((p) => outcomes.get(photoKey(p))!.own).length;
  const withHand = staticPhotos.filter((p) => outcomes.get(photoKey(p))!.found).length;
  const wrong = staticPhotos.reduce((n, p) => n + outcomes.get(photoKey(p))!.wrong.length, 0);
  const pairs = withHand * (judge.letters.length - 1);
  lines.push(`| ${name} | ${found} / ${photos.length} (${pct(found, photos.length)}) | ${own} of ${staticPhotos.length} (${pct(own, staticPhotos.length)}) | ${wrong} / ${pairs} (${pct(wrong, pairs)}) |`);
  console.log(`mirrored: ${name}: hand found ${found}/${photos.length}, own letter ${own}/${staticPhotos.length}, wrong ${wrong}/${pairs}`);
}
const differ = photos.filter((p) => {
  const a = rows[0]!.outcomes.get(photoKey(p))!;
  const b = rows[1]!.outcomes.get(photoKey(p))!;
  return a.found !== b.found || a.own !== b.own || a.wrong.join() !== b.wrong.join();
});
const say = (o: Outcome, p: Photo) => (!o.found ? 'no hand' : `${p.moving ? 'moving letter' : o.own ? 'own letter' : 'refused'}${o.wrong.length ? `; wrong: ${o.wrong.join(' ')}` : ''}`);
lines.push('', `Photographs whose outcome differs (${differ.length} of ${photos.length}): the tracker reads a hand and its mirror image a little differently (the models are not exactly symmetric), and a letter near the judge's bounds can fall either side.`, '');
if (differ.length > 0) {
  lines.push('| photograph | as taken | mirrored |', '|---|---|---|');
  for (const p of differ) lines.push(`| ${photoKey(p)} | ${say(rows[0]!.outcomes.get(photoKey(p))!, p)} | ${say(rows[1]!.outcomes.get(photoKey(p))!, p)} |`);
}
writeFileSync(join(root, 'bench', 'signers-tracker', 'mirrored.md'), lines.join('\n') + '\n');
console.log(lines.slice(4, 7).join('\n'));
console.log(`mirrored: ${differ.length} photographs differ; wrote bench/signers-tracker/mirrored.md`);
