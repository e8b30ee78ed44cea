import { z } from 'zod';
import { LANDMARK_FIXTURE_FORMAT, landmarkFixtureSchema } from '../../engine/src/recordings/landmark_fixture_schema.ts';
import { fixtureSource } from '../../engine/src/recordings/landmark_source.ts';
import type { Photo } from './landmark_photo.ts';

/**
 * MediaPipe Hands' own landmarks of the photographs (schema "signlearn-mediapipe-hands/1", made by
 * the signers bench with npm @mediapipe/hands in Chromium): per photo, 0-2 hands, each with the
 * person's own side (`side`: the photos are not mirrored), 21 points x, y normalised to the image
 * and z. Each photo becomes a one-frame landmark fixture with each hand on its side, score 1 per
 * point, no pose, as bench/signers/mediapipe_frame.ts (branch signers) feeds the judge.
 */
const exportSchema = z.object({
  schema: z.literal('signlearn-mediapipe-hands/1'),
  photos: z.array(
    z.object({
      photo: z.string(),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      hands: z.array(z.object({ side: z.enum(['left', 'right']), landmarks: z.array(z.array(z.number()).length(3)).length(21) })),
    }),
  ),
});

export function mediapipeHandsSources(value: unknown, set?: string): Photo[] {
  const parsed = exportSchema.parse(value);
  return parsed.photos
    .filter((p) => set === undefined || p.photo.startsWith(`${set}/`))
    .map((p) => {
      const frame: Record<string, unknown> = { t: 0 };
      for (const hand of p.hands) frame[hand.side === 'left' ? 'leftHand' : 'rightHand'] = hand.landmarks.flatMap(([x, y, z]) => [x!, y!, z!, 1]);
      const fixture = landmarkFixtureSchema.parse({ format: LANDMARK_FIXTURE_FORMAT, imageWidth: p.width, imageHeight: p.height, backend: 'mediapipe-hands', source: p.photo, frames: [frame] });
      const name = p.photo.replace(/\.[a-z]+$/i, '');
      const file = name.slice(name.lastIndexOf('/') + 1);
      return { name, letter: file[0]!.toUpperCase(), source: fixtureSource(name, fixture) };
    });
}
