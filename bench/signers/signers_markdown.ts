// bench/signers.md: the signers stage's tables.
import { HOLD_SECONDS, JUDGED_FPS } from './judge_photo.ts';
import { PHOTO_SETS } from './photos.ts';
import { TRACKED_FRAMES } from './track_photos_video.ts';
import type { PhotoResult } from './photo_result.ts';
import type { SignersResult } from './signers_result.ts';
import { describe } from '../signers-judge/learn_judge.ts';
import { groupFigures, median, percent, SIGNERS_TARGETS, wrongList, type GroupFigures, type Landmarks } from './summarize_signers.ts';
import type { JudgeCost } from '../signers-judge/judge_cost.ts';

const LANDMARK_ROWS: Array<{ landmarks: Landmarks; label: string }> = [
  { landmarks: 'ours', label: 'our tracker, still mode -> committed judge (in-sample)' },
  { landmarks: 'video', label: 'our tracker, video mode -> committed judge (in-sample)' },
  { landmarks: 'videoWithoutBody', label: "our tracker, video mode, hands without a body too (the app's camera) -> committed judge (in-sample)" },
  { landmarks: 'mediapipe', label: "MediaPipe Hands' landmarks -> committed judge (in-sample)" },
];
const CROSS_VALIDATED_ROWS: Array<{ landmarks: Landmarks; label: string }> = [
  { landmarks: 'cv', label: 'our tracker, still mode -> judge learned without the photograph' },
  { landmarks: 'cvVideo', label: 'our tracker, video mode -> judge learned without the photograph' },
  { landmarks: 'cvVideoWithoutBody', label: "our tracker, video mode, hands without a body too (the app's camera) -> judge learned without the photograph" },
];

/** The rows this run has: video mode's only when it ran (--video, --video-without-body). */
const rowsFor = (photos: readonly PhotoResult[], rows = LANDMARK_ROWS) => rows.filter(({ landmarks }) => landmarks === 'ours' || landmarks === 'mediapipe' || photos.some((p) => p[landmarks]));

const seconds = (v: number | null) => (v === null ? '-' : v.toFixed(1));
const yes = (ok: boolean) => (ok ? 'met' : '**not met**');

function totalsRow(label: string, g: GroupFigures): string {
  return `| ${label} | ${g.measured} / ${g.photos} | ${g.found} (${percent(g.found, g.measured)}) | ${g.ownCompleted} of ${g.staticPhotos} (${percent(g.ownCompleted, g.staticPhotos)}) | ${g.ownWithinTarget} (${percent(g.ownWithinTarget, g.staticPhotos)}) | ${seconds(median(g.ownSeconds))} | ${percent(g.ownCompleted, g.staticFound)} of ${g.staticFound} | ${g.wrong.length} / ${g.pairs} (${percent(g.wrong.length, g.pairs, 2)}) | ${g.moving.completed} of ${g.moving.photos} (${g.moving.found} found${g.moving.wrong.length ? `; wrong: ${wrongList(g.moving.wrong)}` : ''}) |`;
}

function totalsTable(photos: readonly PhotoResult[], rows = LANDMARK_ROWS): string[] {
  return [
    `| landmarks -> judge | photographs measured | hand found | own letter completes (static letters) | of them in <= ${SIGNERS_TARGETS.ownSeconds} s | median s | of static photographs with a hand found | wrong letter completes: pairs | J, Z (moving: one frame) |`,
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rowsFor(photos, rows).map(({ landmarks, label }) => totalsRow(label, groupFigures(photos, landmarks))),
  ];
}

/** The cross-validated rows against the targets: own letter and wrong letters, each row. */
function crossValidatedTargets(photos: readonly PhotoResult[]): string[] {
  const lines = ['| photographs that chose nothing | own letter completes in <= 2.5 s (target >= 85%) | | wrong letter completes (target <= 0.5% of the pairs) | |', '|---|---|---|---|---|'];
  for (const { landmarks, label } of rowsFor(photos, CROSS_VALIDATED_ROWS)) {
    const g = groupFigures(photos, landmarks);
    lines.push(`| ${label} | ${percent(g.ownWithinTarget, g.staticPhotos, 1)} (${g.ownWithinTarget} / ${g.staticPhotos}) | ${yes(g.ownWithinTarget >= SIGNERS_TARGETS.own * g.staticPhotos)} | ${percent(g.wrong.length, g.pairs, 2)} (${g.wrong.length} / ${g.pairs}) | ${yes(g.wrong.length <= SIGNERS_TARGETS.wrong * g.pairs)} |`);
  }
  return lines;
}

/** Each fold: how many photographs its judge learned from and judged, and the setting it learned. */
function foldsTable(r: SignersResult): string[] {
  const folds = r.crossValidation?.folds ?? [];
  return [
    '| fold | photographs judged | learned from | setting learned | own letters on its training frames (in-sample: still and camera frames) |',
    '|--:|--:|--:|---|---|',
    ...folds.map((f) => `| ${f.fold + 1} | ${f.judged.length}${f.judged.every((p) => p.startsWith('lauren/')) ? ' (lauren: one person)' : ''} | ${f.learnedFrom.length} | ${f.setting ?? 'none keeps wrong letters within 0.5%'} | ${f.tuned ? describe(f.tuned) : '-'} |`),
  ];
}

function judgeCostLines(r: SignersResult): string[] {
  const c = r.judgeCost;
  if (!c) return [];
  const row = (label: string, j: JudgeCost) => `| ${label} | ${j.prototypesPerLetter} | ${j.medianMs.toFixed(4)} | ${j.p99Ms.toFixed(4)} | ${j.calls} |`;
  return [
    "The judge's cost per camera frame (`matchHandshape`, one call per frame against the letter practised; every photograph's still frame against every letter, 5 passes after a warm-up; process timing on this machine, shared, so read the two rows side by side):",
    '',
    '| models | prototypes a call compares with (own and confusable letters\', per letter) | median ms | p99 ms | calls |',
    '|---|--:|--:|--:|--:|',
    row("the recorded signer's prototypes only", c.withoutPeople),
    row("the committed judge (with people's prototypes)", c.committed),
  ];
}

function targetsTable(photos: readonly PhotoResult[], r: SignersResult, withAcceptance: boolean): string[] {
  const ours = groupFigures(photos, 'ours');
  const mp = groupFigures(photos, 'mediapipe');
  const found = ours.found / Math.max(1, ours.measured);
  const mpFound = mp.measured ? mp.found / mp.measured : null;
  const behind = mpFound === null ? null : 100 * (mpFound - found);
  const own = ours.ownWithinTarget / Math.max(1, ours.staticPhotos);
  const wrong = ours.wrong.length / Math.max(1, ours.pairs);
  const lines = [
    '| target | now | |',
    '|---|---|---|',
    `| hand found in >= ${SIGNERS_TARGETS.handFound * 100}% of the photographs | ${percent(ours.found, ours.measured, 1)} (${ours.found} / ${ours.measured}) | ${yes(found >= SIGNERS_TARGETS.handFound)} |`,
    `| ... and within ${SIGNERS_TARGETS.handFoundBehindMediaPipe} points of MediaPipe Hands | MediaPipe Hands ${mpFound === null ? '-' : `${percent(mp.found, mp.measured, 1)} (${mp.found} / ${mp.measured})`}: ours ${behind === null ? '-' : `${Math.abs(behind).toFixed(1)} points ${behind >= 0 ? 'behind' : 'ahead'}`} | ${behind === null ? 'no MediaPipe file' : yes(behind <= SIGNERS_TARGETS.handFoundBehindMediaPipe)} |`,
    `| own letter completes for >= ${SIGNERS_TARGETS.own * 100}% of the static-letter photographs, in <= ${SIGNERS_TARGETS.ownSeconds} s each | ${percent(ours.ownWithinTarget, ours.staticPhotos, 1)} (${ours.ownWithinTarget} / ${ours.staticPhotos} in <= ${SIGNERS_TARGETS.ownSeconds} s; ${ours.ownCompleted} in ${HOLD_SECONDS} s) | ${yes(own >= SIGNERS_TARGETS.own)} |`,
    `| a wrong letter completes in <= ${SIGNERS_TARGETS.wrong * 100}% of the pairs | ${percent(ours.wrong.length, ours.pairs, 2)} (${ours.wrong.length} / ${ours.pairs}) | ${yes(wrong <= SIGNERS_TARGETS.wrong)} |`,
  ];
  if (withAcceptance) {
    const a = r.acceptance;
    lines.push(
      a
        ? `| non-signs: 0 completions (data/non-signs, acceptance stage) | ${a.nonSignCompletions} / ${a.nonSignPairs} (${a.nonSignFiles} files x 26 letters) | ${yes(a.nonSignCompletions === 0)} |`
        : '| non-signs: 0 completions | acceptance stage not run | - |',
      a
        ? `| the references' own signer: 26/26 in <= ${SIGNERS_TARGETS.ownSeconds} s at 8, 15 and 30 fps (held-out signing, acceptance stage) | ${a.ownSignerWithin} / ${a.ownSignerLetters}; slowest ${seconds(a.ownSignerSlowest)} s${a.ownSignerMissing.length ? `; missing ${a.ownSignerMissing.join(' ')}` : ''} | ${yes(a.ownSignerWithin === a.ownSignerLetters && a.ownSignerLetters === 26)} |`
        : '| own signer 26/26 | acceptance stage not run | - |',
    );
  }
  return lines;
}

function letterRow(letter: string, photos: readonly PhotoResult[]): string {
  const o = groupFigures(photos, 'ours');
  const m = groupFigures(photos, 'mediapipe');
  const moving = photos[0]!.moving;
  const ownCell = (g: GroupFigures) => (moving ? `${g.moving.completed} / ${g.moving.photos} (moving)` : `${g.ownCompleted} / ${g.staticPhotos}`);
  const wrongCell = (g: GroupFigures) => wrongList(moving ? g.moving.wrong : g.wrong) || '-';
  return `| **${letter}** | ${photos.length} | ${o.found} | ${m.measured ? m.found : '-'} | ${ownCell(o)} | ${seconds(median(o.ownSeconds))} | ${wrongCell(o)} | ${m.measured ? ownCell(m) : '-'} | ${m.measured ? wrongCell(m) : '-'} |`;
}

function perLetterTable(photos: readonly PhotoResult[]): string[] {
  const letters = [...new Set(photos.map((p) => p.letter))].sort();
  return [
    '| letter | photographs | hand found: ours | MediaPipe Hands | own letter completes (ours) | median s | wrong letters completing (ours): made as completed | own letter completes (MediaPipe\'s landmarks) | wrong (MediaPipe\'s landmarks) |',
    '|---|--:|--:|--:|--:|--:|---|--:|---|',
    ...letters.map((l) => letterRow(l, photos.filter((p) => p.letter === l))),
  ];
}

/** What one photograph gave in a row: hand found, own letter (with its seconds when `timed`), wrong letters. */
function photoCell(p: PhotoResult, landmarks: 'ours' | 'video', timed = true): string {
  const r = p[landmarks];
  if (!r) return '-';
  if (!r.found) return 'no hand';
  const own = r.judgement?.[p.letter] ?? null;
  const wrong = Object.entries(r.judgement ?? {}).filter(([as, s]) => as !== p.letter && s !== null).map(([as]) => as);
  return `${own === null ? 'own letter not completed' : `${p.letter}${timed ? ` in ${seconds(own)} s` : ''}`}${wrong.length ? `; completes ${wrong.join(', ')}` : ''}`;
}

/**
 * Video mode beside still mode: the letters and the photographs where the two differ (a hand
 * found or not, the own letter completing or not, other letters completing; not the seconds).
 */
function videoAgainstStill(photos: readonly PhotoResult[]): string[] {
  const differs = (p: PhotoResult) => photoCell(p, 'ours', false) !== photoCell(p, 'video', false);
  const letters = [...new Set(photos.filter(differs).map((p) => p.letter))].sort();
  if (letters.length === 0) return ['Video mode and still mode give the same hands found, own letters and wrong letters on every photograph of this set.'];
  const lines = [
    '| letter | photographs | hand found: still | video | own letter completes: still | video | wrong letters completing: still | video |',
    '|---|--:|--:|--:|--:|--:|---|---|',
  ];
  for (const letter of letters) {
    const group = photos.filter((p) => p.letter === letter);
    const still = groupFigures(group, 'ours');
    const video = groupFigures(group, 'video');
    const own = (g: GroupFigures) => (group[0]!.moving ? `${g.moving.completed} / ${g.moving.photos} (moving)` : `${g.ownCompleted} / ${g.staticPhotos}`);
    const wrong = (g: GroupFigures) => wrongList(group[0]!.moving ? g.moving.wrong : g.wrong) || '-';
    lines.push(`| **${letter}** | ${group.length} | ${still.found} | ${video.found} | ${own(still)} | ${own(video)} | ${wrong(still)} | ${wrong(video)} |`);
  }
  lines.push('', '| photograph | still mode | video mode | frames with a hand (video) |', '|---|---|---|--:|');
  for (const p of photos.filter(differs)) {
    const v = p.video!;
    lines.push(`| ${p.photo} | ${photoCell(p, 'ours')} | ${photoCell(p, 'video')} | ${v.handFrames} / ${v.frames}${v.lastFrameHand ? '' : ' (none in the last)'} |`);
  }
  return lines;
}

export function signersMarkdown(r: SignersResult): string {
  const lines: string[] = [];
  const sets = PHOTO_SETS.filter((s) => r.photos.some((p) => p.set === s));
  lines.push('# Real signers: the tracker and the default judge on photographs of real people', '');
  lines.push(
    `Made by \`npm run bench -- --only signers${r.video ? ' --video' : ''}${r.videoWithoutBody ? ' --video-without-body' : ''}${r.schedule ? ' --schedule' : ''}\` (\`bench/signers/\`) on ${r.date} in ${r.durationS} s. ${r.photos.length} photographs of real people making letters of the manual alphabet, none of them the references' signer (\`data/real-photos\`, its README gives sources and licences): ${sets.map((s) => `\`${s}\` (${r.photos.filter((p) => p.set === s).length})`).join(', ')}.`,
    '',
    `- **our tracker**: \`engine/src/tracker/node\` (TF.js WASM), still mode (\`trackStill\`: no smoothing, hands looked for even without a body), code version \`${r.trackerVersion}\`${r.trackerMsPerPhoto !== null ? `, median ${r.trackerMsPerPhoto} ms a photograph on this machine` : ' (landmarks from the cache, bench/results/signers/)'};`,
    ...(r.video
      ? [
          `- **our tracker, video mode** (\`--video\`): the same tracker on its video path (\`track\` with timestamps, as the app's camera loop and \`npm run engine -- track --video\` run it: hand crops from the body, hands followed from their last landmarks, the palm detector only to re-acquire a lost hand, the pose smoothed; unmirrored, no hand looked for without a body, the photograph's own pixels), each photograph as a still camera at ${r.video.fps} fps from a fresh tracker state (a new person steps in): up to ${r.video.frames} frames (a full cycle of the palm detector's re-acquiring turns) while no hand is found, then ${TRACKED_FRAMES} more, or fewer once the landmarks settle (\`bench/signers/track_photos_video.ts\`)${r.video.msPerFrame !== null ? `, median ${r.video.msPerFrame} ms a frame on this machine` : ' (landmarks from the cache, bench/results/signers/)'}; the judge is fed those frames as the camera gave them, one judged frame each, then the last one held for the rest of the ${HOLD_SECONDS} s; "hand found" is a hand in any of the frames;`,
        ]
      : []),
    ...(r.videoWithoutBody
      ? [
          `- **our tracker, video mode, hands without a body too** (\`--video-without-body\`): the same camera with the tracker's \`handsWithoutPose\` on (the app camera's setting, src/lib/tracker-warmup, and close-up recordings', \`npm run engine -- track --video --hands-without-pose\`): with neither a body nor a hand in a frame, the whole frame is also taken as the hand's crop${r.videoWithoutBody.msPerFrame !== null ? `; median ${r.videoWithoutBody.msPerFrame} ms a frame` : ' (landmarks from the cache)'};`,
        ]
      : []),
    ...(r.schedule
      ? [
          `- **video rows on a held letter's tracking schedule** (\`--schedule\`, as the camera screen tracks a letter): the signing hand followed from its own landmarks every frame, the body every ${r.schedule.poseEvery} frames and the other hand every ${r.schedule.otherHandEvery};`,
        ]
      : []),
    `- **the default judge** (\`${r.judgeMode}\`): each photograph held ${HOLD_SECONDS} s at ${JUDGED_FPS} judged frames a second against each of the 26 references, compiled together as one lesson (as \`npm run engine score -- --references\` does; references built from \`data/asl-alphabet\` as the app's seed builds them), through the engine's \`scoreRecording\`; "completes" means within the ${HOLD_SECONDS} s, and the seconds are the practice loop's own;`,
    `- **MediaPipe Hands** (the anchor): ${r.mediapipe ? `\`${r.mediapipe.library}\` in ${r.mediapipe.browser}, ${r.mediapipe.options}, ${r.mediapipe.mode}; run on ${r.mediapipe.date} and stored in \`data/real-photos/mediapipe-hands.json\` (\`--rerun-mediapipe\` runs it again)` : 'no stored output'}. Its landmarks are also fed to the same judge (each hand on the side its handedness gives, no pose): where that row completes a letter and ours does not, the tracker failed, not the judge;`,
    `- **pairs**: each static-letter photograph with a hand found against each of the 25 other references; J and Z move, a photograph is one frame of the movement: counted apart (own letter only).`,
    '',
  );
  if (r.crossValidation) {
    lines.push(
      '## Photographs that chose nothing (cross-validated)',
      '',
      `Every photograph judged by a judge learned without it: the photographs split into ${r.crossValidation.folds.length} folds (\`bench/signers-judge/photo_folds.ts\`: \`lauren\`, one person, a fold of her own; the volunteers' photographs, whose senders are not recorded, spread over the others by photograph, each letter's in turn), and for each fold everything the judge learns from photographs (other people's hands as prototypes, pruned where a non-sign lies near; how they close a fist; how widely they differ; the choice among settings, made on each training photograph's still frame and, where the camera's path ran, its last camera frame with a hand: \`bench/signers-judge/learn_judge.ts\`) learned again from the other folds' photographs alone, then the fold's photographs judged with it, held ${HOLD_SECONDS} s against each of the 26 references (\`bench/signers-judge/cross_validate.ts\`; the stage checks that no fold judged a photograph it learned from). The rules written from the manual alphabet's definitions (the gates, \`engine/src/handshape/manual_alphabet.ts\`) are not learned and stay as they are in every fold.`,
      '',
      ...totalsTable(r.photos, CROSS_VALIDATED_ROWS),
      '',
      ...crossValidatedTargets(r.photos),
      '',
      `Wrong letters completing (still mode): ${wrongList(groupFigures(r.photos, 'cv').wrong) || 'none'}.`,
      '',
      ...foldsTable(r),
      '',
      ...judgeCostLines(r),
      '',
    );
  }
  lines.push('## In-sample: the committed judge on the photographs it learned from', '', 'The committed judge learned from every one of these photographs (its people\'s prototypes include their own hands): these figures say how well it fits them, not how it does on people it has not seen (above).', '', ...totalsTable(r.photos), '');
  lines.push('### Against the targets (in-sample)', '', ...targetsTable(r.photos, r, true), '');
  const wrongAll = groupFigures(r.photos, 'ours').wrong;
  lines.push(`Wrong letters completing (our tracker): ${wrongList(wrongAll) || 'none'}.`, '');
  lines.push('## Per set and per letter', '');
  for (const set of sets) {
    const photos = r.photos.filter((p) => p.set === set);
    lines.push(`### ${set}`, '', ...totalsTable(photos), '', ...perLetterTable(photos), '');
    if (photos.some((p) => p.video)) lines.push(`#### ${set}: video mode against still mode`, '', ...videoAgainstStill(photos), '');
  }
  lines.push('## Each set alone', '', '`letters-volunteers` is several people (mostly one), `lauren` one adult, palm to the camera: her fold is the one where the judge meets a person it never saw.', '');
  for (const set of sets) {
    const photos = r.photos.filter((p) => p.set === set);
    lines.push(`### ${set} alone`, '', ...totalsTable(photos, [...CROSS_VALIDATED_ROWS, ...LANDMARK_ROWS]), '', ...targetsTable(photos, r, false), '');
  }
  return lines.join('\n');
}

/** The totals and the targets, for bench.md. */
export function signersTotals(r: SignersResult): string {
  return [...(r.crossValidation ? [...totalsTable(r.photos, CROSS_VALIDATED_ROWS), ''] : []), ...totalsTable(r.photos), '', ...targetsTable(r.photos, r, true)].join('\n');
}
