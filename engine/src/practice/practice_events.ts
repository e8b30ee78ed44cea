/** What a practice session tells the UI. Every event carries the session time it happened at. */
export type PracticeEvent =
  /** A sign became current: show its name and guide. Matching starts after any lock, at
   * `judgedFromMs`; a sign with `awaitsRelease` (a repeated letter in a word) first waits for
   * the hand to let go of the letter ('signReleased'). */
  | { type: 'signStarted'; atMs: number; signIndex: number; signName: string; guideFileName: string; frameCount: number; judgedFromMs: number; awaitsRelease: boolean }
  /** A repeated letter's release was seen (the hand let go of the letter): it is judged from now on. */
  | { type: 'signReleased'; atMs: number; signIndex: number }
  /** A sign has no reference data: it is skipped (and counts as done) so the lesson goes on. */
  | { type: 'signUnavailable'; atMs: number; signIndex: number; signName: string }
  /** The position advanced: update the circular progress. `byMatch` is false in the free windows. */
  | { type: 'progress'; atMs: number; signIndex: number; position: number; frameCount: number; fraction: number; byMatch: boolean }
  /** A sign is done (all frames, or skipped by a flag): grow the lesson bar. */
  | { type: 'signComplete'; atMs: number; signIndex: number; signName: string; skipped: boolean; signsDone: number; signCount: number }
  /** About 200 ms after the last sign: save progress and show 'Lesson Completed!'. */
  | { type: 'lessonComplete'; atMs: number; signCount: number; skippedCount: number }
  /** 4000 ms after the completed card: continue to the next lesson or the chapter's end. */
  | { type: 'lessonContinue'; atMs: number };

export type PracticeEventListener = (event: PracticeEvent) => void;
