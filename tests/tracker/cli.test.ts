// The tracker's commands: track (fixture out), author (reference record + guide), render-guides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { landmarkFixtureSchema } from '../../engine/src/recordings/landmark_fixture_schema.ts';
import { parseReferenceSign } from '../../engine/src/reference/reference_sign_schema.ts';
import { runAuthor } from '../../engine/src/cli/author.ts';
import { runRenderGuides } from '../../engine/src/cli/render_guides.ts';
import { runTrack } from '../../engine/src/cli/track.ts';
import { ALPHABET_DIR, PHOTOGRAPHS_DIR } from '../../server/paths.ts';

let dir: string;
let clip: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tracker-cli-'));
  // A 1 s clip made from the footballer photograph (generated, not committed).
  clip = join(dir, 'messi.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-loop', '1', '-i', join(PHOTOGRAPHS_DIR, 'messi5.jpg'), '-t', '0.6', '-r', '10', '-vf', 'scale=548:342,format=yuv420p', clip]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('track', () => {
  it('writes the landmark fixture of an image, with the backend', async () => {
    const out = join(dir, 'messi.json');
    await runTrack(['--image', join(PHOTOGRAPHS_DIR, 'messi5.jpg'), '--out', out]);
    const fixture = landmarkFixtureSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(fixture).toMatchObject({ format: 'signlearn-landmarks/1', imageWidth: 548, imageHeight: 342, backend: 'wasm-simd' });
    expect(fixture.frames).toHaveLength(1);
    expect(Object.keys(fixture.frames[0]!).sort()).toEqual(['leftHand', 'pose', 'rightHand', 't']);
  });

  it('writes one frame per video frame', async () => {
    const out = join(dir, 'clip.json');
    await runTrack(['--video', clip, '--out', out, '--pose', 'lite', '--hand', 'lite']);
    const fixture = landmarkFixtureSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(fixture.frames).toHaveLength(6);
    expect(fixture.frames.every((f) => f.pose && f.leftHand && f.rightHand)).toBe(true);
    expect(fixture.frames[1]!.t).toBeCloseTo(100);
  });

  it('refuses bad options clearly', async () => {
    await expect(runTrack([])).rejects.toThrow(/give --image or --video/);
    await expect(runTrack(['--image', 'x.jpg', '--pose', 'heavy'])).rejects.toThrow(/--pose must be full or lite/);
  });
});

describe('author', () => {
  it('turns a clip into a sign record keyed by its guide, the guide GIF and the landmarks', async () => {
    const out = join(dir, 'authored');
    await runAuthor(['--video', clip, '--sign', 'WAVE', '--out', out, '--pose', 'lite', '--hand', 'lite']);
    const record = parseReferenceSign('WAVE', JSON.parse(readFileSync(join(out, 'WAVE.json'), 'utf8')));
    const frames = record.configs['WAVE.gif']!;
    expect(frames).toHaveLength(6);
    expect(frames[0]!.pose).toBeDefined();
    expect(frames[0]!.left_hand?.angles).toHaveLength(16);
    const gif = await sharp(join(out, 'WAVE.gif'), { animated: true }).metadata();
    expect(gif.format).toBe('gif');
    expect(gif.width).toBe(240);
    expect(existsSync(join(out, 'WAVE.landmarks.json'))).toBe(true);
  });
});

describe('render-guides', () => {
  it('renders an animated GIF per alphabet letter, small', async () => {
    const out = join(dir, 'gifs');
    await runRenderGuides(['--in', ALPHABET_DIR, '--out', out]);
    for (const letter of ['A', 'J', 'Z']) {
      const file = join(out, `${letter}.gif`);
      const meta = await sharp(file, { animated: true }).metadata();
      expect(meta.format).toBe('gif');
      expect(meta.width).toBe(240);
      expect(meta.pages).toBe(36);
      expect(meta.loop).toBe(0);
      expect(readFileSync(file).byteLength).toBeLessThan(150_000);
    }
  });
});
