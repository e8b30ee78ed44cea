// The photographs of real people making letters (data/real-photos/, see its README.md): one folder
// per set, the letter the first character of each file name. J and Z are moving letters: their
// photographs are a single frame of the movement and are counted apart.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The photo sets, in the order the report lists them. */
export const PHOTO_SETS = ['letters-volunteers', 'lauren'] as const;
export type PhotoSet = (typeof PHOTO_SETS)[number];

/** Letters made with a movement: one photograph shows one frame of it. */
export const MOVING_LETTERS = new Set(['J', 'Z']);

export const REAL_PHOTOS_DIR = join('data', 'real-photos');

export interface Photo {
  set: PhotoSet;
  /** File name inside the set's folder. */
  file: string;
  /** Path from the repository root. */
  path: string;
  /** The letter the person makes (upper case). */
  letter: string;
  moving: boolean;
}

/** Every photograph of the given sets (all by default), sorted by set, then file name. */
export function listPhotos(root: string, sets: readonly PhotoSet[] = PHOTO_SETS): Photo[] {
  const photos: Photo[] = [];
  for (const set of sets) {
    const files = readdirSync(join(root, REAL_PHOTOS_DIR, set))
      .filter((f) => /\.(jpe?g|png)$/i.test(f))
      .sort();
    for (const file of files) {
      const letter = file[0]!.toUpperCase();
      if (!/^[A-Z]$/.test(letter)) throw new Error(`signers: ${set}/${file}: the file name does not start with a letter`);
      photos.push({ set, file, path: join(REAL_PHOTOS_DIR, set, file), letter, moving: MOVING_LETTERS.has(letter) });
    }
  }
  return photos;
}

/** A photo's key in stored results: `<set>/<file>`. */
export const photoKey = (photo: Pick<Photo, 'set' | 'file'>): string => `${photo.set}/${photo.file}`;
