import type { LandmarkFrame } from '../core/landmark_frame.ts';
import type { ReadBackTurns } from './one_submission_frame.ts';

/** What overlapped frames did: frames submitted, in flight at most, and those whose crops came from an older frame. */
export interface OverlapCounts {
  /** Frames submitted through `submit`. */
  submitted: number;
  /** Frames submitted and not yet collected, at most. */
  maxInFlight: number;
  /**
   * Frames submitted while the frame before was still waiting for its read-back: their crops came
   * from the landmarks of the frame before that one.
   */
  cropsFromOlderFrame: number;
}

/** A frame submitted and not yet collected. */
interface InFlightFrame {
  out: LandmarkFrame;
  /** The frame's track, to its end. */
  done: Promise<void>;
  finished: boolean;
  /** Lets the frame's read-back go on (set once its submission is queued). */
  release: (() => void) | null;
  released: boolean;
}

/**
 * Video frames overlapped on the GPU: `submit` starts a frame's track and returns once its one
 * submission is queued (the frame then waits for its turn before its read-back), so the caller can
 * submit the next frame before this one is read back; `collect` lets the oldest frame go on and
 * returns its landmarks. The next frame's crops come from the last landmarks known when it is
 * submitted, those of the frame before the one in flight. Frames finish in the order submitted
 * and never run their CPU steps at the same time: a frame goes on past its read-back only when
 * collected, after every frame before it is done. At most two frames are in flight, one for each
 * of the submission's staging buffers. A frame that cannot overlap (the body is not followed, so
 * the detector runs; a schedule) first finishes the frame in flight, which stays to be collected.
 * ref: none (a two-deep pipeline of one-submission frames; MediaPipe's graphs run frames in flight by timestamp)
 */
export class OverlappedFrames implements ReadBackTurns {
  readonly counts: OverlapCounts = { submitted: 0, maxInFlight: 0, cropsFromOlderFrame: 0 };
  /** The two frames' records, reused (each frame still makes the promises of its waits). */
  private readonly records: InFlightFrame[] = [inFlightFrame(), inFlightFrame()];
  private readonly queue: InFlightFrame[] = [];
  /** The frame being submitted, whose submission `submitted` is told of; null otherwise. */
  private submitting: InFlightFrame | null = null;
  private announceSubmitted: (() => void) | null = null;
  /** A `submit` or `collect` is running: the frames' CPU steps must not interleave. */
  private busy = false;

  /** Frames submitted and not yet collected. */
  get inFlight(): number {
    return this.queue.length;
  }

  /**
   * Starts a frame (`run`: its track, filling `out`) and resolves once its submission is queued, or
   * once it is done when it needs none. `overlaps`: whether it may be submitted while the frame
   * before waits for its read-back; otherwise that frame is finished first.
   */
  async submit(out: LandmarkFrame, overlaps: boolean, run: () => Promise<void>): Promise<void> {
    this.enter('submit');
    try {
      if (this.queue.length >= 2) throw new Error('overlapped frames: two frames are in flight; collect the oldest before submitting another');
      if (!overlaps) for (const frame of this.queue) await this.finish(frame);
      const older = this.queue[0];
      if (older !== undefined && !older.finished) this.counts.cropsFromOlderFrame++;
      const frame = this.records[0] === older ? this.records[1]! : this.records[0]!;
      frame.out = out;
      frame.finished = false;
      frame.release = null;
      frame.released = false;
      const submitted = new Promise<void>((resolve) => {
        this.announceSubmitted = resolve;
      });
      this.queue.push(frame);
      this.counts.submitted++;
      this.counts.maxInFlight = Math.max(this.counts.maxInFlight, this.queue.length);
      this.submitting = frame;
      frame.done = this.runFrame(frame, run);
      // A failure is reported by whichever of submit and collect waits for it; this marks it seen.
      frame.done.catch(() => undefined);
      try {
        await Promise.race([submitted, frame.done]);
      } catch (error) {
        this.drop(frame);
        throw error;
      } finally {
        this.submitting = null;
        this.announceSubmitted = null;
      }
    } finally {
      this.busy = false;
    }
  }

  /** Lets the oldest frame in flight go on and resolves with its landmarks (the `out` it was submitted with); null when none is in flight. */
  async collect(): Promise<LandmarkFrame | null> {
    this.enter('collect');
    try {
      const frame = this.queue[0];
      if (frame === undefined) return null;
      await this.finish(frame);
      this.queue.shift();
      return frame.out;
    } finally {
      this.busy = false;
    }
  }

  /** The frame being submitted has queued its submission: the caller may go on; its read-back waits for the frame's turn. */
  submitted(): Promise<void> | null {
    const frame = this.submitting;
    // A frame not submitted here (the warm-up) reads back at once.
    if (frame === null) return null;
    this.submitting = null;
    const turn = new Promise<void>((resolve) => {
      frame.release = resolve;
    });
    this.announceSubmitted?.();
    return turn;
  }

  private async runFrame(frame: InFlightFrame, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } finally {
      frame.finished = true;
    }
  }

  /** Lets `frame` read back and go on to its end (frames before it are done). */
  private async finish(frame: InFlightFrame): Promise<void> {
    if (!frame.released) {
      frame.released = true;
      frame.release?.();
    }
    try {
      await frame.done;
    } catch (error) {
      this.drop(frame);
      throw error;
    }
  }

  private drop(frame: InFlightFrame): void {
    frame.release = null;
    const at = this.queue.indexOf(frame);
    if (at >= 0) this.queue.splice(at, 1);
  }

  private enter(what: string): void {
    if (this.busy) throw new Error(`overlapped frames: ${what} called while a submit or collect is running; wait for it first`);
    this.busy = true;
  }
}

function inFlightFrame(): InFlightFrame {
  return { out: null as unknown as LandmarkFrame, done: Promise.resolve(), finished: true, release: null, released: true };
}
