// The parts of each video frame the tracker runs: in the engine's core because the practice layer
// chooses it from a sign (tracking_schedule_for_sign.ts) and the tracker follows it, and neither
// may import the other.

/**
 * Which parts a video frame runs. The signing hand is the one the judge reads (the right when
 * found, else the left): it runs every frame from its own landmarks. The body runs every
 * `poseEvery` frames, the other hand every `otherHandEvery`; both run, with the palm search, on
 * any frame where no signing hand is followed, so a hand lost is looked for again on the next
 * frame.
 */
export interface TrackingSchedule {
  /** Frames from one body run to the next (1: every frame). */
  poseEvery: number;
  /** Frames from one run of the hand the judge does not read to the next (1: every frame). */
  otherHandEvery: number;
}
