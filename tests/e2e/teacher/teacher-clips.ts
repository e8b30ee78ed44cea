// Video files for the teacher's page's browser tests, made at test time into a gitignored folder.
// No video of a person making a sign is in the repository, so the sign is made from a real
// photograph (data/photographs/messi5.jpg, a footballer in full body with his arms spread): his left
// forearm and hand, a half-disc right of the elbow, turned about the elbow frame by frame after a
// still lead-in (LEAD_IN_FRAMES), the rest of the picture still. Raised (the sign), raised at
// another pace (the sign again), and lowered (another sign). Also the bad inputs: a text file, a video with nobody in it, a video in
// which the person is gone for half of it, and a 40-minute video.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { PHOTOGRAPHS_DIR } from '../../../server/paths.ts';

const PHOTO = join(PHOTOGRAPHS_DIR, 'messi5.jpg');
const FPS = 15;
/** The photograph (548 x 342) 1.2 times its size, on a 4:3 frame (658 x 494). */
const WIDTH = 658;
const PICTURE_HEIGHT = 410;
const HEIGHT = 494;
/** His left elbow in that frame, and the half-disc turned about it. */
const ELBOW = { x: 384, y: 177 };
const RADIUS = 95;

async function frames(folder: string, angles: readonly number[]): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const base = await sharp(PHOTO).resize(WIDTH, PICTURE_HEIGHT).extend({ top: 0, bottom: HEIGHT - PICTURE_HEIGHT, left: 0, right: 0, background: '#101010' }).png().toBuffer();
  const size = 2 * RADIUS;
  const mask = Buffer.from(`<svg width="${size}" height="${size}"><path d="M ${RADIUS} 2 A ${RADIUS - 2} ${RADIUS - 2} 0 0 1 ${RADIUS} ${size - 2} Z" fill="white"/></svg>`);
  const region = await sharp(base).extract({ left: ELBOW.x - RADIUS, top: ELBOW.y - RADIUS, width: size, height: size }).png().toBuffer();
  for (const [i, angle] of angles.entries()) {
    const rotated = await sharp(region).rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
    const { width = size, height = size } = await sharp(rotated).metadata();
    const piece = await sharp(rotated)
      .extract({ left: Math.round((width - size) / 2), top: Math.round((height - size) / 2), width: size, height: size })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
    await sharp(base).composite([{ input: piece, left: ELBOW.x - RADIUS, top: ELBOW.y - RADIUS }]).toFile(join(folder, `frame-${String(i).padStart(3, '0')}.png`));
  }
}

/**
 * Frames the forearm is still before it turns. On this small photographed hand the tracker's first
 * landmarks (its crop from the palm detector) and those it settles to (its crop from the hand's own
 * landmarks, over 12-16 frames) differ by 0.3 shoulder widths in the palm's height and 1.6 times in
 * its size. The teacher's page tracks a file from a settled tracker (track-clip.ts, SETTLE_LOOKS);
 * a learner's camera looping the clip loses the hand where the raised forearm jumps back down and
 * finds it afresh, and settles again during the lead-in, before the movement comes round (without
 * it a learner's start could stay where no reference key pose is: 'Start with your left hand
 * higher' for minutes).
 */
export const LEAD_IN_FRAMES = 24;
/** Where the teacher's trim starts the sign: the hand still. */
export const LEAD_IN_TRIM = 16;

/** Still, then turning to `to` degrees over `moveFrames`, then still: one clip's angles. */
const course = (to: number, moveFrames: number) => [...Array<number>(LEAD_IN_FRAMES).fill(0), ...Array.from({ length: moveFrames }, (_, i) => (to * (i + 1)) / moveFrames), ...Array<number>(8).fill(to)];

function encode(folder: string, out: string): void {
  // Every frame a key frame: the page seeks frame by frame.
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-framerate', String(FPS), '-i', join(folder, 'frame-%03d.png'), '-c:v', 'libvpx', '-b:v', '2M', '-g', '1', '-pix_fmt', 'yuv420p', out]);
}

export interface TeacherClips {
  sign: string;
  again: string;
  other: string;
  notVideo: string;
  nobody: string;
  handLost: string;
  long: string;
}

export async function makeTeacherClips(folder: string): Promise<TeacherClips> {
  mkdirSync(folder, { recursive: true });
  const clips: TeacherClips = {
    sign: join(folder, 'raise-forearm.webm'),
    again: join(folder, 'raise-forearm-again.webm'),
    other: join(folder, 'lower-forearm.webm'),
    notVideo: join(folder, 'notes.txt'),
    nobody: join(folder, 'empty-room.webm'),
    handLost: join(folder, 'person-leaves.webm'),
    long: join(folder, 'forty-minutes.webm'),
  };
  // A clip is made once; its angles are written beside it, and a clip made from other angles (an
  // earlier recipe in the same folder) is made again.
  const make = async (out: string, angles: readonly number[]) => {
    const recipe = `${out}.angles.json`;
    const wanted = JSON.stringify(angles);
    if (existsSync(out) && existsSync(recipe) && readFileSync(recipe, 'utf8') === wanted) return;
    const tmp = `${out}.frames`;
    rmSync(tmp, { recursive: true, force: true });
    await frames(tmp, angles);
    encode(tmp, out);
    rmSync(tmp, { recursive: true, force: true });
    writeFileSync(recipe, wanted);
  };
  await make(clips.sign, course(-60, 23));
  await make(clips.again, course(-60, 15));
  await make(clips.other, course(40, 23));
  if (!existsSync(clips.notVideo)) writeFileSync(clips.notVideo, 'Notes for the lesson: HELLO, THANK YOU.\n');
  if (!existsSync(clips.nobody)) {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x808080:s=${WIDTH}x${HEIGHT}:r=${FPS}`, '-t', '2', '-c:v', 'libvpx', '-g', '1', '-pix_fmt', 'yuv420p', clips.nobody]);
  }
  if (!existsSync(clips.handLost)) {
    // The person for 1 s, then 2 s of an empty grey frame.
    execFileSync('ffmpeg', [
      '-v', 'error', '-y', '-loop', '1', '-framerate', String(FPS), '-t', '1', '-i', PHOTO,
      '-f', 'lavfi', '-t', '2', '-i', `color=c=0x808080:s=${WIDTH}x${HEIGHT}:r=${FPS}`,
      '-filter_complex', `[0:v]scale=${WIDTH}:${PICTURE_HEIGHT},pad=${WIDTH}:${HEIGHT}:0:0:color=0x101010,setsar=1,format=yuv420p[a];[1:v]setsar=1,format=yuv420p[b];[a][b]concat=n=2:v=1:a=0[out]`,
      '-map', '[out]', '-c:v', 'libvpx', '-g', '1', clips.handLost,
    ]);
  }
  if (!existsSync(clips.long)) {
    // 40 minutes of a tiny grey picture, one frame a second: a few hundred kilobytes.
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x808080:s=64x48:r=1', '-t', '2400', '-c:v', 'libvpx', '-pix_fmt', 'yuv420p', clips.long]);
  }
  return clips;
}
