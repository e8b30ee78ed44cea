// The camera screen's readouts for performance engineers: the frames per second the tracker
// delivers (always shown in the side panel) and, with `?perf=1`, each tracker stage's mean time and
// the capture-to-landmarks latency over the last period. Fed once per landmark frame without
// allocating; formatted about once a second, when React is told.
import { TRACKER_STAGE_COUNT, TRACKER_STAGE_NAMES } from '@signlearn/engine/tracker/constants';
import type { TrackerFrameCost } from './landmark-source.ts';

/** How often the readouts are recomputed and shown (ms). */
export const PERFORMANCE_PERIOD_MS = 1000;

export class TrackerPerformance {
  private readonly stageSums = new Float64Array(TRACKER_STAGE_COUNT);
  private latencySum = 0;
  private costed = 0;
  private periodStart = -1;
  private framesAtStart = 0;

  constructor(private readonly measureStages: boolean) {}

  /** One delivered frame's cost (null from recorded landmarks, which cost nothing to track). */
  add(cost: TrackerFrameCost | null): void {
    if (!this.measureStages || cost === null) return;
    const stages = cost.stagesMs;
    for (let i = 0; i < TRACKER_STAGE_COUNT && i < stages.length; i++) this.stageSums[i]! += stages[i]!;
    this.latencySum += cost.latencyMs;
    this.costed++;
  }

  /** Whether a period has passed since the last readout (the first call starts the first period). */
  due(nowMs: number): boolean {
    if (this.periodStart < 0) {
      this.periodStart = nowMs;
      return false;
    }
    return nowMs - this.periodStart >= PERFORMANCE_PERIOD_MS;
  }

  /** Frames per second since the last readout, to one decimal; starts the next period. */
  framesPerSecond(nowMs: number, framesDelivered: number): number {
    const seconds = (nowMs - this.periodStart) / 1000;
    const fps = seconds > 0 ? Math.round(((framesDelivered - this.framesAtStart) / seconds) * 10) / 10 : 0;
    this.periodStart = nowMs;
    this.framesAtStart = framesDelivered;
    return fps;
  }

  /** 'poseLandmarks 38.2 ms' per stage and the latency, means over the period; null when not measured. */
  stageLines(): string[] | null {
    if (!this.measureStages || this.costed === 0) return null;
    const lines = TRACKER_STAGE_NAMES.map((name, i) => `${name} ${(this.stageSums[i]! / this.costed).toFixed(1)} ms`);
    lines.push(`latency ${(this.latencySum / this.costed).toFixed(1)} ms`);
    this.stageSums.fill(0);
    this.latencySum = 0;
    this.costed = 0;
    return lines;
  }
}
