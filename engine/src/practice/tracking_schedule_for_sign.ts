import type { TrackingSchedule } from '../core/tracking_schedule.ts';
import type { CompiledSign } from './compiled_sign.ts';

/**
 * A held letter: its judge reads one hand's shape every frame; the body only says whether that
 * hand is raised into signing space, and a seated learner's arms barely move, so the body and the
 * other hand are read once a second at 30 frames a second. A frame that runs them costs two or
 * three camera frames on a 2-core machine: every 10 frames dropped about a tenth of the camera's
 * frames (the bench's practice-loop rows, docs/engineer/tracker.md).
 */
export const HELD_SIGN_SCHEDULE: Readonly<TrackingSchedule> = Object.freeze({ poseEvery: 30, otherHandEvery: 30 });

/**
 * The tracking schedule a sign needs, from what its judge reads: a held handshape reads the
 * signing hand (HELD_SIGN_SCHEDULE); a sign that moves follows the arms and both hands on every
 * frame (null: the whole frame every time).
 * ref: none
 */
export function trackingScheduleForSign(sign: CompiledSign): TrackingSchedule | null {
  if (sign.movement !== null) return null;
  return sign.handshape !== null ? HELD_SIGN_SCHEDULE : null;
}
