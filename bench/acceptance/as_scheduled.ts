// Recorded landmarks as the tracker delivers them on a tracking schedule (TrackerOptions.schedule):
// the acceptance replays recordings, not camera frames, so the schedule is applied to what the
// judge reads. Same choice of parts as the tracker's (chooseFrameParts), same stand-ins
// (scheduled_frames.ts): on a followed frame the signing hand is the recording's, the body and
// the hand not run are those of their last run.
import { copyLandmarkFrame, createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { chooseFrameParts, type FrameParts } from '../../engine/src/tracker/choose_frame_parts.ts';
import { handLandmarks, handPart, otherSide } from '../../engine/src/tracker/hand_side.ts';
import type { TrackingSchedule } from '../../engine/src/tracker/tracker_options.ts';

/** `judged` (each a tracked camera frame) as a tracker on `schedule` would give them; the yielded frame is reused. */
export function* asScheduled(judged: Iterable<{ frame: LandmarkFrame; nowMs: number }>, schedule: TrackingSchedule): Generator<{ frame: LandmarkFrame; nowMs: number }> {
  const out = createLandmarkFrame();
  const held = createLandmarkFrame();
  const parts: FrameParts = { pose: true, signingSide: -1, otherHand: false };
  let sincePose = 0;
  let sinceOther = 0;
  let first = true;
  for (const { frame, nowMs } of judged) {
    // The tracker follows the hands it found on its last frame.
    chooseFrameParts(schedule, sincePose, sinceOther, !first && held.present[Part.leftHand] === 1, !first && held.present[Part.rightHand] === 1, parts);
    if (first || parts.pose || parts.signingSide === -1) {
      copyLandmarkFrame(frame, out);
      sincePose = 0;
      sinceOther = 0;
    } else {
      const signing = parts.signingSide;
      const other = otherSide(signing);
      copyLandmarkFrame(held, out);
      out.timestampMs = frame.timestampMs;
      handLandmarks(out, signing).set(handLandmarks(frame, signing));
      out.present[handPart(signing)] = frame.present[handPart(signing)]!;
      if (parts.otherHand) {
        handLandmarks(out, other).set(handLandmarks(frame, other));
        out.present[handPart(other)] = frame.present[handPart(other)]!;
        sinceOther = 0;
      } else sinceOther++;
      sincePose++;
    }
    first = false;
    copyLandmarkFrame(out, held);
    yield { frame: out, nowMs };
  }
}
