import type { FoldRecord } from '../signers-judge/cross_validate.ts';
import type { JudgeCost } from '../signers-judge/judge_cost.ts';
import type { StoredMediaPipeHands } from './mediapipe_hands.ts';
import type { PhotoResult } from './photo_result.ts';
import type { TrackingSchedule } from '../../engine/src/core/tracking_schedule.ts';

/** A video-mode run: the most frames a photograph, the frame rate, the tracker's median ms a frame in this run (null: cached). */
export interface VideoRun {
  frames: number;
  fps: number;
  msPerFrame: number | null;
  backend: Record<string, unknown>;
}

/** The references' own signer and the non-sign corpus, from the acceptance stage (default judge). */
export interface AcceptanceFigures {
  /** Letters whose held-out signing completes within 2.5 s at 8, 15 and 30 judged frames a second. */
  ownSignerWithin: number;
  ownSignerLetters: number;
  ownSignerSlowest: number | null;
  ownSignerMissing: string[];
  nonSignCompletions: number;
  nonSignPairs: number;
  nonSignFiles: number;
}

export interface SignersResult {
  schema: 'signlearn-signers/1';
  date: string;
  durationS: number;
  judgeMode: string;
  trackerVersion: string;
  trackerBackend: Record<string, unknown>;
  trackerMsPerPhoto: number | null;
  /** Video mode (--video): frames a photograph, the tracker's median ms a frame in this run (null: cached). */
  video?: VideoRun;
  /** --video-without-body: the same, hands looked for without a body. */
  videoWithoutBody?: VideoRun;
  /** --schedule: the schedule the video rows were tracked on (HELD_SIGN_SCHEDULE, a held letter's). */
  schedule?: TrackingSchedule;
  mediapipe: StoredMediaPipeHands['made'] | null;
  photos: PhotoResult[];
  acceptance: AcceptanceFigures | null;
  /** The cross-validation's folds: what each fold's judge learned from and judged (bench/signers-judge/cross_validate.ts); null when not run. */
  crossValidation: { folds: FoldRecord[] } | null;
  /** matchHandshape's cost per call on these photographs' frames: the committed judge's models, and the same built without people's prototypes; null when not run. */
  judgeCost: { withoutPeople: JudgeCost; committed: JudgeCost } | null;
}
