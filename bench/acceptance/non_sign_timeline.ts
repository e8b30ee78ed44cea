// A non-sign video file as the camera showed it. data/non-signs keeps only a video's frames in which
// the tracker found a hand, each with its time in the clip (`t`); replaying those frames back to
// back would show the camera a hand that jumps between far-apart moments of the clip 30 times a
// second (vtest-walk: 5 frames from 2.3 s of a man walking; looped, a hand flicking between five
// places), a movement nobody made and the judge then reads as a traced letter. Laid out on the
// clip's own clock instead, a frame is shown for as long as it was filmed, and the moments the
// tracker found no hand show no hand.
import { createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';

/**
 * `frames` (a video's frames with a hand, their `timestampMs` the time in the clip, filmed at
 * `filmedFps`) as frames at `fps` from the clip's start to the end of its last kept frame: each
 * moment shows the kept frame filmed then, or a frame with nothing found. A still image (one frame,
 * or `filmedFps` null) is returned as it is. The frames with nothing share one object.
 */
export function nonSignAsFilmed(frames: readonly LandmarkFrame[], filmedFps: number | null, fps: number): LandmarkFrame[] {
  if (filmedFps === null || frames.length < 2) return [...frames];
  if (!(filmedFps > 0) || !(fps > 0)) throw new Error(`nonSignAsFilmed: frame rates must be positive (filmed ${filmedFps}, replayed ${fps})`);
  const filmedMs = 1000 / filmedFps;
  for (let i = 1; i < frames.length; i++) {
    if (frames[i]!.timestampMs < frames[i - 1]!.timestampMs + filmedMs / 2) {
      throw new Error(`nonSignAsFilmed: frame ${i} (t ${frames[i]!.timestampMs} ms) is not a later filmed frame than ${frames[i - 1]!.timestampMs} ms at ${filmedFps} frames/s`);
    }
  }
  const nothing = createLandmarkFrame();
  nothing.imageWidth = frames[0]!.imageWidth;
  nothing.imageHeight = frames[0]!.imageHeight;
  const endMs = frames.at(-1)!.timestampMs + filmedMs;
  const out: LandmarkFrame[] = [];
  let k = 0;
  // Half a replayed frame's step of slack: the clip's times are rounded (33.33 ms).
  const slack = 500 / fps;
  for (let i = 0; (i * 1000) / fps < endMs - slack; i++) {
    const ms = (i * 1000) / fps;
    while (k < frames.length - 1 && frames[k + 1]!.timestampMs <= ms + slack) k++;
    const frame = frames[k]!;
    const shown = frame.timestampMs <= ms + slack && ms + slack < frame.timestampMs + filmedMs;
    out.push(shown ? frame : nothing);
  }
  return out;
}
