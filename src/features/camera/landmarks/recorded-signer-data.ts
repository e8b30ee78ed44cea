// Where the recorded signer's letters come from, per language, fetched only when a lesson is
// watched. American: data/asl-alphabet/<letter>.json (real MediaPipe Hands recordings of one
// signer, see that folder's README), emitted by Vite as assets of the normal build (and served as
// files by the dev server); the letter's frames its reference is not built from, looped. Austrian
// and Brazilian: their fingerspelling lexicons' recordings (data/fingerspelling-asq, -bzs: one
// signer each, MediaPipe Holistic), as the `virtual:recorded-signer/<code>` modules of
// server/vite-recorded-signer.ts give them (each letter's frames as
// engine/src/recordings/recorded_signer_letter.ts chooses them), played forward and back. Nothing
// is copied into public/.
import { alphabetRecordingSchema } from '@signlearn/engine/recordings/alphabet_recording_schema';
import { heldOutFrameIndices } from '@signlearn/engine/recordings/build_practice_fixture';
import { alphabetSource, type LandmarkSource as RecordedLetter } from '@signlearn/engine/recordings/landmark_source';
import { recordedSignerLetterSource, type RecordedSignerLetter } from '@signlearn/engine/recordings/recorded_signer_letter';
import { DEFAULT_LANGUAGE } from '@/lib/data/paths.ts';

export type { RecordedLetter };

const urls = import.meta.glob<string>('/data/asl-alphabet/*.json', { query: '?url', import: 'default', eager: true });

/** Each other language's recordings, by its database key (ISO 639-3). */
const LEXICONS: Readonly<Record<string, () => Promise<{ default: Record<string, RecordedSignerLetter> }>>> = {
  asq: () => import('virtual:recorded-signer/asq'),
  bzs: () => import('virtual:recorded-signer/bzs'),
};

/** The folder the language's recorded signer comes from (the side panel names it), or null when it has none. */
export function recordedSignerFolder(language: string): string | null {
  if (language === DEFAULT_LANGUAGE) return 'data/asl-alphabet';
  return language in LEXICONS ? `data/fingerspelling-${language}` : null;
}

/** The URL of the American recording of `letter`, or null when the American signer has none. */
export function recordedLetterUrl(letter: string, language = DEFAULT_LANGUAGE): string | null {
  if (language !== DEFAULT_LANGUAGE) return null;
  return urls[`/data/asl-alphabet/${letter}.json`] ?? null;
}

async function loadAmericanLetter(letter: string): Promise<RecordedLetter | null> {
  const url = recordedLetterUrl(letter);
  if (!url) return null;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The recording of "${letter}" could not be loaded (${response.status})`);
  const recording = alphabetRecordingSchema.parse(await response.json());
  return alphabetSource(letter, recording, heldOutFrameIndices(recording.frames.length));
}

/**
 * The recorded signer's letters among `signNames` in `language`, each as a source of frames seen at
 * 30 frames/s (one loop of it); null for a sign the signer has no recording of (a sign that is no
 * letter, or a language without a signer).
 */
export async function loadRecordedLetters(signNames: readonly string[], language: string): Promise<Map<string, RecordedLetter | null>> {
  const unique = [...new Set(signNames)];
  if (language === DEFAULT_LANGUAGE) {
    const loaded = await Promise.all(unique.map(loadAmericanLetter));
    return new Map(unique.map((name, i) => [name, loaded[i]!]));
  }
  const lexicon = LEXICONS[language];
  const letters = lexicon ? (await lexicon()).default : {};
  return new Map(unique.map((name) => [name, letters[name] ? recordedSignerLetterSource(letters[name]) : null]));
}
