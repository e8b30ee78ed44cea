import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The seed content: real recorded hand landmarks of the 26 letters (data/asl-alphabet/README.md). */
export const ALPHABET_DIR = join(ROOT, 'data', 'asl-alphabet');
/** Real photographs for the tracker's tests and the bench (data/photographs/README.md). */
export const PHOTOGRAPHS_DIR = join(ROOT, 'data', 'photographs');
/** The offline demo project (the `demo-` prefix keeps firebase-tools from calling Google). */
export const PROJECT_ID = 'demo-signlearn';
/** Other people's hands the American letters' handshape models learn prototypes from, beside the
 * recorded signer's (data/real-photos/README.md; written by bench/signers-judge/learn_committed_judge.ts). */
export const PEOPLE_HANDS_FILE = join(ROOT, 'data', 'real-photos', 'people-hands.json');
