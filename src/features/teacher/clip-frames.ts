// A teacher's clip as the landmark frames the tracker found in it, each with its time in the clip:
// what the engine builds a sign from, trims, and judges a take by.
import { cloneLandmarkFrame, copyLandmarkFrame, type LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import type { LandmarkSource } from '@signlearn/engine/recordings/landmark_source';

export interface Clip {
  /** What the teacher recorded or picked, for the page: 'the camera' or the file's name. */
  label: string;
  /** Every tracked frame in order, timestampMs its time in the clip. */
  frames: LandmarkFrame[];
}

/** Frames [start, end] of the clip, their times from 0, as a landmark source for the engine. */
export function clipSource(name: string, frames: readonly LandmarkFrame[], start = 0, end = frames.length - 1): LandmarkSource {
  const kept = frames.slice(start, end + 1);
  const t0 = kept[0]?.timestampMs ?? 0;
  return {
    name,
    frameCount: kept.length,
    read(index, out) {
      const frame = kept[index]!;
      copyLandmarkFrame(frame, out);
      out.timestampMs = frame.timestampMs - t0;
    },
  };
}

/** A copy of the tracker's frame (it reuses its two frames), at `timeMs` in the clip. */
export function keepFrame(frame: LandmarkFrame, timeMs: number): LandmarkFrame {
  const copy = cloneLandmarkFrame(frame);
  copy.timestampMs = timeMs;
  return copy;
}
