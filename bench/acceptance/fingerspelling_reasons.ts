// Why a lexicon letter does or does not complete (issue 30): replays one letter's held-out
// stretches (as fingerspelling_acceptance.ts does: each on its own, back and forth at the file's
// speed) against a reference, and prints the handshape judge's reasons frame by frame: the hand
// speed against the model's limit, the four fingers' straightness, where the index points, and
// each gate that refuses (a finger in the wrong state, the index hook, the crossing, the pointing
// band, the distance to the sign, the ratio test against its confusable signs, the largest single
// descriptor step, the movement). The gates are found with the judge itself: the frame is judged
// again with one of its numbers relaxed at a time (HANDSHAPE_JUDGE), and the definition's gates
// are read from the compiled model.
//
//   node --import tsx bench/acceptance/fingerspelling_reasons.ts <code> <letter> [--against REF] [--rate 30] [--span] [--non-sign FILE]
// --span: the letter's whole span (training frames too) played forward once, to see where its
// movement and its held-out quarters lie; --non-sign: a data/non-signs file (its first 10 s) instead.
import { join } from 'node:path';
import { createAngleFrame } from '../../engine/src/core/angle_frame.ts';
import { cloneLandmarkFrame, createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { manualAlphabetOf } from '../../engine/src/handshape/alphabets/manual_alphabets.ts';
import { FINGER_STRAIGHTNESS, HAND_DESCRIPTOR_NAMES } from '../../engine/src/handshape/hand_descriptors.ts';
import { CURLED_AT, EXTENDED_AT, FOLDED_AT } from '../../engine/src/handshape/manual_alphabet.ts';
import { matchHandshape } from '../../engine/src/handshape/match_handshape.ts';
import { HANDSHAPE_JUDGE } from '../../engine/src/handshape/handshape_judge_settings.ts';
import { createMatchReport } from '../../engine/src/match/match_report.ts';
import { loadFingerspellingFolder } from '../../engine/src/node/load_fingerspelling_folder.ts';
import { compileLesson } from '../../engine/src/practice/compile_lesson.ts';
import type { CompiledHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { createMatchModeRuntime } from '../../engine/src/practice/match_mode.ts';
import { prepareAngleFrame } from '../../engine/src/practice/practice_loop.ts';
import { buildAlphabetReferencesFromSources } from '../../engine/src/recordings/build_alphabet_references.ts';
import { holisticAlphabetSources } from '../../engine/src/recordings/holistic_alphabet_sources.ts';
import { ROOT } from '../../server/paths.ts';
import { backAndForthFrames, heldOutMaterial } from './fingerspelling_acceptance.ts';
import { loadNonSigns } from './run_acceptance.ts';

const HOOK = HAND_DESCRIPTOR_NAMES.indexOf('indexHook');
const CROSSING = HAND_DESCRIPTOR_NAMES.indexOf('indexMiddleCrossing');
const FINGER_NAMES = ['index', 'middle', 'ring', 'pinky'];

const args = process.argv.slice(2);
const [code, letter] = args;
if (!code || !letter) throw new Error('usage: fingerspelling_reasons.ts <code> <letter> [--against REF] [--rate 30] [--span] [--non-sign FILE]');
const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const against = flag('--against') ?? letter;
const rate = Number(flag('--rate') ?? 30);

const lexicon = await loadFingerspellingFolder(join(ROOT, 'data', `fingerspelling-${code}`));
const definitions = manualAlphabetOf(lexicon.language);
const sources = holisticAlphabetSources(lexicon.letters, lexicon.depthScale, definitions);
const built = buildAlphabetReferencesFromSources(sources, definitions);
const reference = built.get(against);
if (!reference) throw new Error(`no letter "${against}" in ${code}`);
const compiledAll = compileLesson([...built].map(([name, { record }]) => ({ name, record })));
const compiled = new Map([...built.keys()].map((name, i) => [name, compiledAll[i]!]));
const material = heldOutMaterial(letter, sources, definitions, built, compiled);
const { training } = built.get(letter)!;
const { source, fps } = sources.get(letter)!;
console.log(`${letter} against ${against} (${reference.movement}); ${letter}'s span ${source.frameCount} frames at ${fps} fps, served reference's training frames ${training[0]}-${training.at(-1)}; held out: ${material.protocol}`);

/** The replays to explain: [title, judged frames]. */
const replays: [string, Iterable<{ frame: LandmarkFrame; nowMs: number; index?: number }>, CompiledHandshape][] = [];
const served = compiled.get(against)!.handshape!;
const nonSign = flag('--non-sign');
if (nonSign) {
  const file = loadNonSigns().find((n) => n.file === nonSign);
  if (!file) throw new Error(`no non-sign file "${nonSign}"`);
  replays.push([`non-sign ${nonSign}`, file.frames.slice(0, 300).map((frame, i) => ({ frame, nowMs: (i * 1000) / 30 })), served]);
} else if (args.includes('--span')) {
  const frame = createLandmarkFrame();
  const all = Array.from({ length: source.frameCount }, (_, i) => (source.read(i, frame), cloneLandmarkFrame(frame)));
  replays.push(['whole span, forward once (T: a training frame of the served reference)', all.map((f, i) => ({ frame: f, nowMs: (i * 1000) / fps, index: i })), served]);
} else {
  material.stretches.forEach(({ frames, compiled: references }, i) =>
    replays.push([`held-out stretch ${i + 1} (${frames.length} frames), back and forth, judged at ${rate} fps (first 2 s)`, [...backAndForthFrames(frames, fps, rate)].slice(0, Math.round(rate * 2)), references.get(against)!.handshape!]),
  );
}

const report = createMatchReport();
const relaxed = (settings: Partial<typeof HANDSHAPE_JUDGE>) => ({ ...HANDSHAPE_JUDGE, ...settings });
for (const [title, judged, model] of replays) {
  console.log(`\n${title}: ${model.movement}, speed limit ${model.speedLimit}`);
  console.log('  t(ms)  speed  straightness i m r p   index°  hook  cross  own    verdict');
  const runtime = createMatchModeRuntime('handshape');
  const angles = createAngleFrame();
  for (const { frame, nowMs, index } of judged) {
    const mark = index === undefined ? ' ' : training.includes(index) ? 'T' : ' ';
    frame.timestampMs = nowMs;
    prepareAngleFrame(frame, angles, runtime);
    const side = angles.descriptorsPresent?.[1] === 1 ? 1 : angles.descriptorsPresent?.[0] === 1 ? 0 : -1;
    if (side < 0) {
      console.log(`  ${String(Math.round(nowMs)).padStart(5)}  no hand`);
      continue;
    }
    const v = side === 1 ? angles.rightHandDescriptors! : angles.leftHandDescriptors!;
    const speed = angles.handSpeed?.[side] ?? 0;
    const ok = matchHandshape(angles, model, report);
    const own = (matchHandshape(angles, model, report, relaxed({ maxDistance: -1 })), report.offExcess);
    const reasons: string[] = [];
    if (!ok) {
      for (let f = 0; f < 4; f++) {
        const s = v[FINGER_STRAIGHTNESS[f]!]!;
        if (model.fingers[f] === 1 && s < EXTENDED_AT) reasons.push(`${FINGER_NAMES[f]} not extended`);
        if (model.fingers[f] === -1 && s > FOLDED_AT) reasons.push(`${FINGER_NAMES[f]} not folded`);
        if (model.fingers[f] === -2 && s > CURLED_AT) reasons.push(`${FINGER_NAMES[f]} not curled`);
      }
      if (v[HOOK]! < model.hook[0]!) reasons.push('index not hooked');
      if (v[HOOK]! >= model.hook[1]!) reasons.push('index not straight');
      if (!(v[CROSSING]! >= model.crossing[0]! && v[CROSSING]! < model.crossing[1]!)) reasons.push('crossing');
      const direction = v[model.pointsWith]!;
      if (direction < model.pointing[0]! || direction > model.pointing[1]!) reasons.push('pointing');
      const shapedWith = (s: Partial<typeof HANDSHAPE_JUDGE>) => matchHandshape(angles, model, report, relaxed(s)) || report.cue === -2 || report.cue === -3;
      const shaped = shapedWith({});
      if (!shaped && reasons.length === 0) {
        if (shapedWith({ maxDistance: Infinity })) reasons.push('distance');
        if (shapedWith({ maxRatio: Infinity })) reasons.push('ratio');
        if (shapedWith({ maxSteps: Infinity })) reasons.push('steps');
        if (reasons.length === 0) reasons.push(`several of distance/ratio/steps${shapedWith({ maxDistance: Infinity, maxRatio: Infinity, maxSteps: Infinity }) ? '' : ' (and more)'}`);
      }
      if (shaped) reasons.push(model.movement === 'held' ? 'moves (held letter)' : 'still (moving letter)');
      matchHandshape(angles, model, report);
      if (report.cue >= 0) reasons.push(`cue ${HAND_DESCRIPTOR_NAMES[report.cue]}`);
    }
    const straight = Array.from(FINGER_STRAIGHTNESS, (k) => v[k]!.toFixed(2)).join(' ');
    console.log(`${mark} ${String(Math.round(nowMs)).padStart(5)}  ${speed.toFixed(2).padStart(5)}  ${straight}  ${v[HAND_DESCRIPTOR_NAMES.indexOf('indexPointsUp')]!.toFixed(0).padStart(6)}  ${v[HOOK]!.toFixed(0).padStart(4)}  ${v[CROSSING]!.toFixed(2).padStart(5)}  ${own.toFixed(2).padStart(5)}  ${ok ? 'MATCH' : reasons.join(', ')}`);
  }
}
