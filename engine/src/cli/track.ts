import { writeFile } from 'node:fs/promises';
import { TRACKER_STAGE_NAMES } from '../tracker/constants.ts';
import { videoOrFrames, type TrackInput } from '../tracker/node/node_track_file.ts';
import { trackToFixture } from '../tracker/node/node_track_to_fixture.ts';
import type { HandModelType, PoseModelType } from '../tracker/types.ts';
import { parseFlags } from './parse_flags.ts';

export const trackUsage =
  'track (--image <file> | --video <file or folder of frames>) [--out <fixture .json>] [--pose full|lite] [--hand full|lite] [--mirrored] [--hands-without-pose] [--no-palm] [--fps N] [--max-width N] [--timings]';

export function parseTrackerFlags(flags: Record<string, string | boolean>) {
  const pose = (flags.pose ?? 'full') as string;
  const hand = (flags.hand ?? 'full') as string;
  if (pose !== 'full' && pose !== 'lite') throw new Error(`--pose must be full or lite, got "${pose}"`);
  if (hand !== 'full' && hand !== 'lite') throw new Error(`--hand must be full or lite, got "${hand}"`);
  const number = (name: string) => {
    if (flags[name] === undefined) return undefined;
    const value = Number(flags[name]);
    if (!(value > 0)) throw new Error(`--${name} must be a positive number, got "${String(flags[name])}"`);
    return value;
  };
  return {
    poseModel: pose as PoseModelType,
    handModel: hand as HandModelType,
    mirrored: flags.mirrored === true,
    handsWithoutPose: flags['hands-without-pose'] === true,
    palmDetection: flags['no-palm'] !== true,
    fps: number('fps'),
    maxWidth: number('max-width'),
  };
}

/**
 * Tracks an image or a video with the engine's tracker (Node, WASM) and prints (or writes with
 * --out) the landmark frames in the fixture format (engine/src/recordings/landmark_fixture_schema.ts).
 */
export async function runTrack(args: readonly string[]): Promise<void> {
  const flags = parseFlags(args, {
    values: ['image', 'video', 'out', 'pose', 'hand', 'fps', 'max-width'],
    booleans: ['mirrored', 'hands-without-pose', 'no-palm', 'timings'],
  });
  const options = parseTrackerFlags(flags);
  let input: TrackInput;
  if (typeof flags.image === 'string') input = { image: flags.image };
  else if (typeof flags.video === 'string') input = videoOrFrames(flags.video, { fps: options.fps, maxWidth: options.maxWidth });
  else throw new Error(`give --image or --video\nusage: ${trackUsage}`);

  const totals = new Float64Array(TRACKER_STAGE_NAMES.length);
  const fixture = await trackToFixture(options, input, String(flags.image ?? flags.video), (timings) => {
    for (let i = 0; i < totals.length; i++) totals[i]! += timings[i]!;
  });
  const json = JSON.stringify(fixture);
  if (flags.timings === true) {
    const n = fixture.frames.length;
    const perStage = Object.fromEntries(TRACKER_STAGE_NAMES.map((name, i) => [name, Math.round((totals[i]! / n) * 10) / 10]));
    console.error(JSON.stringify({ frames: n, backend: fixture.backend, msPerFrame: perStage }));
  }
  if (typeof flags.out === 'string') {
    await writeFile(flags.out, json);
    const found = (key: 'pose' | 'leftHand' | 'rightHand') => fixture.frames.filter((f) => f[key]).length;
    console.log(
      JSON.stringify({ out: flags.out, frames: fixture.frames.length, backend: fixture.backend, pose: found('pose'), leftHand: found('leftHand'), rightHand: found('rightHand') }),
    );
  } else {
    console.log(json);
  }
}
