import { angleFramePixelSize } from '../angles/angle_frame_pixel_size.ts';
import type { AngleFrame } from '../core/angle_frame.ts';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { Part } from '../core/landmark_layout.ts';
import { HandMotion } from '../motion/hand_motion.ts';
import { HAND_DESCRIPTOR_COUNT, measuredPalmPixels } from './hand_descriptors.ts';
import { describeReadableHand } from './hand_large_enough.ts';
import { handRaised, HandRaised } from './hand_raised.ts';

/**
 * How long (ms) a hand must keep moving for its speed to count: the hand speed the judge reads is
 * the motion history's speed smoothed over this time constant, so a one-frame jump of the
 * tracker in a held letter is not a movement, and a letter traced for a moment is.
 */
export const SPEED_SMOOTHING_MS = 300;

/**
 * The handshape judge's per-frame step, run after the angles: each present hand's descriptors
 * (hand_descriptors.ts; a left hand measured as its mirror image), its sustained speed
 * (SPEED_SMOOTHING_MS) and whether it is raised into signing space (hand_raised.ts), into the
 * angle frame's handshape fields. Keeps each hand's recent positions for the speed, so it has state:
 * one per learner stream, fed frames in time order. Allocates nothing per frame (the arrays are
 * added to the angle frame once, on first use).
 */
export interface HandshapeFeatureTracker {
  update(landmarks: LandmarkFrame, out: AngleFrame): void;
  reset(): void;
}

export function ensureDescriptorArrays(frame: AngleFrame): void {
  frame.leftHandDescriptors ??= new Float32Array(HAND_DESCRIPTOR_COUNT);
  frame.rightHandDescriptors ??= new Float32Array(HAND_DESCRIPTOR_COUNT);
  frame.descriptorsPresent ??= new Uint8Array(2);
  frame.handSpeed ??= new Float32Array(2);
  frame.handRaised ??= new Int8Array(2);
}

export function createHandshapeFeatureTracker(): HandshapeFeatureTracker {
  const motions = [new HandMotion(), new HandMotion()];
  const pixel = new Float64Array(2);
  // Per hand: the smoothed speed and the time it was last updated (NaN: no history).
  const sustained = new Float64Array(2);
  const updatedAt = new Float64Array([NaN, NaN]);
  return {
    reset() {
      motions[0]!.reset();
      motions[1]!.reset();
      updatedAt[0] = NaN;
      updatedAt[1] = NaN;
    },
    update(landmarks, out) {
      ensureDescriptorArrays(out);
      angleFramePixelSize(landmarks.imageWidth, landmarks.imageHeight, pixel);
      for (let side = 0; side < 2; side++) {
        const part = side === 0 ? Part.leftHand : Part.rightHand;
        const hand = side === 0 ? landmarks.leftHand : landmarks.rightHand;
        const descriptors = side === 0 ? out.leftHandDescriptors! : out.rightHandDescriptors!;
        // The angle step already decided whether the hand is usable (scores, degenerate bones); a
        // hand too small in the image to show its fingers is not read (hand_large_enough.ts).
        if (out.present[part] !== 1 || !describeReadableHand(hand, pixel[0]!, pixel[1]!, landmarks.imageWidth, side === 0, descriptors)) {
          out.descriptorsPresent![side] = 0;
          out.handSpeed![side] = 0;
          out.handRaised![side] = HandRaised.unknown;
          motions[side]!.reset();
          updatedAt[side] = NaN;
          continue;
        }
        motions[side]!.push(landmarks, hand, pixel, measuredPalmPixels[0]!);
        const speed = motions[side]!.speed[0]!;
        const elapsed = landmarks.timestampMs - updatedAt[side]!;
        // A first sample, or time going back or stalling: start from this frame's speed.
        if (!(elapsed > 0 && elapsed < 500)) sustained[side] = speed;
        else sustained[side] = sustained[side]! + (1 - Math.exp(-elapsed / SPEED_SMOOTHING_MS)) * (speed - sustained[side]!);
        updatedAt[side] = landmarks.timestampMs;
        out.handSpeed![side] = sustained[side]!;
        out.handRaised![side] = handRaised(landmarks, side, pixel[0]!, pixel[1]!);
        out.descriptorsPresent![side] = 1;
      }
    },
  };
}
