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
 * A sign that moves: its judge follows both hands on every frame (either may sign), and reads the
 * body only as the frame the hands are measured in (the nose and the shoulders:
 * movement_features.ts), which moves little from one frame to the next while the hands travel. So
 * both hands every frame, the body every third: on 2 cores a frame without the body costs about
 * half a whole one, and a moving sign judged on fewer camera frames completes less often (the
 * moving-signs stage at the practice loop's rates: docs/engineer/moving-signs.md, 'On a laptop's
 * camera').
 */
export const MOVING_SIGN_SCHEDULE: Readonly<TrackingSchedule> = Object.freeze({ poseEvery: 3, otherHandEvery: 1 });

/**
 * The tracking schedule a sign needs, from what its judge reads: a held handshape reads the
 * signing hand (HELD_SIGN_SCHEDULE); a sign that moves, both hands on every frame and the body
 * often (MOVING_SIGN_SCHEDULE); a sign judged on the arms' angles alone, the whole frame every
 * time (null).
 * ref: none
 */
export function trackingScheduleForSign(sign: CompiledSign): TrackingSchedule | null {
  if (sign.movement !== null) return MOVING_SIGN_SCHEDULE;
  return sign.handshape !== null ? HELD_SIGN_SCHEDULE : null;
}
