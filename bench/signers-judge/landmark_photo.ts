import type { LandmarkSource } from '../../engine/src/recordings/landmark_source.ts';

/** A photographed letter as the judge's evaluation reads it: its name, the letter, and its landmarks. */
export interface Photo {
  name: string;
  letter: string;
  source: LandmarkSource;
}
