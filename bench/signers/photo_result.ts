import type { PhotoJudgement, VideoPhotoResult } from './judge_photo.ts';
import type { PhotoSet } from './photos.ts';

/** What happened to one photograph, through our tracker and through MediaPipe Hands' landmarks. */
export interface PhotoResult {
  photo: string;
  set: PhotoSet;
  letter: string;
  moving: boolean;
  ours: { found: boolean; judgement: PhotoJudgement | null };
  /** Our tracker in video mode (absent: not run, no --video). `found`: a hand in any of its frames. */
  video?: VideoPhotoResult;
  /** The same with hands looked for without a body (absent: no --video-without-body). */
  videoWithoutBody?: VideoPhotoResult;
  /** null: the stored MediaPipe file has no entry for this photograph. */
  mediapipe: { found: boolean; judgement: PhotoJudgement | null } | null;
  /** Our tracker's landmarks judged by the judge its cross-validation fold learned without this photograph (bench/signers-judge/cross_validate.ts): still mode, and the video modes where they ran. */
  cv?: { found: boolean; judgement: PhotoJudgement | null } | null;
  cvVideo?: VideoPhotoResult;
  cvVideoWithoutBody?: VideoPhotoResult;
}
