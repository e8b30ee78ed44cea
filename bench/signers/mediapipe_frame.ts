// MediaPipe Hands' stored landmarks of one photograph as the engine's LandmarkFrame, so the judge
// can be fed MediaPipe's own hands: a row that tells a tracker failure from a judge failure.
import { createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, POINT_STRIDE, SCORE, X, Y, Z } from '../../engine/src/core/landmark_layout.ts';
import type { StoredPhotoResult } from './mediapipe_hands.ts';

/**
 * Each hand goes on the person's side MediaPipe's handedness gives (`side`, already turned from
 * its mirrored-image label); two hands on one side keep the more certain. Every point is scored 1
 * (MediaPipe Hands gives no per-point visibility, as the alphabet recordings). No pose.
 */
export function mediapipeFrame(stored: StoredPhotoResult): LandmarkFrame {
  const frame = createLandmarkFrame(stored.width, stored.height);
  const best: Record<'left' | 'right', number> = { left: -1, right: -1 };
  for (const hand of stored.hands) {
    if (hand.score <= best[hand.side]) continue;
    best[hand.side] = hand.score;
    const target = hand.side === 'left' ? frame.leftHand : frame.rightHand;
    for (let i = 0; i < HAND_POINT_COUNT; i++) {
      const [x, y, z] = hand.landmarks[i]!;
      target[i * POINT_STRIDE + X] = x!;
      target[i * POINT_STRIDE + Y] = y!;
      target[i * POINT_STRIDE + Z] = z!;
      target[i * POINT_STRIDE + SCORE] = 1;
    }
    frame.present[hand.side === 'left' ? Part.leftHand : Part.rightHand] = 1;
  }
  return frame;
}
