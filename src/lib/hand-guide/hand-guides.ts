// The 3-D hand guide's frames per letter, from the recorded alphabet (the `virtual:hand-guide`
// module that server/vite-hand-guide.ts makes from data/asl-alphabet when Vite builds or serves).
import guides from 'virtual:hand-guide';
import type { HandGuideFrames } from '@signlearn/engine/guide/hand_guide_frames';

export type HandGuide = HandGuideFrames;

/** A letter's guide, or null for a sign without a recorded hand. */
export function handGuideFor(sign: string): HandGuide | null {
  return (guides as Record<string, HandGuide | undefined>)[sign] ?? null;
}

/** The letters that have a hand guide, A to Z. */
export const GUIDE_LETTERS: readonly string[] = Object.keys(guides).sort();
