// The repository's compact copy of PopSign performances (data/popsign-hello-thankyou): reads a
// folder of the release's signer files converted to JSON (`popsign-landmarks/1`: 75 points a frame,
// x, y, z to 4 decimals) and writes each as `signlearn-popsign/1` (engine/src/recordings/
// popsign_recording.ts): the pose's points the engine reads (face, arms, hips; not the legs nor the
// pose's own hand points), both hands, x, y, z as integers in thousandths, a part that was not
// found null. Every performance is kept, in the file's order.
//
//   node --import tsx scripts/popsign/make-popsign-slice.ts --in <folder of signer-*.json> --out data/popsign-hello-thankyou
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { POINT_STRIDE } from '../../engine/src/core/landmark_layout.ts';
import { POPSIGN_SLICE_FORMAT, readPopSignFile, type PopSignSlice } from '../../engine/src/recordings/popsign_recording.ts';

/** Nose, eyes, ears, mouth, shoulders, elbows, wrists (0-16) and hips (23, 24). */
export const KEPT_POSE_POINTS = [...Array.from({ length: 17 }, (_, i) => i), 23, 24];
const SCALE = 1000;

function ints(values: Float32Array | null, points: readonly number[]): number[] | null {
  if (values === null) return null;
  return points.flatMap((p) => [0, 1, 2].map((c) => Math.round(values[p * POINT_STRIDE + c]! * SCALE)));
}

export function makeSlice(file: string): PopSignSlice {
  const sequences = readPopSignFile(file, JSON.parse(readFileSync(file, 'utf8')));
  const signer = sequences[0]?.signer;
  if (signer === undefined) throw new Error(`${file}: no sequences`);
  const handPoints = Array.from({ length: 21 }, (_, i) => i);
  return {
    format: POPSIGN_SLICE_FORMAT,
    source: 'PopSign ASL v1.0 (Georgia Institute of Technology and Deaf Professional Arts Network), CC BY 4.0: see README.md',
    signer,
    scale: SCALE,
    posePoints: KEPT_POSE_POINTS,
    sequences: sequences.map((s) => ({
      sequence: s.sequence,
      sign: s.sign,
      ...(s.firstFrameId === null ? {} : { firstFrameId: s.firstFrameId }),
      frames: s.frames.map((f) => [ints(f.pose, KEPT_POSE_POINTS), ints(f.leftHand, handPoints), ints(f.rightHand, handPoints)] as [number[] | null, number[] | null, number[] | null]),
    })),
  };
}

function flag(args: string[], name: string): string {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? args[index + 1] : undefined;
  if (!value) throw new Error(`make-popsign-slice: --${name} <folder> is required`);
  return value;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const input = flag(args, 'in');
  const output = flag(args, 'out');
  mkdirSync(output, { recursive: true });
  for (const name of readdirSync(input).filter((n) => /^signer-.+\.json$/.test(n)).sort()) {
    const slice = makeSlice(join(input, name));
    // One performance per line: diffable, and a third of the source's size.
    const { sequences, ...header } = slice;
    const text = `${JSON.stringify(header).slice(0, -1)},"sequences":[\n${sequences.map((s) => JSON.stringify(s)).join(',\n')}\n]}\n`;
    writeFileSync(join(output, name), text);
    console.log(`${name}: ${sequences.length} performances, ${(text.length / 1024).toFixed(0)} KB`);
  }
}
