// The bench's stages in the order they run; bench.md numbers its sections in this order. Each
// stage hands its own writer to the report (bench/lib/report.ts imports no stage).
import { acceptanceStage } from './acceptance_stage.ts';
import { accuracyStage } from './accuracy_stage.ts';
import { classroomStage } from './classroom_stage.ts';
import { engineStage } from './engine_stage.ts';
import { firstSkeletonStage } from './first_skeleton_stage.ts';
import { movingSignsStage } from './moving_signs_stage.ts';
import { practiceLoopStage } from './practice_loop_stage.ts';
import { runtimesStage } from './runtimes_stage.ts';
import { serveStage } from './serve_stage.ts';
import type { BenchStage } from './stage.ts';
import { signersStage } from './signers_stage.ts';
import { trackerStage } from './tracker_stage.ts';

export const STAGES: readonly BenchStage[] = [
  engineStage,
  trackerStage,
  practiceLoopStage,
  accuracyStage,
  classroomStage,
  serveStage,
  firstSkeletonStage,
  runtimesStage,
  acceptanceStage,
  signersStage,
  movingSignsStage,
];
