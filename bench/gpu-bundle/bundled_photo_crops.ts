// Stands in for bench/lib/photo_crops.ts inside the GPU bundle (esbuild swaps the module): the
// crops are cut at build time, where sharp decodes the photographs, and carried as crops.bin
// beside the bundle (written by writeCropsFile below), so the GPU machine needs no native image
// module. Same sizes, same values.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PhotoCrops } from '../lib/photo_crops.ts';

export const POSE_CROP_SIZE = 256;
export const HAND_CROP_SIZE = 224;
export type { PhotoCrops };

const POSE_LENGTH = POSE_CROP_SIZE * POSE_CROP_SIZE * 3;
const HANDS_LENGTH = 2 * HAND_CROP_SIZE * HAND_CROP_SIZE * 3;

/** The crops as photo_crops.ts cut them, read from crops.bin (`_root` is the repository's; unused here). */
export async function photoCrops(_root: string): Promise<PhotoCrops> {
  const bytes = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'crops.bin'));
  if (bytes.byteLength !== (POSE_LENGTH + HANDS_LENGTH) * 4) throw new Error(`crops.bin holds ${bytes.byteLength} bytes, not the pose and hand crops`);
  const values = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return { pose: values.subarray(0, POSE_LENGTH), hands: values.subarray(POSE_LENGTH) };
}

/** Writes crops.bin: the pose crop's floats, then both hand crops' (little-endian float32). */
export function writeCropsFile(crops: PhotoCrops, path: string): void {
  if (crops.pose.length !== POSE_LENGTH || crops.hands.length !== HANDS_LENGTH) throw new Error('photo crops are not the sizes the bundle expects');
  const all = new Float32Array(POSE_LENGTH + HANDS_LENGTH);
  all.set(crops.pose, 0);
  all.set(crops.hands, POSE_LENGTH);
  writeFileSync(path, new Uint8Array(all.buffer));
}
