// The 3-D hand guide's frames per language and letter, from the recordings (the
// `virtual:hand-guide` module that server/vite-hand-guide.ts makes from data/asl-alphabet and each
// data/fingerspelling-<code> when Vite builds or serves).
import guides from 'virtual:hand-guide';
import type { HandGuideFrames } from '@signlearn/engine/guide/hand_guide_frames';
import { DEFAULT_LANGUAGE } from '@/lib/data/paths.ts';

export type HandGuide = HandGuideFrames;

/** A letter's guide in `language`, or null for a sign without a recorded hand there. */
export function handGuideFor(sign: string, language: string = DEFAULT_LANGUAGE): HandGuide | null {
  return guides[language]?.[sign] ?? null;
}

/** The letters of `language` that have a hand guide, in its alphabet's order where given. */
export function guideLetters(language: string = DEFAULT_LANGUAGE): readonly string[] {
  return Object.keys(guides[language] ?? {});
}
