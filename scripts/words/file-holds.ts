// `--check` of the word curriculum scripts: is a committed generated file exactly this text?
import { readFileSync } from 'node:fs';

/** True when `file` exists and holds exactly `text` (a missing or unreadable file does not). */
export function fileHolds(file: string, text: string): boolean {
  try {
    return readFileSync(file, 'utf8') === text;
  } catch {
    return false;
  }
}
