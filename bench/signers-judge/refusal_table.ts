// Why the default judge refuses other people's letters: for every static-letter photograph with a
// hand, judged against its own letter frame by frame (as tune_judge.ts: a still photo completes a
// held letter exactly when its frame is accepted), the first of the judge's tests it fails, in the
// judge's own order (match_handshape.ts): a finger in the wrong state, the index pointing outside
// the letter's band (or an unhooked index for X, a thumb not touching the fingertip D, F or O touch, C's fingers not curved), farther than maxDistance from every prototype, not clearly nearer than a
// confusable letter (the ratio test; which letter), one descriptor more than maxSteps scales off
// (which descriptor). Also every wrong letter a photo's frame is accepted as.
//
//   node --import tsx bench/signers-judge/refusal_table.ts <mediapipe | tracker> [--set NAME] [--json]
//
// The explanation re-reads the judge's tests from the compiled model; the script checks that it
// says "accepted" exactly when matchHandshape accepts (it throws otherwise), so the table cannot
// drift from the judge.
import { fileURLToPath } from 'node:url';
import type { AngleFrame } from '../../engine/src/core/angle_frame.ts';
import { compileHandshape, type CompiledHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { FINGER_STRAIGHTNESS, HAND_DESCRIPTOR_COUNT, HAND_DESCRIPTOR_NAMES, middleJointBend } from '../../engine/src/handshape/hand_descriptors.ts';
import { contradictedFinger, couldBeCompetitor, crossesAs, hooksAs, matchHandshape, pointsAs, seenShare, thumbLiesAs, untouchedTip } from '../../engine/src/handshape/match_handshape.ts';
import { HANDSHAPE_JUDGE, type HandshapeJudgeSettings } from '../../engine/src/handshape/handshape_judge_settings.ts';
import { createMatchReport } from '../../engine/src/match/match_report.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';
import { loadPhotos } from './evaluate_judge.ts';
import { nearestOf } from './prototype_distance.ts';
import { stillFrame } from './still_frame.ts';

const D = HAND_DESCRIPTOR_COUNT;
const FINGER_NAMES = ['index', 'middle', 'ring', 'pinky'];
const INDEX_HOOK = HAND_DESCRIPTOR_NAMES.indexOf('indexHook');
const CROSSING = HAND_DESCRIPTOR_NAMES.indexOf('indexMiddleCrossing');
const THUMB_ACROSS = HAND_DESCRIPTOR_NAMES.indexOf('thumbAcross');
const MOVING = new Set(['J', 'Z']);

export interface Refusal {
  /** 'accepted', 'finger', 'pointing', 'maxDistance', 'ratio', 'maxSteps'. */
  test: string;
  /** What failed it: the finger, the direction, the distance, the competing letter, the descriptor. */
  detail: string;
  /** The same, without numbers (for counting classes). */
  cls: string;
}

/** The first of the judge's tests that one hand's descriptors fail for `model` (contrast letters named by `contrastNames`). */
export function explainHand(v: Float32Array, m: CompiledHandshape, contrastNames: readonly string[], judge: HandshapeJudgeSettings): Refusal {
  const f = contradictedFinger(v, m.fingers, 0);
  if (f >= 0) {
    const state = m.fingers[f] === 1 ? 'not extended' : m.fingers[f] === -2 ? 'not curled' : 'not folded';
    return { test: 'finger', cls: `${FINGER_NAMES[f]} ${state}`, detail: `${FINGER_NAMES[f]} ${state} (${v[FINGER_STRAIGHTNESS[f]!]!.toFixed(2)})` };
  }
  if (!hooksAs(v, m.hook, 0)) return { test: 'hook', cls: v[INDEX_HOOK]! < m.hook[0]! ? 'index not hooked' : 'index not straight', detail: `index hook ${v[INDEX_HOOK]!.toFixed(0)} deg` };
  if (!crossesAs(v, m.crossing, 0)) return { test: 'crossing', cls: 'crossing', detail: `index/middle crossing ${v[CROSSING]!.toFixed(2)}` };
  if (middleJointBend(v) < m.bend) return { test: 'bend', cls: 'fingers not curved', detail: `middle joints ${middleJointBend(v).toFixed(0)} deg` };
  const untouched = untouchedTip(v, m.thumbReach, 0);
  if (untouched >= 0) return { test: 'thumb', cls: 'thumb not touching', detail: `${HAND_DESCRIPTOR_NAMES[untouched]} ${v[untouched]!.toFixed(2)}` };
  if (!thumbLiesAs(v, m.thumbSide, 0)) return { test: 'thumb', cls: 'thumb on the wrong side', detail: `thumb across ${v[THUMB_ACROSS]!.toFixed(2)}` };
  if (!pointsAs(v, m.pointing, 0, m.pointsWith)) return { test: 'pointing', cls: 'pointing', detail: `points ${v[m.pointsWith]!.toFixed(0)} deg` };
  const own = nearestOf(v, m.prototypes, 0, m.prototypeCount, m);
  if (own.distance > judge.maxDistance) {
    // The descriptors contributing most to the distance from the nearest prototype.
    const parts = HAND_DESCRIPTOR_NAMES.map((name, k) => {
      const diff = (v[k]! - m.prototypes[own.index * D + k]!) * seenShare(v, k);
      return { name, size: Math.abs(diff * (diff < 0 ? m.distanceBelow[k]! : m.distanceAbove[k]!)) };
    }).sort((a, b) => b.size - a.size);
    return { test: 'maxDistance', cls: 'maxDistance', detail: `${own.distance.toFixed(2)} (${parts.slice(0, 3).map((p) => `${p.name} ${p.size.toFixed(1)}`).join(', ')})` };
  }
  let rival = { distance: Infinity, name: '' };
  for (let g = 0; g < contrastNames.length; g++) {
    if (!couldBeCompetitor(v, m, g)) continue;
    const d = nearestOf(v, m.contrast, m.contrastStarts[g]!, m.contrastStarts[g + 1]!, m).distance;
    if (d < rival.distance) rival = { distance: d, name: contrastNames[g]! };
  }
  if (own.distance > judge.maxRatio * rival.distance) {
    return { test: 'ratio', cls: `ratio vs ${rival.name}`, detail: `vs ${rival.name} (${(own.distance / rival.distance).toFixed(2)}; own ${own.distance.toFixed(2)})` };
  }
  let step = { size: 0, k: -1 };
  for (let k = 0; k < D; k++) {
    const diff = (v[k]! - m.prototypes[own.index * D + k]!) * seenShare(v, k);
    const size = diff < 0 ? -diff * m.stepsBelow[k]! : diff * m.stepsAbove[k]!;
    if (size > step.size) step = { size, k };
  }
  if (step.size > judge.maxSteps) {
    const name = HAND_DESCRIPTOR_NAMES[step.k]!;
    return { test: 'maxSteps', cls: `step ${name}`, detail: `${name} ${step.size.toFixed(1)} (${v[step.k]!.toFixed(2)} vs ${m.prototypes[own.index * D + step.k]!.toFixed(2)})` };
  }
  return { test: 'accepted', cls: 'accepted', detail: `distance ${own.distance.toFixed(2)}` };
}

/** The frame's explanation: its accepted hand, else the refusal of the hand nearest its letter (the judge's own choice, roughly). */
export function explainFrame(frame: AngleFrame, m: CompiledHandshape, contrastNames: readonly string[], judge: HandshapeJudgeSettings): Refusal {
  let best: Refusal | null = null;
  let bestOwn = Infinity;
  for (let side = 0; side < 2; side++) {
    if (frame.descriptorsPresent![side] !== 1) continue;
    const v = side === 0 ? frame.leftHandDescriptors! : frame.rightHandDescriptors!;
    const r = explainHand(v, m, contrastNames, judge);
    if (r.test === 'accepted') return r;
    const own = nearestOf(v, m.prototypes, 0, m.prototypeCount, m).distance;
    if (best === null || own < bestOwn) {
      best = r;
      bestOwn = own;
    }
  }
  return best ?? { test: 'no hand', cls: 'no hand', detail: '' };
}

export interface RefusalRow {
  photo: string;
  letter: string;
  refusal: Refusal;
  /** Other letters the frame is accepted as. */
  readAs: string[];
}

export async function refusalRows(source: string, set: string | undefined, judge: HandshapeJudgeSettings = HANDSHAPE_JUDGE): Promise<RefusalRow[]> {
  const built = buildAlphabetReferences(await loadAlphabetFolder(ALPHABET_DIR));
  const letters = [...built.keys()].sort();
  const records = letters.map((l) => built.get(l)!.record.handshape!);
  const models = records.map((r, i) => compileHandshape(letters[i]!, r)!);
  const report = createMatchReport();
  const rows: RefusalRow[] = [];
  for (const photo of await loadPhotos(source, set)) {
    const frame = stillFrame(photo);
    if (frame === null) continue;
    const readAs = letters.filter((l, r) => l !== photo.letter && !MOVING.has(l) && matchHandshape(frame, models[r]!, report, judge));
    if (MOVING.has(photo.letter)) {
      if (readAs.length > 0) rows.push({ photo: photo.name, letter: photo.letter, refusal: { test: 'moving', cls: 'moving', detail: '' }, readAs });
      continue;
    }
    const r = letters.indexOf(photo.letter);
    const refusal = explainFrame(frame, models[r]!, Object.keys(records[r]!.contrast), judge);
    const accepted = matchHandshape(frame, models[r]!, report, judge);
    if (accepted !== (refusal.test === 'accepted')) throw new Error(`${photo.name}: the explanation (${refusal.test}) disagrees with the judge (${accepted ? 'accepted' : 'refused'})`);
    rows.push({ photo: photo.name, letter: photo.letter, refusal, readAs });
  }
  return rows;
}

export function refusalMarkdown(title: string, rows: readonly RefusalRow[]): string {
  const counted = rows.filter((r) => r.refusal.test !== 'moving');
  const accepted = counted.filter((r) => r.refusal.test === 'accepted').length;
  const classes = new Map<string, string[]>();
  for (const r of counted) {
    if (r.refusal.test === 'accepted') continue;
    const key = `${r.refusal.test}: ${r.refusal.cls}`;
    classes.set(key, [...(classes.get(key) ?? []), r.letter]);
  }
  const wrong = rows.flatMap((r) => r.readAs.map((l) => `${r.letter} as ${l}`));
  return [
    `### ${title}`,
    '',
    `Own letter accepted (frame): ${accepted} of ${counted.length}; wrong letters accepted: ${wrong.length} (${wrong.join(', ') || 'none'}).`,
    '',
    '| refused by | photos | letters |',
    '|---|--:|---|',
    ...[...classes.entries()].sort((a, b) => b[1].length - a[1].length).map(([key, ls]) => `| ${key} | ${ls.length} | ${ls.sort().join(' ')} |`),
    '',
    '| photo | refused by | detail | read as |',
    '|---|---|---|---|',
    ...counted.filter((r) => r.refusal.test !== 'accepted').map((r) => `| ${r.photo} | ${r.refusal.test}: ${r.refusal.cls} | ${r.refusal.detail} | ${r.readAs.join(' ')} |`),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const source = args.find((a) => !a.startsWith('--'));
  const setIndex = args.indexOf('--set');
  const set = setIndex >= 0 ? args[setIndex + 1] : undefined;
  if (!source) throw new Error('usage: refusal_table.ts <mediapipe | tracker | folder> [--set NAME] [--json]');
  const rows = await refusalRows(source, set);
  console.log(args.includes('--json') ? JSON.stringify(rows, null, 2) : refusalMarkdown(`${source}${set ? ` (${set})` : ''}`, rows));
}
