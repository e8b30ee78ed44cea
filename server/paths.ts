import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The offline demo project (the `demo-` prefix keeps firebase-tools from calling Google). */
export const PROJECT_ID = 'demo-signlearn';
