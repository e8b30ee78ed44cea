// Our tracker on the real photographs in video mode: each photograph fed to the tracker's video
// path (`track` with timestamps, as the app's camera loop and `npm run engine -- track --video`
// run it: body-driven hand crops, hands followed from their last landmarks, the palm detector only
// to re-acquire a lost hand, the pose smoothed) as a still camera at VIDEO_FPS, from a fresh
// tracker state (a new person steps in). The tracker's other settings are the camera's
// (createNodeTracker's defaults: unmirrored, no hands without a body). Every frame's landmarks
// are cached like still mode's (track_photos.ts), in
// bench/results/signers/tracker-video-<version>-<frames>f-<tracked>tracked-settled<n>.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cloneLandmarkFrame, createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part, POINT_STRIDE, X, Y } from '../../engine/src/core/landmark_layout.ts';
import type { LandmarkTracker } from '../../engine/src/tracker/landmark_tracker.ts';
import type { PixelFrame } from '../../engine/src/tracker/types.ts';
import { HELD_SIGN_SCHEDULE } from '../../engine/src/practice/tracking_schedule_for_sign.ts';
import { JUDGED_FPS } from './judge_photo.ts';
import { photoKey } from './photos.ts';
import { fromCached, MODEL_FOLDER, toCached, trackerVersion, type CachedLandmarks, type TrackPhotosOptions } from './track_photos.ts';

/**
 * A still camera at the judged rate (each tracked frame is one judged frame), for VIDEO_FRAMES
 * frames at most: the photograph as a 40-frame clip, as the issue that set the camera path's target
 * measured other people's photographs (`npm run engine -- track --video --hands-without-pose`).
 * The palm detector's round of turns (PALM_TURNS_DEGREES, one a frame while no hand is found)
 * fits in it more than twice.
 */
export const VIDEO_FPS = JUDGED_FPS;
export const VIDEO_FRAMES = 40;
/**
 * Once a hand is found the camera goes on for TRACKED_FRAMES more frames (a second of tracking the
 * hand from its own landmarks, the pose smoothed), or less: it stops once the landmarks have
 * settled, SETTLED_FRAMES frames in a row with the same parts found and no landmark moving more
 * than SETTLED_MOVE (normalised to the frame) from one frame to the next. The image does not
 * change, so the frames after are much the same again (the judge holds the last one). A photograph
 * with no hand found is tracked for all VIDEO_FRAMES. The 170 photographs then take about 5000
 * frames, 10 minutes on 2 shared cores.
 */
export const TRACKED_FRAMES = VIDEO_FPS;
export const SETTLED_FRAMES = 10;
export const SETTLED_MOVE = 0.002;

/**
 * Whether two frames found the same parts, a hand among them, none of whose landmarks moved more
 * than SETTLED_MOVE. Frames with no hand never count as settled: the palm detector is still
 * looking, a new turn of the frame on each frame of its round.
 */
export function sameLandmarks(a: LandmarkFrame, b: LandmarkFrame): boolean {
  for (let part = 0; part < a.present.length; part++) if (a.present[part] !== b.present[part]) return false;
  if (!a.present[Part.leftHand] && !a.present[Part.rightHand]) return false;
  const parts = [
    [Part.pose, a.pose, b.pose],
    [Part.leftHand, a.leftHand, b.leftHand],
    [Part.rightHand, a.rightHand, b.rightHand],
  ] as const;
  for (const [part, x, y] of parts) {
    if (!a.present[part]) continue;
    for (let i = 0; i < x.length; i += POINT_STRIDE) {
      if (Math.abs(x[i + X]! - y[i + X]!) > SETTLED_MOVE || Math.abs(x[i + Y]! - y[i + Y]!) > SETTLED_MOVE) return false;
    }
  }
  return true;
}

/**
 * Tracks one image as up to `frames` frames of a still camera from a fresh state, as
 * node_track_file.ts's video path does (reset, `track` per frame with its timestamp, reset);
 * stops `trackedFrames` frames after the first hand, or once the landmarks have settled
 * (`settled` frames in a row the same); `settled` 0: all `frames`.
 */
export async function trackStillCamera(
  tracker: LandmarkTracker,
  pixels: PixelFrame,
  frames: number,
  { settled = SETTLED_FRAMES, trackedFrames = TRACKED_FRAMES, fps = VIDEO_FPS } = {},
): Promise<LandmarkFrame[]> {
  const out = createLandmarkFrame();
  const tracked: LandmarkFrame[] = [];
  tracker.reset();
  try {
    let same = 0;
    let firstHand = -1;
    for (let i = 0; i < frames; i++) {
      await tracker.track(pixels, (i * 1000) / fps, out);
      const previous = tracked[tracked.length - 1];
      tracked.push(cloneLandmarkFrame(out));
      if (firstHand < 0 && (out.present[Part.leftHand] || out.present[Part.rightHand])) firstHand = i;
      same = previous && sameLandmarks(previous, out) ? same + 1 : 0;
      if (settled > 0 && (same >= settled || (firstHand >= 0 && i >= firstHand + trackedFrames))) break;
    }
  } finally {
    tracker.reset();
  }
  return tracked;
}

export interface TrackedVideos {
  version: string;
  frameCount: number;
  /** By photoKey: the frames as the camera gave them (fewer than frameCount once a hand was found). */
  frames: Map<string, LandmarkFrame[]>;
  trackedNow: number;
  backend: Record<string, unknown>;
  /** Median wall time of one tracked frame in this run, ms (null when all came from the cache). */
  msPerFrame: number | null;
}

/**
 * `handsWithoutPose`: hands looked for without a body too (close-up recordings; the app's camera
 * does too). `scheduled`: on a held letter's tracking schedule (HELD_SIGN_SCHEDULE), as the camera
 * screen tracks a letter.
 */
export async function trackPhotosAsVideo(options: TrackPhotosOptions & { frameCount?: number; handsWithoutPose?: boolean; scheduled?: boolean }): Promise<TrackedVideos> {
  const { root, photos, log } = options;
  const frameCount = options.frameCount ?? VIDEO_FRAMES;
  const withoutBody = options.handsWithoutPose === true;
  const schedule = options.scheduled ? HELD_SIGN_SCHEDULE : null;
  const scheduleName = schedule ? `held-letter schedule (the body and the other hand every ${schedule.poseEvery} frames)` : '';
  const version = trackerVersion(root);
  const cacheFile = options.cacheDir ? join(options.cacheDir, `tracker-video-${version}-${frameCount}f-${TRACKED_FRAMES}tracked-settled${SETTLED_FRAMES}${withoutBody ? '-without-body' : ''}${schedule ? `-schedule${schedule.poseEvery}-${schedule.otherHandEvery}` : ''}.json`) : null;
  const cache: Record<string, CachedLandmarks[]> = cacheFile && existsSync(cacheFile) ? (JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, CachedLandmarks[]>) : {};
  const missing = photos.filter((p) => !cache[photoKey(p)]);
  if (cacheFile) log(`signers: our tracker in video mode (code version ${version}, up to ${frameCount} frames a photograph${withoutBody ? ', hands without a body too' : ''}${schedule ? `, ${scheduleName}` : ''}): ${photos.length - missing.length} of ${photos.length} photographs cached, ${missing.length} to track`);
  let backend: Record<string, unknown> = {};
  const times: number[] = [];
  if (missing.length > 0) {
    const { createNodeTracker, rgbPixels } = await import('../../engine/src/tracker/node/node_tracker.ts');
    const { decodeImageFile } = await import('../../engine/src/tracker/node/node_image.ts');
    const created = await createNodeTracker({ modelBaseUrl: join(root, MODEL_FOLDER), handsWithoutPose: withoutBody, schedule });
    backend = { library: 'signlearn engine tracker', ...created.backend, node: process.version, mode: `track (video), up to ${frameCount} frames at ${VIDEO_FPS} fps, ${TRACKED_FRAMES} after the first hand or until settled${withoutBody ? ', hands without a body too' : ''}${schedule ? `, ${scheduleName}` : ''}` };
    try {
      for (let i = 0; i < missing.length; i++) {
        const photo = missing[i]!;
        if (i % 20 === 0) log(`signers: tracking photographs ${i + 1}-${Math.min(i + 20, missing.length)} of ${missing.length} (WASM, video mode, up to ${frameCount} frames each)`);
        const image = await decodeImageFile(join(root, photo.path));
        const start = performance.now();
        const frames = await trackStillCamera(created.tracker, rgbPixels(image), frameCount);
        times.push((performance.now() - start) / frames.length);
        cache[photoKey(photo)] = frames.map(toCached);
        if (cacheFile && (i % 20 === 19 || i === missing.length - 1)) {
          mkdirSync(options.cacheDir!, { recursive: true });
          writeFileSync(cacheFile, JSON.stringify(cache));
        }
      }
    } finally {
      created.tracker.dispose();
    }
  }
  const frames = new Map<string, LandmarkFrame[]>();
  for (const photo of photos) frames.set(photoKey(photo), cache[photoKey(photo)]!.map(fromCached));
  times.sort((a, b) => a - b);
  return { version, frameCount, frames, trackedNow: missing.length, backend, msPerFrame: times.length ? Math.round(times[Math.floor(times.length / 2)]!) : null };
}
