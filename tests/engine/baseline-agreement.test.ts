import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildHotPathFrames } from '../../bench/engine/hot_path_frames.ts';
import { objectAngles, objectMatch } from '../../bench/engine/object_baseline.ts';
import { computeAngleFrame } from '../../engine/src/angles/compute_angle_frame.ts';
import { createAngleFrame } from '../../engine/src/core/angle_frame.ts';
import { matchFrame } from '../../engine/src/match/match_frame.ts';
import { createMatchReport } from '../../engine/src/match/match_report.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';

// The hot-path benchmark compares the engine with an object-based baseline; the comparison is
// only fair if both implement the same rules. They must agree on every frame pairing.
describe('the benchmark baseline decides exactly as the engine', () => {
  it('on the bench frames, against matching and non-matching reference frames', async () => {
    const recordings = await loadAlphabetFolder(ALPHABET_DIR);
    const frames = buildHotPathFrames(recordings.get('B')!, recordings.get('Y')!, 120);
    const other = buildHotPathFrames(recordings.get('A')!, recordings.get('L')!, 120);
    const angles = createAngleFrame();
    const report = createMatchReport();
    let agreeMatched = 0;
    let agreeUnmatched = 0;
    for (let i = 0; i < 120; i++) {
      for (const [learner, reference] of [[frames, frames], [frames, other], [other, frames]] as const) {
        const j = (i * 7) % 120;
        computeAngleFrame(learner.landmarks[i]!, angles);
        const engine = matchFrame(angles, reference.reference, j, report);
        const baseline = objectMatch(objectAngles(learner.objects[i]!), reference.objectReference[j]!);
        expect(baseline, `frame ${i} vs ${j}`).toBe(engine);
        if (engine) agreeMatched++;
        else agreeUnmatched++;
      }
    }
    // Both outcomes occur, so agreement is not trivial.
    expect(agreeMatched).toBeGreaterThan(50);
    expect(agreeUnmatched).toBeGreaterThan(50);
  });
});
