// Writes bench/references.md: what the reference builder makes of the 26 recorded letters, and
// how each behaves in practice under the SPEC rule. `npx tsx bench/engine/reference_report.ts`.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPracticeFixture, heldOutFrameIndices } from '../../engine/src/recordings/build_practice_fixture.ts';
import { alphabetSource, fixtureSource } from '../../engine/src/recordings/landmark_source.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { referenceSlice } from '../../engine/src/practice/reference_slice.ts';
import { buildReferenceSign } from '../../engine/src/reference/build_reference_sign.ts';
import { compileSign } from '../../engine/src/practice/compile_lesson.ts';
import { sourceToAngleFrames } from '../../engine/src/recordings/source_to_angle_frames.ts';
import { replayLesson } from '../../engine/src/replay/replay_lesson.ts';
import { scoreRecording } from '../../engine/src/score/score_recording.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const recordings = await loadAlphabetFolder(ALPHABET_DIR);
const HOLD_SECONDS = 12;
const rows: string[] = [];
const slice = new Int32Array(2);
for (const [sign, recording] of recordings) {
  const record = buildReferenceSign(sourceToAngleFrames(alphabetSource(sign, recording)), `${sign}.gif`);
  const compiled = compileSign(sign, record);
  const reference = compiled.reference;
  referenceSlice(reference.frameCount, slice);
  const dof = record.configs[`${sign}.gif`]![0]!.right_hand!.config.degreesOfFreedom;
  const heldOut = scoreRecording(compiled, alphabetSource(sign, recording, heldOutFrameIndices(recording.frames.length)));
  const replay = replayLesson(fixtureSource(sign, buildPracticeFixture(recordings, [sign], HOLD_SECONDS)), [{ name: sign, compiled }]);
  const mean = heldOut.meanAngleError.rightHand ?? {};
  const worst = Object.entries(mean).sort((a, b) => b[1] - a[1])[0];
  rows.push(
    `| ${sign} | ${reference.frameCount} | ${slice[0]}-${slice[0]! + slice[1]! - 1} | ${dof} | ${Math.max(75, dof)} | ${(heldOut.fraction * 100).toFixed(0)}% | ${
      replay.framesToComplete !== null ? `${(replay.framesToComplete / 30).toFixed(1)} s` : `no (${(replay.bestFractionPerSign[0]! * 100).toFixed(0)}%)`
    } | ${worst ? `${worst[0]} ${worst[1]}` : ''} |`,
  );
}
const text = `# Reference signs built from the recorded alphabet

Made by \`npx tsx bench/engine/reference_report.ts\` from \`data/asl-alphabet\` with the engine's
own builder (\`npm run engine -- build-references\`), SPEC matching rule.

- frames: frames in the record (all of the recording); slice: the middle slice practised (SPEC 4).
- dof: the hand's degreesOfFreedom (median over the 16 angles of each angle's 5th-95th percentile
  spread, after a 9-frame temporal median); tolerance: the SPEC hand tolerance, max(75, dof).
- held-out: frames of the recording outside the slice that match at least one slice frame.
- completes: a learner replaying the held-out frames (cycled, ${HOLD_SECONDS} s) reaches the sign's end,
  and how long it takes at 30 fps; otherwise how far the progress ring got.
- worst joint: the largest mean absolute error of held-out frames against their closest slice frame.

| sign | frames | slice | dof | tolerance | held-out | completes | worst joint (deg) |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
await writeFile(join(root, 'bench', 'references.md'), text);
console.log(text);
