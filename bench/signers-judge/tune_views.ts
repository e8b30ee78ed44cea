// Chooses the angles the handshape models see each prototype from (build_handshape_models.ts
// HANDSHAPE_MODEL_BUILD.views: the reference signer's hand turned about its wrist, as another
// camera or another person's hand position shows it) on one set of people's photographed letters,
// and reports the choice on another (by person: the issue 26 split), as tune_judge.ts does for the
// judge's numbers.
//
//   node --import tsx bench/signers-judge/tune_views.ts --tune <source> [--tune-set NAME] --report <source> [--report-set NAME] [--verbose]
//
// Tried: each prototype also seen turned by +-a degrees sideways (yaw) and +-a up and down
// (pitch), a in ANGLES. For each, the references are built again from data/asl-alphabet (the
// models learn only from our signer) and the tuning set's photos judged frame by frame with the
// default judge; chosen: the most own letters with wrong letters in at most 0.5% of the pairs and no
// frame of data/non-signs read as a letter; ties go to the smaller angle. The report set is then
// judged once with the chosen angle.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { HANDSHAPE_JUDGE } from '../../engine/src/handshape/handshape_judge_settings.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import { ALPHABET_DIR, ROOT } from '../../server/paths.ts';
import { loadPhotos } from './evaluate_judge.ts';
import { stillFrame } from './still_frame.ts';
import { describe, judgeFrames as judgeSet, WRONG_PAIRS_AT_MOST, type Outcome } from './learn_judge.ts';
import { tuningArgs } from './tune_judge.ts';

export const ANGLES = [10, 15, 20, 25, 30] as const;
const NON_SIGNS_DIR = join(ROOT, 'data', 'non-signs');

/** The four views of angle `a`: turned +-a sideways and +-a up and down. */
export const viewsOf = (a: number): [number, number][] => [[a, 0], [-a, 0], [0, a], [0, -a]];

export async function tuneViews(tuneSource: string, tuneSet: string | undefined, reportSource: string, reportSet: string | undefined, verbose = false): Promise<string[]> {
  const recordings = await loadAlphabetFolder(ALPHABET_DIR);
  const stills = async (source: string, set: string | undefined) =>
    (await loadPhotos(source, set)).flatMap((photo) => {
      const frame = stillFrame(photo);
      return frame ? [{ letter: photo.letter, frame }] : [];
    });
  const tuning = await stills(tuneSource, tuneSet);
  const reporting = await stills(reportSource, reportSet);
  const nonSigns = (await loadPhotos(NON_SIGNS_DIR)).flatMap((photo) =>
    Array.from({ length: photo.source.frameCount }, (_, i) => stillFrame(photo, i)).flatMap((frame) => (frame ? [{ letter: '-', frame }] : [])),
  );
  const lines = [`tuned on ${tuneSource}${tuneSet ? ` (${tuneSet})` : ''}: ${tuning.length} photographs with a hand`];
  let best: { angle: number; outcome: Outcome; models: ReturnType<typeof compileHandshape>[]; letters: string[] } | null = null;
  for (const angle of ANGLES) {
    const built = buildAlphabetReferences(recordings, { views: viewsOf(angle) });
    const letters = [...built.keys()].sort();
    const models = letters.map((l) => compileHandshape(l, built.get(l)!.record.handshape!)!);
    const outcome = judgeSet(tuning, letters, models, HANDSHAPE_JUDGE);
    const nonSignFrames = judgeSet(nonSigns, letters, models, HANDSHAPE_JUDGE).wrong;
    if (verbose) lines.push(`  views +-${angle} deg: ${describe(outcome)}, non-sign frames read as a letter ${nonSignFrames}`);
    if (outcome.wrong > WRONG_PAIRS_AT_MOST * outcome.pairs || nonSignFrames > 0) continue;
    if (best === null || outcome.own > best.outcome.own) best = { angle, outcome, models, letters };
  }
  if (best === null) return [...lines, 'no angle keeps wrong letters within 0.5% of the pairs'];
  lines.push(`chosen: views +-${best.angle} deg; on the tuning set ${describe(best.outcome)}`);
  lines.push(`reported on ${reportSource}${reportSet ? ` (${reportSet})` : ''}: ${reporting.length} photographs with a hand; ${describe(judgeSet(reporting, best.letters, best.models as never, HANDSHAPE_JUDGE))}`);
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const a = tuningArgs(process.argv.slice(2), 'tune_views.ts');
  for (const line of await tuneViews(a.tuneSource, a.tuneSet, a.reportSource, a.reportSet, a.verbose)) console.log(line);
}
