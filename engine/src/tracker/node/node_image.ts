import { spawn, execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import sharp from 'sharp';

/** A decoded RGB frame: `data` holds width * height * 3 bytes. */
export interface RgbFrame {
  data: Uint8Array;
  width: number;
  height: number;
  timestampMs: number;
}

/** Decodes an image file (JPEG, PNG, WebP...) to RGB. */
export async function decodeImageFile(path: string, options: { flop?: boolean } = {}): Promise<RgbFrame> {
  let image = sharp(path).rotate().removeAlpha();
  if (options.flop) image = image.flop();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, timestampMs: 0 };
}

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.bmp', '.tif', '.tiff']);

/** The image files of a folder of frames, in natural order (frame_2 before frame_10). */
export function listFrameFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => IMAGE_EXTENSIONS.has(extname(name).toLowerCase()))
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
    .map((name) => join(folder, name));
}

/** Decodes each image of a folder as one frame, `fps` apart. */
export async function* decodeFrameFolder(folder: string, fps = 30): AsyncGenerator<RgbFrame> {
  let index = 0;
  for (const file of listFrameFiles(folder)) {
    const frame = await decodeImageFile(file);
    frame.timestampMs = (index++ * 1000) / fps;
    yield frame;
  }
}

interface VideoInfo {
  width: number;
  height: number;
  fps: number;
}

function probeVideo(path: string): VideoInfo {
  const json = execFileSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,avg_frame_rate,r_frame_rate', '-of', 'json', path],
    { encoding: 'utf8' },
  );
  const stream = (JSON.parse(json) as { streams: Array<Record<string, string | number>> }).streams[0];
  if (!stream) throw new Error(`No video stream in ${path}`);
  const rate = String(stream.avg_frame_rate !== '0/0' ? stream.avg_frame_rate : stream.r_frame_rate);
  const [num, den] = rate.split('/').map(Number);
  const fps = num && den ? num / den : 30;
  return { width: Number(stream.width), height: Number(stream.height), fps };
}

/**
 * Decodes a video file to RGB frames with ffmpeg (from apt). `maxWidth` scales larger videos down
 * (the models work on 256 and 224 pixel crops; decoding 4K frames only costs time); `fps`
 * resamples the frame rate.
 */
export async function* decodeVideoFile(
  path: string,
  options: { maxWidth?: number; fps?: number } = {},
): AsyncGenerator<RgbFrame> {
  const info = probeVideo(path);
  let width = info.width;
  let height = info.height;
  const filters: string[] = [];
  if (options.fps) filters.push(`fps=${options.fps}`);
  if (options.maxWidth && width > options.maxWidth) {
    height = Math.round((height * options.maxWidth) / width / 2) * 2;
    width = options.maxWidth;
    filters.push(`scale=${width}:${height}`);
  }
  const fps = options.fps ?? info.fps;
  const args = ['-v', 'error', '-i', path];
  if (filters.length > 0) args.push('-vf', filters.join(','));
  args.push('-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1');
  const ffmpeg = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  ffmpeg.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) => resolve(code ?? 1));
  });
  const frameBytes = width * height * 3;
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  for await (const chunk of ffmpeg.stdout as AsyncIterable<Buffer>) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= frameBytes) {
      const data = new Uint8Array(frameBytes);
      data.set(pending.subarray(0, frameBytes));
      pending = pending.subarray(frameBytes);
      yield { data, width, height, timestampMs: (index++ * 1000) / fps };
    }
  }
  const code = await exited;
  if (code !== 0) throw new Error(`ffmpeg could not decode ${path}: ${stderr.trim()}`);
}
