import { statSync } from 'node:fs';
import { createLandmarkFrame, type LandmarkFrame } from '../../core/landmark_frame.ts';
import { TRACKER_STAGE_COUNT } from '../constants.ts';
import type { LandmarkTracker } from '../landmark_tracker.ts';
import { decodeFrameFolder, decodeImageFile, decodeVideoFile, type RgbFrame } from './node_image.ts';
import { rgbPixels } from './node_tracker.ts';

/** What to track in Node: one image, a video file, or a folder of frames. */
export type TrackInput = { image: string } | { video: string; fps?: number; maxWidth?: number } | { frames: string; fps?: number };

/** `--video` given a folder means a folder of frames. */
export function videoOrFrames(path: string, options: { fps?: number; maxWidth?: number }): TrackInput {
  return statSync(path).isDirectory() ? { frames: path, fps: options.fps } : { video: path, ...options };
}

/**
 * Decodes the input and tracks each frame, calling `onFrame` with the landmarks (one reused
 * LandmarkFrame: copy what you keep), the decoded frame and the stage timings. Video frames are
 * tracked as a video (smoothing, tracking between frames); an image as a still.
 */
export async function trackFile(
  tracker: LandmarkTracker,
  input: TrackInput,
  onFrame: (landmarks: LandmarkFrame, frame: RgbFrame, stageTimings: Float64Array) => void | Promise<void>,
): Promise<number> {
  const out = createLandmarkFrame();
  const timings = new Float64Array(TRACKER_STAGE_COUNT);
  if ('image' in input) {
    const frame = await decodeImageFile(input.image);
    await tracker.trackStill(rgbPixels(frame), out, timings);
    await onFrame(out, frame, timings);
    return 1;
  }
  const frames = 'video' in input ? decodeVideoFile(input.video, input) : decodeFrameFolder(input.frames, input.fps);
  tracker.reset();
  let count = 0;
  for await (const frame of frames) {
    await tracker.track(rgbPixels(frame), frame.timestampMs, out, timings);
    await onFrame(out, frame, timings);
    count++;
  }
  tracker.reset();
  if (count === 0) throw new Error('no frames decoded');
  return count;
}

