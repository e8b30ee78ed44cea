// Other people's hands as prototypes of a letter's handshape model (build_handshape_models.ts
// PersonHand, build_alphabet_references.ts people), their file (people_hands_schema.ts) and the
// two-step build the bench's learning uses (prepareAlphabetReferences, withHandshapeModels).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HAND_POINT_COUNT, POINT_STRIDE, SCORE, X, Y, Z } from '../../engine/src/core/landmark_layout.ts';
import { HANDSHAPE_MODEL_BUILD, type PersonHand } from '../../engine/src/handshape/build_handshape_models.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { loadPeopleHands } from '../../engine/src/node/load_people_hands.ts';
import type { AlphabetRecording } from '../../engine/src/recordings/alphabet_recording_schema.ts';
import { buildAlphabetReferences, prepareAlphabetReferences, withHandshapeModels, type AlphabetReference } from '../../engine/src/recordings/build_alphabet_references.ts';
import { alphabetSource, RECORDING_FPS } from '../../engine/src/recordings/landmark_source.ts';
import { PEOPLE_HANDS_FORMAT, peopleHandsSchema } from '../../engine/src/recordings/people_hands_schema.ts';
import { ALPHABET_DIR, PEOPLE_HANDS_FILE, ROOT } from '../../server/paths.ts';

interface StoredHand {
  side: 'left' | 'right';
  landmarks: [number, number, number][];
}
/** An adult's photographed letter (data/real-photos/lauren, MediaPipe Hands' stored landmarks): a real other person's hand. */
function laurens(letter: string): PersonHand {
  const stored = JSON.parse(readFileSync(join(ROOT, 'data', 'real-photos', 'mediapipe-hands.json'), 'utf8')) as { photos: { photo: string; width: number; height: number; hands: StoredHand[] }[] };
  const photo = stored.photos.find((p) => p.photo === `lauren/${letter}.jpg`)!;
  const { side, landmarks } = photo.hands[0]!;
  const hand = new Float32Array(HAND_POINT_COUNT * POINT_STRIDE);
  landmarks.forEach(([x, y, z], i) => {
    hand[i * POINT_STRIDE + X] = x;
    hand[i * POINT_STRIDE + Y] = y;
    hand[i * POINT_STRIDE + Z] = z;
    hand[i * POINT_STRIDE + SCORE] = 1;
  });
  return { hand, imageWidth: photo.width, imageHeight: photo.height, left: side === 'left' };
}

let recordings: Map<string, AlphabetRecording>;
let signerOnly: Map<string, AlphabetReference>;
beforeAll(async () => {
  recordings = await loadAlphabetFolder(ALPHABET_DIR);
  signerOnly = buildAlphabetReferences(recordings);
}, 120_000);

const prototypes = (references: Map<string, AlphabetReference>, sign: string) => references.get(sign)!.record.handshape!.prototypes;

describe("other people's hands as prototypes", () => {
  it('built in two steps (the recordings once, then the models), the references are the same as built in one', () => {
    const prepared = prepareAlphabetReferences(new Map([...recordings].map(([sign, recording]) => [sign, { source: alphabetSource(sign, recording), fps: RECORDING_FPS }])));
    const twice = [withHandshapeModels(prepared), withHandshapeModels(prepared)];
    for (const built of twice) expect(JSON.stringify([...built])).toBe(JSON.stringify([...signerOnly]));
  }, 120_000);

  it("a person's hand that agrees with the letter's definition is a prototype of it, seen from the views too, and the letters held apart from it see it", () => {
    const withB = buildAlphabetReferences(recordings, { people: new Map([['B', [laurens('B')]]]) });
    const added = prototypes(withB, 'B').length - prototypes(signerOnly, 'B').length;
    expect(added).toBe(1 + HANDSHAPE_MODEL_BUILD.views.length);
    // The recorded signer's prototypes come first, unchanged.
    expect(prototypes(withB, 'B').slice(0, prototypes(signerOnly, 'B').length)).toEqual(prototypes(signerOnly, 'B'));
    // A letter that keeps B among its confusable letters holds B's prototypes as B's model does.
    const holder = [...withB.keys()].find((sign) => withB.get(sign)!.record.handshape!.contrast['B'] !== undefined)!;
    expect(holder).toBeDefined();
    expect(withB.get(holder)!.record.handshape!.contrast['B']).toEqual(prototypes(withB, 'B'));
    // Other letters' own prototypes are untouched.
    expect(prototypes(withB, 'A')).toEqual(prototypes(signerOnly, 'A'));
  }, 120_000);

  it("a person's hand that contradicts the letter's definition is no prototype of it: an A given as a B adds nothing", () => {
    const wrong = buildAlphabetReferences(recordings, { people: new Map([['B', [laurens('A')]]]) });
    expect(prototypes(wrong, 'B')).toEqual(prototypes(signerOnly, 'B'));
  }, 120_000);
});

describe('the people-hands file', () => {
  it('loads by sign, a left hand marked left; a file that is not one is refused with its name and what is wrong', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'people-hands-'));
    try {
      const point = (i: number): [number, number, number] => [0.4 + i * 0.01, 0.5 - i * 0.01, -0.01 * i];
      const valid = { format: PEOPLE_HANDS_FORMAT, made: { command: 'test' }, hands: [{ sign: 'B', photo: 'lauren/B.jpg', tracker: 'mediapipe', imageWidth: 312, imageHeight: 416, side: 'left', landmarks: Array.from({ length: 21 }, (_, i) => point(i)) }] };
      writeFileSync(join(dir, 'ok.json'), JSON.stringify(valid));
      const bySign = await loadPeopleHands(join(dir, 'ok.json'));
      expect([...bySign.keys()]).toEqual(['B']);
      expect(bySign.get('B')![0]!.left).toBe(true);
      expect(bySign.get('B')![0]!.hand[20 * POINT_STRIDE + X]).toBeCloseTo(0.6, 6);
      expect(bySign.get('B')![0]!.hand[20 * POINT_STRIDE + SCORE]).toBe(1);
      writeFileSync(join(dir, 'short.json'), JSON.stringify({ ...valid, hands: [{ ...valid.hands[0], landmarks: valid.hands[0]!.landmarks.slice(1) }] }));
      await expect(loadPeopleHands(join(dir, 'short.json'))).rejects.toThrow(/short\.json: not a people-hands file.*hands\.0\.landmarks/);
      writeFileSync(join(dir, 'other.json'), JSON.stringify({ format: 'signlearn-landmarks/1' }));
      await expect(loadPeopleHands(join(dir, 'other.json'))).rejects.toThrow(/other\.json: not a people-hands file/);
      await expect(loadPeopleHands(join(dir, 'missing.json'))).rejects.toThrow(/missing\.json: cannot read file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the committed file holds real photographs' hands, each of the letter its photograph shows, none of a moving letter", () => {
    expect(existsSync(PEOPLE_HANDS_FILE)).toBe(true);
    const file = peopleHandsSchema.parse(JSON.parse(readFileSync(PEOPLE_HANDS_FILE, 'utf8')));
    expect(file.hands.length).toBeGreaterThan(100);
    for (const hand of file.hands) {
      expect(existsSync(join(ROOT, 'data', 'real-photos', hand.photo)), hand.photo).toBe(true);
      expect(hand.photo.slice(hand.photo.lastIndexOf('/') + 1)[0]!.toUpperCase()).toBe(hand.sign);
      expect(['J', 'Z']).not.toContain(hand.sign);
      expect(['ours', 'ours-video', 'mediapipe']).toContain(hand.tracker);
    }
  });
});
