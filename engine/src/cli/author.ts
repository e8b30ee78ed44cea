import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fixtureSource } from '../recordings/landmark_source.ts';
import { renderGuideGif } from '../guide/render_guide_gif.ts';
import { trackedGuideFrames } from '../guide/tracked_guide_frames.ts';
import { MovementClipError } from '../movement/build_movement_model.ts';
import { buildMovingSign } from '../recordings/build_moving_sign.ts';
import { buildReferenceSign } from '../reference/build_reference_sign.ts';
import type { ReferenceSign } from '../reference/reference_sign_schema.ts';
import { parseReferenceSign } from '../reference/reference_sign_schema.ts';
import { sourceToAngleFrames } from '../recordings/source_to_angle_frames.ts';
import { videoOrFrames } from '../tracker/node/node_track_file.ts';
import { trackToFixture } from '../tracker/node/node_track_to_fixture.ts';
import { parseFlags, requireFlag } from './parse_flags.ts';
import { parseTrackerFlags } from './track.ts';

export const authorUsage =
  'author --video <file or folder of frames> --sign <NAME> --out <folder> [--pose full|lite] [--hand full|lite] [--mirrored] [--hands-without-pose] [--no-palm] [--fps N] [--max-width N] [--guide-size 240]';

/**
 * A teacher's recording of one sign -> what the app needs to teach it, without touching code:
 * `<out>/<NAME>.json`, the SPEC `signs/{NAME}` record (angles per frame) keyed by `<NAME>.gif`,
 * with the course of the movement when the hand travels (a sign that moves, docs/engineer/moving-signs.md);
 * `<out>/<NAME>.gif`, the animated guide drawn from the tracked landmarks; and
 * `<out>/<NAME>.landmarks.json`, the tracked landmarks (fixture format) for checking.
 */
export async function runAuthor(args: readonly string[]): Promise<void> {
  const flags = parseFlags(args, {
    values: ['video', 'sign', 'out', 'pose', 'hand', 'fps', 'max-width', 'guide-size'],
    booleans: ['mirrored', 'hands-without-pose', 'no-palm'],
  });
  const options = parseTrackerFlags(flags);
  const video = requireFlag(flags, 'video');
  const sign = requireFlag(flags, 'sign');
  if (!/^[\w -]+$/.test(sign)) throw new Error(`--sign "${sign}": use letters, digits, spaces, - or _`);
  const out = requireFlag(flags, 'out');
  const guideSize = flags['guide-size'] === undefined ? 240 : Number(flags['guide-size']);

  const fixture = await trackToFixture(options, videoOrFrames(video, { fps: options.fps, maxWidth: options.maxWidth ?? 1280 }), video);
  const tracked = fixture.frames.filter((f) => f.pose || f.leftHand || f.rightHand).length;
  if (tracked === 0) throw new Error(`${video}: no body or hand found in any frame`);

  const guideFile = `${sign}.gif`;
  // A clip whose hand travels is a sign that moves (judged by its course, docs/engineer/moving-signs.md);
  // one whose hand stays put is a held handshape, judged frame by frame as before.
  const source = fixtureSource(sign, fixture);
  let record: ReferenceSign;
  let movement: string;
  try {
    record = buildMovingSign(source, guideFile, options.fps ?? 30);
    movement = `moving (${record.movement!.hand} hand, ${record.movement!.seconds} s)`;
  } catch (error) {
    if (!(error instanceof MovementClipError) || error.problem !== 'noMovement') throw error;
    record = buildReferenceSign(sourceToAngleFrames(source), guideFile);
    movement = 'held (the hand hardly moves)';
  }
  parseReferenceSign(sign, record);
  const gif = renderGuideGif(trackedGuideFrames(fixture, 36, options.mirrored), {
    size: guideSize,
    fps: 12,
    aspect: fixture.imageWidth / fixture.imageHeight,
  });
  await mkdir(out, { recursive: true });
  await writeFile(join(out, `${sign}.json`), JSON.stringify(record));
  await writeFile(join(out, guideFile), gif);
  await writeFile(join(out, `${sign}.landmarks.json`), JSON.stringify(fixture));
  const count = (key: 'pose' | 'leftHand' | 'rightHand') => fixture.frames.filter((f) => f[key]).length;
  console.log(
    JSON.stringify({
      sign,
      movement,
      frames: fixture.frames.length,
      found: { pose: count('pose'), leftHand: count('leftHand'), rightHand: count('rightHand') },
      backend: fixture.backend,
      written: [`${sign}.json`, guideFile, `${sign}.landmarks.json`].map((name) => join(out, name)),
    }),
  );
}
