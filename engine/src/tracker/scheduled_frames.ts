import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { copyLandmarkFrame, createLandmarkFrame } from '../core/landmark_frame.ts';
import { Part } from '../core/landmark_layout.ts';
import { chooseFrameParts, type FrameParts } from './choose_frame_parts.ts';
import { handLandmarks, handPart, otherSide, type HandSide } from './hand_side.ts';
import type { HandTracks } from './hand_tracks.ts';
import type { TrackingSchedule } from './tracker_options.ts';

/** How many times each part ran under the schedule (whole frames count as pose runs). */
export interface ScheduleCounts {
  /** Frames tracked under a schedule. */
  frames: number;
  /** Of which whole frames: the body ran (and both hands through it). */
  poseFrames: number;
  /** Frames where the other hand ran from its own landmarks without the body. */
  otherHandRuns: number;
}

/**
 * The tracking schedule's state across video frames: the frames since the body and the other
 * hand last ran, and their last landmarks, which stand in for them on the frames they skip.
 * Allocated once; nothing here allocates per frame.
 * ref: none (MediaPipe runs every part on every frame)
 */
export class ScheduledFrames {
  readonly counts: ScheduleCounts = { frames: 0, poseFrames: 0, otherHandRuns: 0 };
  private framesSincePose = 0;
  private framesSinceOtherHand = 0;
  /** Nothing held yet (a new video, a reset): the next frame is whole. */
  private empty = true;
  private readonly held: LandmarkFrame = createLandmarkFrame(0, 0);
  private readonly parts: FrameParts = { pose: true, signingSide: -1, otherHand: false };

  constructor(private readonly tracks: HandTracks) {}

  /** This frame's parts under `schedule` (a whole frame when nothing is held or the frame's size changed). */
  choose(schedule: TrackingSchedule, width: number, height: number): FrameParts {
    const parts = chooseFrameParts(
      schedule,
      this.framesSincePose,
      this.framesSinceOtherHand,
      this.tracks.bySide[0].tracked,
      this.tracks.bySide[1].tracked,
      this.parts,
    );
    if (this.empty || width !== this.held.imageWidth || height !== this.held.imageHeight) {
      parts.pose = true;
      parts.otherHand = false;
    }
    return parts;
  }

  /** The parts this frame skipped, from their last run, into `out`. */
  fillSkipped(signingSide: HandSide, otherHand: boolean, out: LandmarkFrame): void {
    out.pose.set(this.held.pose);
    out.present[Part.pose] = this.held.present[Part.pose]!;
    const other = otherSide(signingSide);
    if (!otherHand) {
      handLandmarks(out, other).set(handLandmarks(this.held, other));
      out.present[handPart(other)] = this.held.present[handPart(other)]!;
    }
  }

  /** The frame is tracked: its parts are held for the frames that skip them, and the counts move on. */
  tracked(parts: FrameParts, out: LandmarkFrame): void {
    copyLandmarkFrame(out, this.held);
    this.empty = false;
    this.counts.frames++;
    if (parts.pose) {
      this.counts.poseFrames++;
      this.framesSincePose = 0;
      this.framesSinceOtherHand = 0;
      return;
    }
    this.framesSincePose++;
    if (parts.otherHand) {
      this.counts.otherHandRuns++;
      this.framesSinceOtherHand = 0;
    } else {
      this.framesSinceOtherHand++;
    }
  }

  /** Forgets what is held: the next frame is whole. */
  reset(): void {
    this.empty = true;
    this.framesSincePose = 0;
    this.framesSinceOtherHand = 0;
  }
}
