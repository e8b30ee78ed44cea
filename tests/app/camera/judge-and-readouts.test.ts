// The side panel's judge setting, remembered per learner (use-match-mode.ts), and the performance
// readouts' arithmetic (tracker-performance.ts).
import { describe, expect, it } from 'vitest';
import { TRACKER_STAGE_COUNT, TrackerStage } from '../../../engine/src/tracker/constants.ts';
import { LEGACY_MATCH_MODE_KEY, matchModeKey, readMatchMode, storeMatchMode } from '../../../src/features/camera/practice/use-match-mode.ts';
import { TrackerPerformance } from '../../../src/features/camera/landmarks/tracker-performance.ts';
import { MemoryStorage } from '../memory-storage.ts';

describe('the judge setting', () => {
  it('is the handshape judge until a learner chooses, and each learner keeps their own', () => {
    const storage = new MemoryStorage();
    expect(readMatchMode(storage, 'ana')).toBe('handshape');
    storeMatchMode(storage, 'ana', 'spec');
    expect(readMatchMode(storage, 'ana')).toBe('spec');
    expect(readMatchMode(storage, 'ben')).toBe('handshape');
    storeMatchMode(storage, 'ben', 'precise');
    expect(readMatchMode(storage, 'ana')).toBe('spec');
    expect(storage.getItem(matchModeKey('ben'))).toBe('precise');
  });

  it('signed out or with storage refused it is the default and nothing is written; junk reads as the default', () => {
    const storage = new MemoryStorage();
    storeMatchMode(storage, null, 'spec');
    expect(storage.length).toBe(0);
    expect(readMatchMode(null, 'ana')).toBe('handshape');
    storage.setItem(matchModeKey('ana'), 'lenient-ish');
    expect(readMatchMode(storage, 'ana')).toBe('handshape');
  });

  it("removes the old browser-wide value, which cannot say whose it was", () => {
    const storage = new MemoryStorage();
    storage.setItem(LEGACY_MATCH_MODE_KEY, 'precise');
    expect(readMatchMode(storage, 'ana')).toBe('handshape');
    expect(storage.getItem(LEGACY_MATCH_MODE_KEY)).toBeNull();
  });
});

describe('tracker performance readouts', () => {
  it('frames per second over each period, and mean stage times and latency when asked for', () => {
    const perf = new TrackerPerformance(true);
    expect(perf.due(0)).toBe(false); // the first call starts the first period
    const stagesMs = new Float64Array(TRACKER_STAGE_COUNT);
    for (let i = 0; i < 12; i++) {
      stagesMs[TrackerStage.poseLandmarks] = i % 2 === 0 ? 30 : 50;
      stagesMs[TrackerStage.total] = 90;
      perf.add({ stagesMs, latencyMs: 100 + i });
    }
    expect(perf.due(999)).toBe(false);
    expect(perf.due(1500)).toBe(true);
    expect(perf.framesPerSecond(1500, 12)).toBe(8);
    const lines = perf.stageLines()!;
    expect(lines).toContain('poseLandmarks 40.0 ms');
    expect(lines).toContain('total 90.0 ms');
    expect(lines.at(-1)).toBe('latency 105.5 ms');
    // The next period starts from zero.
    expect(perf.stageLines()).toBeNull();
    expect(perf.framesPerSecond(2500, 22)).toBe(10);
  });

  it('measures no stages unless asked (recorded landmarks have no cost either)', () => {
    const perf = new TrackerPerformance(false);
    perf.add({ stagesMs: new Float64Array(TRACKER_STAGE_COUNT).fill(5), latencyMs: 1 });
    expect(perf.stageLines()).toBeNull();
    const asked = new TrackerPerformance(true);
    asked.add(null);
    expect(asked.stageLines()).toBeNull();
  });
});
