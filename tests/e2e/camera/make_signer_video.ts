// The fake camera's video of a real person fingerspelling: photographs of real people
// (data/real-photos), each held `holdS` seconds with `gapS` seconds of no hand (a plain grey
// frame) before each, letterboxed to 640x480 (4:3, as the product's camera) at 15 fps, as Y4M (what
// Chromium's --use-file-for-fake-video-capture reads; it loops the file). Made at test time with
// ffmpeg into a gitignored folder, not committed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface SignerVideoOptions {
  holdS?: number;
  gapS?: number;
  fps?: number;
}

export function makeSignerVideo(outFolder: string, photos: readonly string[], options: SignerVideoOptions = {}): string {
  const { holdS = 3, gapS = 1, fps = 15 } = options;
  mkdirSync(outFolder, { recursive: true });
  const name = photos.map((p) => basename(p).split(/[._]/)[0]).join('-');
  const out = join(outFolder, `signer-${name}-${holdS}s-${gapS}s-${fps}fps.y4m`);
  if (existsSync(out)) return out;
  const inputs: string[] = [];
  const filters: string[] = [];
  const parts: string[] = [];
  photos.forEach((photo, i) => {
    // Input 2i: the gap (no hand), 2i+1: the photograph held.
    inputs.push('-f', 'lavfi', '-t', String(gapS), '-i', `color=c=0x808080:s=640x480:r=${fps}`);
    inputs.push('-loop', '1', '-framerate', String(fps), '-t', String(holdS), '-i', photo);
    filters.push(`[${2 * i}:v]setsar=1,format=yuv420p[g${i}]`);
    filters.push(`[${2 * i + 1}:v]scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2:color=0x808080,setsar=1,fps=${fps},format=yuv420p[p${i}]`);
    parts.push(`[g${i}][p${i}]`);
  });
  filters.push(`${parts.join('')}concat=n=${2 * photos.length}:v=1:a=0[out]`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', filters.join(';'), '-map', '[out]', '-r', String(fps), '-f', 'yuv4mpegpipe', out]);
  return out;
}
