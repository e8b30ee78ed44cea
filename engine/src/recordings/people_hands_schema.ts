import { z } from 'zod';
import { HAND_POINT_COUNT, POINT_STRIDE, SCORE, X, Y, Z } from '../core/landmark_layout.ts';
import type { PersonHand } from '../handshape/build_handshape_models.ts';

export const PEOPLE_HANDS_FORMAT = 'signlearn-people-hands/1';

/**
 * Other people's hands making signs, as trackers saw them in photographs (data/real-photos
 * people-hands.json): the hands a handshape model learns prototypes from beside its recording
 * (build_handshape_models.ts PersonHand). Each hand: the sign it makes, the photograph it comes
 * from and the tracker that found it, the image's size in pixels, the person's side, and 21 points
 * [x, y, z] (x, y normalised to the image, origin top left; z the tracker's relative depth).
 */
export const peopleHandsSchema = z.object({
  format: z.literal(PEOPLE_HANDS_FORMAT),
  /** How the file was made: the command, the trackers' versions, the date. */
  made: z.record(z.string(), z.unknown()),
  hands: z.array(
    z.object({
      sign: z.string().min(1),
      photo: z.string().min(1),
      tracker: z.string().min(1),
      imageWidth: z.number().int().positive(),
      imageHeight: z.number().int().positive(),
      side: z.enum(['left', 'right']),
      landmarks: z.array(z.tuple([z.number().finite(), z.number().finite(), z.number().finite()])).length(HAND_POINT_COUNT),
    }),
  ),
});
export type PeopleHands = z.infer<typeof peopleHandsSchema>;

/** The file's hands by sign, as the builder takes them (every point scored 1). */
export function peopleHandsBySign(file: PeopleHands): Map<string, PersonHand[]> {
  const out = new Map<string, PersonHand[]>();
  for (const h of file.hands) {
    const hand = new Float32Array(HAND_POINT_COUNT * POINT_STRIDE);
    h.landmarks.forEach(([x, y, z], i) => {
      hand[i * POINT_STRIDE + X] = x;
      hand[i * POINT_STRIDE + Y] = y;
      hand[i * POINT_STRIDE + Z] = z;
      hand[i * POINT_STRIDE + SCORE] = 1;
    });
    out.set(h.sign, [...(out.get(h.sign) ?? []), { hand, imageWidth: h.imageWidth, imageHeight: h.imageHeight, left: h.side === 'left' }]);
  }
  return out;
}
