// The tracker's landmarks byte for byte (Node, TF.js WASM): a part of the recorded sample
// (landmark_hashes/landmark-hashes.json, every 50th real photograph: still, mirrored, without the
// palm detector, and the first 12 frames of a still camera with and without hands looked for
// without a body) tracked again, each frame's exact Float32 bytes hashed. A change that moves any
// landmark by one float step fails here; when that is the change's intent, record the sample again
// (landmark_hashes/record_landmark_hashes.ts --out) and say why in the commit.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareHashes, readHashFile, sampleSequences, trackSequences } from './landmark_hashes/landmark_hashes.ts';

const root = join(import.meta.dirname, '..', '..');

describe('tracker landmarks, byte for byte', () => {
  it('match the recorded hashes on every 50th real photograph (still and still camera)', async () => {
    const recorded = readHashFile(join(import.meta.dirname, 'landmark_hashes', 'landmark-hashes.json'));
    const sequences = sampleSequences(root, { photoStep: 50, cameraFrames: 12, clips: false });
    const result = compareHashes(recorded, await trackSequences(root, sequences));
    // The photographs decode to other pixels (another sharp): re-record rather than read this as the tracker's doing.
    expect(result.inputChanged, 'decoded photographs differ from the recorded ones').toEqual([]);
    expect(result.unrecorded).toEqual([]);
    expect(result.differences, 'frames whose landmarks moved').toEqual([]);
    const photos = sequences.filter((s) => s.kind === 'still' && s.setting === 'default').length;
    expect(photos).toBe(4);
    expect(result.framesCompared).toBe(3 * photos + 2 * 12 * photos);
  });
});
