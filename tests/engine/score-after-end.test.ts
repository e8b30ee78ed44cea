// scoreRecording's completion pass past a recording's last frame: cycled from the first frame
// (the default: a signing clip played again) or the last frame held (`afterEnd: 'holdLast'`: a
// camera on someone who keeps still, its first frames a tracker still starting up; the signers
// bench's video mode).
import { beforeAll, describe, expect, it } from 'vitest';
import { createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { compileSign } from '../../engine/src/practice/compile_lesson.ts';
import type { CompiledSign } from '../../engine/src/practice/compiled_sign.ts';
import { alphabetSource, framesSource, type LandmarkSource } from '../../engine/src/recordings/landmark_source.ts';
import { sourceToAngleFrames } from '../../engine/src/recordings/source_to_angle_frames.ts';
import { buildReferenceSign } from '../../engine/src/reference/build_reference_sign.ts';
import { scoreRecording } from '../../engine/src/score/score_recording.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';

let sign: CompiledSign;
/** B's recording's middle frame: the letter held. */
let heldB: LandmarkFrame;

beforeAll(async () => {
  const recording = (await loadAlphabetFolder(ALPHABET_DIR)).get('B')!;
  const source = alphabetSource('B', recording);
  sign = compileSign('B', buildReferenceSign(sourceToAngleFrames(source), 'B.gif'));
  heldB = createLandmarkFrame();
  source.read(Math.floor(source.frameCount / 2), heldB);
});

/** `empty` frames with nothing found (the tracker starting up), then B's frame once. */
function startingUp(empty: number): LandmarkSource {
  const nothing = createLandmarkFrame(heldB.imageWidth, heldB.imageHeight);
  return framesSource('starting up', [...Array.from({ length: empty }, () => nothing), heldB]);
}

describe("scoreRecording's completion pass after the last frame", () => {
  it('holds the last frame with holdLast: the letter completes after the frames before it, as a held letter does', () => {
    const held = scoreRecording(sign, startingUp(0), { fps: 30, seconds: 10 });
    expect(held.completed).toBe(true);
    const late = scoreRecording(sign, startingUp(20), { fps: 30, seconds: 10, afterEnd: 'holdLast' });
    expect(late.completed).toBe(true);
    expect(late.framesToComplete).toBe(held.framesToComplete! + 20);
  });

  it('cycles from the first frame by default: the letter, one frame in 21, never completes', () => {
    const cycled = scoreRecording(sign, startingUp(20), { fps: 30, seconds: 10 });
    expect(cycled.completed).toBe(false);
    expect(scoreRecording(sign, startingUp(20), { fps: 30, seconds: 10, afterEnd: 'cycle' }).completed).toBe(false);
  });
});
