// The teacher's check (src/features/teacher/draft-sign.ts): a take is judged as a learner's will be
// on the camera screen, the chapter's other signs that move followed alongside. Real signers'
// takes (data/popsign-hello-thankyou): 29302's THANK YOU holds the left hand up beside the head,
// where others make HELLO.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cloneLandmarkFrame, createLandmarkFrame, type LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { loadPopSignFolder } from '@signlearn/engine/node/load_popsign_folder';
import { popsignSource, type PopSignSequence } from '@signlearn/engine/recordings/popsign_recording';
import { draftSign, takeCompletes } from '../../../src/features/teacher/draft-sign.ts';

const FOLDER = join(import.meta.dirname, '..', '..', '..', 'data', 'popsign-hello-thankyou');
let sequences: PopSignSequence[];

/** A signer's take, its frames timed at the recording's 30 a second. */
function take(signer: string, sequence: string): LandmarkFrame[] {
  const source = popsignSource(sequences.find((s) => s.signer === signer && s.sequence === sequence)!);
  const frame = createLandmarkFrame();
  return Array.from({ length: source.frameCount }, (_, i) => {
    source.read(i, frame);
    const copy = cloneLandmarkFrame(frame);
    copy.timestampMs = (i * 1000) / 30;
    return copy;
  });
}

function drafted(name: string, frames: LandmarkFrame[]) {
  const draft = draftSign(name, frames, 0, frames.length - 1);
  if (!draft.ok) throw new Error(draft.message);
  return draft.compiled;
}

beforeAll(async () => {
  sequences = await loadPopSignFolder(FOLDER);
}, 60_000);

describe("the teacher's check", () => {
  it('refuses a take that another sign of the chapter fits better, as the camera screen will', () => {
    const hello = drafted('HELLO', take('16069', '2526312602'));
    const thankYou = drafted('THANK YOU', take('16069', '1933462397'));
    const raisedHand = take('29302', '1910042702');
    expect(takeCompletes(hello, raisedHand), 'HELLO checked alone').toBe(true);
    expect(takeCompletes(hello, raisedHand, [thankYou.movement!]), 'THANK YOU in the chapter').toBe(false);
    // The sign's own take still completes with the other sign followed.
    expect(takeCompletes(hello, take('16069', '2526312602'), [thankYou.movement!])).toBe(true);
  });
});
