// The fake camera's video: the fixture photograph of a footballer with his arms spread, letterboxed
// to 640x480 (4:3, as the product's 1280x960 camera), 2 s at 15 fps, as Y4M (what Chromium's
// --use-file-for-fake-video-capture reads; it loops the file). Generated at test time, not committed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export function makeFakeCameraVideo(outFolder: string, image: string): string {
  mkdirSync(outFolder, { recursive: true });
  const out = join(outFolder, 'fake-camera.y4m');
  if (existsSync(out)) return out;
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-loop', '1', '-i', image, '-t', '2', '-r', '15',
    '-vf', 'scale=640:-2,pad=640:480:(ow-iw)/2:(oh-ih)/2,format=yuv420p',
    '-f', 'yuv4mpegpipe', out,
  ]);
  return out;
}
