// Where the recorded signer's letters are served from: data/asl-alphabet/<letter>.json (real
// MediaPipe Hands recordings of one signer, see that folder's README), emitted by Vite as assets
// of the normal build (and served as files by the dev server), fetched only when a lesson is
// watched. Nothing is copied into public/.
const urls = import.meta.glob<string>('/data/asl-alphabet/*.json', { query: '?url', import: 'default', eager: true });

/** The URL of the recording of `letter`, or null when the recorded signer has none. The signer
 * signs American letters only: another language's letter A is not the American A (issue 30). */
export function recordedLetterUrl(letter: string, language = 'american'): string | null {
  if (language !== 'american') return null;
  return urls[`/data/asl-alphabet/${letter}.json`] ?? null;
}
