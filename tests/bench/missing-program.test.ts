// A newcomer without ffmpeg runs the bench: one line says what is missing and how to install it,
// instead of a raw spawn stack (bench/clips/make-clips.mjs, reported by bench/run.ts).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');

it('says ffmpeg is missing and how to install it, with no stack', { timeout: 60_000 }, async () => {
  const base = mkdtempSync(join(tmpdir(), 'signlearn-noffmpeg-'));
  try {
    // A PATH with node and nothing else: no ffmpeg.
    const bin = join(base, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    const failure = await run(process.execPath, [join(root, 'bench', 'clips', 'make-clips.mjs')], {
      env: { PATH: bin, SIGNLEARN_CLIPS_DIR: join(base, 'clips') },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/ffmpeg is not installed; the bench makes its video clips with it\. Install it with `sudo apt-get install ffmpeg`/);
    expect(failure?.stderr).not.toMatch(/\n\s+at /);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});
