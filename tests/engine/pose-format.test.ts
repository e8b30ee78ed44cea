import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { HandPoint, Part, POINT_STRIDE, PosePoint, X, Y } from '../../engine/src/core/landmark_layout.ts';
import { estimateDepthScale } from '../../engine/src/handshape/estimate_depth_scale.ts';
import { loadFingerspellingFolder, type FingerspellingFolder } from '../../engine/src/node/load_fingerspelling_folder.ts';
import { holisticFrameToLandmarks } from '../../engine/src/recordings/holistic_frame_to_landmarks.ts';
import { holisticLayout } from '../../engine/src/recordings/holistic_layout.ts';
import { PoseFormatError } from '../../engine/src/recordings/pose_format_cursor.ts';
import { readPoseFile } from '../../engine/src/recordings/read_pose_file.ts';

const data = join(import.meta.dirname, '..', '..', 'data');
const folders = new Map<string, FingerspellingFolder>();
let aBytes: Uint8Array;

beforeAll(async () => {
  for (const code of ['asq', 'bzs']) folders.set(code, await loadFingerspellingFolder(join(data, `fingerspelling-${code}`)));
  const index = (await readFile(join(data, 'fingerspelling-asq', 'index.csv'), 'utf8')).split('\n');
  const a = index.find((line) => line.split(',')[5] === 'A')!.split(',')[0]!.split('/')[1]!;
  aBytes = new Uint8Array(await readFile(join(data, 'fingerspelling-asq', a)));
});

/** A tiny pose-format file written field by field, for the cases no real file shows. */
function encode(fields: Array<['f32' | 'u16' | 'u32', number] | ['str', string]>): Uint8Array {
  const chunks: number[] = [];
  const view = new DataView(new ArrayBuffer(4));
  for (const [kind, value] of fields) {
    if (kind === 'str') {
      const bytes = new TextEncoder().encode(value);
      view.setUint16(0, bytes.length, true);
      chunks.push(view.getUint8(0), view.getUint8(1), ...bytes);
    } else if (kind === 'u16') {
      view.setUint16(0, value, true);
      chunks.push(view.getUint8(0), view.getUint8(1));
    } else {
      if (kind === 'f32') view.setFloat32(0, value, true);
      else view.setUint32(0, value, true);
      chunks.push(view.getUint8(0), view.getUint8(1), view.getUint8(2), view.getUint8(3));
    }
  }
  return Uint8Array.from(chunks);
}

/** A v0.1 header: one component "P" of two points x, y, confidence, one limb, no colour. */
const header01 = (limbTo = 1): Array<['f32' | 'u16' | 'u32', number] | ['str', string]> => [
  ['f32', 0.1], ['u16', 640], ['u16', 480], ['u16', 0], ['u16', 1],
  ['str', 'P'], ['str', 'XYC'], ['u16', 2], ['u16', 1], ['u16', 0], ['str', 'a'], ['str', 'b'], ['u16', 0], ['u16', limbTo],
];

describe('pose-format reader on the real fingerspelling lexicon files', () => {
  it('reads every letter of both languages: v0.2, MediaPipe Holistic components, one person', () => {
    expect([...folders.get('asq')!.letters.keys()]).toHaveLength(31);
    expect([...folders.get('bzs')!.letters.keys()]).toHaveLength(27);
    for (const folder of folders.values()) {
      for (const { file } of folder.letters.values()) {
        expect(file.header.version).toBe(0.2);
        expect([file.header.width, file.header.height]).toEqual([500, 500]);
        expect(file.header.components.map((c) => `${c.name}:${c.format}:${c.points.length}`)).toEqual([
          'POSE_LANDMARKS:XYZC:33', 'FACE_LANDMARKS:XYZC:478', 'LEFT_HAND_LANDMARKS:XYZC:21', 'RIGHT_HAND_LANDMARKS:XYZC:21', 'POSE_WORLD_LANDMARKS:XYZC:33',
        ]);
        const { body } = file;
        expect([body.peopleCount, body.pointCount, body.dimensions]).toEqual([1, 586, 3]);
        expect(body.frameCount).toBeGreaterThan(15);
        expect(body.data).toHaveLength(body.frameCount * 586 * 3);
      }
    }
    const confidences = (code: string) => [...folders.get(code)!.letters.values()].flatMap((r) => [Math.min(...r.file.body.confidence), Math.max(...r.file.body.confidence)]);
    // asq kept its frames as filmed (25 fps); bzs was resampled in time by its authors, and the
    // interpolation overshoots the confidences of a few frames past 1.
    expect([Math.min(...confidences('asq')), Math.max(...confidences('asq'))]).toEqual([0, 1]);
    expect(Math.max(...confidences('bzs'))).toBeGreaterThan(1);
    expect(Math.max(...confidences('bzs'))).toBeLessThan(1.1);
    expect(new Set([...folders.get('asq')!.letters.values()].map((r) => r.file.body.fps))).toEqual(new Set([25]));
  });

  it("names the points in the order the engine's PosePoint and HandPoint indices assume", () => {
    const { header } = folders.get('asq')!.letters.get('A')!.file;
    const pose = header.components[0]!.points;
    for (const [name, index] of Object.entries(PosePoint)) expect(pose[index]).toBe(name.replace(/([A-Z])/g, '_$1').toUpperCase());
    const hand = header.components[3]!.points;
    const handNames: Record<string, string> = { indexMcp: 'INDEX_FINGER_MCP', indexPip: 'INDEX_FINGER_PIP', indexDip: 'INDEX_FINGER_DIP', indexTip: 'INDEX_FINGER_TIP', middleMcp: 'MIDDLE_FINGER_MCP', middlePip: 'MIDDLE_FINGER_PIP', middleDip: 'MIDDLE_FINGER_DIP', middleTip: 'MIDDLE_FINGER_TIP', ringMcp: 'RING_FINGER_MCP', ringPip: 'RING_FINGER_PIP', ringDip: 'RING_FINGER_DIP', ringTip: 'RING_FINGER_TIP' };
    for (const [name, index] of Object.entries(HandPoint)) expect(hand[index]).toBe(handNames[name] ?? name.replace(/([A-Z])/g, '_$1').toUpperCase());
  });

  it('reads an ArrayBuffer and a Uint8Array view into the middle of a buffer alike', () => {
    const padded = new Uint8Array(aBytes.length + 3);
    padded.set(aBytes, 3);
    const fromView = readPoseFile(padded.subarray(3));
    const fromBuffer = readPoseFile(aBytes.slice().buffer);
    expect(fromView.body.data).toEqual(fromBuffer.body.data);
    expect(fromView.body.confidence).toEqual(fromBuffer.body.confidence);
  });
});

describe('pose-format reader on malformed files', () => {
  const failure = (bytes: Uint8Array) => {
    try {
      readPoseFile(bytes);
    } catch (error) {
      expect(error).toBeInstanceOf(PoseFormatError);
      return error as PoseFormatError;
    }
    throw new Error('read a malformed file without complaint');
  };

  it('names the byte offset where a truncated file ends', () => {
    const inHeader = failure(aBytes.subarray(0, 20));
    expect(inHeader.message).toMatch(/POSE_LANDMARKS|component 0/);
    expect(inHeader.offset).toBeLessThanOrEqual(20);
    const inBody = failure(aBytes.subarray(0, aBytes.length - 10));
    expect(inBody.message).toMatch(/confidences of \d+ frames/);
    expect(inBody.message).toContain(`at byte ${inBody.offset}`);
    expect(inBody.offset).toBeGreaterThan(20000);
  });

  it('refuses bytes after the body, an unknown version and a limb beyond the points', () => {
    const longer = new Uint8Array(aBytes.length + 4);
    longer.set(aBytes);
    expect(failure(longer).offset).toBe(aBytes.length);
    const version = aBytes.slice();
    new DataView(version.buffer).setFloat32(0, 0.3, true);
    expect(failure(version)).toMatchObject({ offset: 0, message: expect.stringMatching(/version 0.3/) });
    const limb = encode([...header01(7), ['u16', 30], ['u16', 1], ['u16', 1]]);
    expect(failure(limb).message).toMatch(/limb 0 \(0, 7\) names a point beyond its 2/);
  });

  it('reads v0.1 bodies, counting the frames from the bytes left (the stored uint16 count can overflow)', () => {
    const frame = (v: number): Array<['f32', number]> => [['f32', v], ['f32', v + 1], ['f32', v + 2], ['f32', v + 3]];
    const body: Array<['f32' | 'u16', number]> = [['u16', 30], ['u16', 0], ['u16', 1], ...frame(0), ...frame(10), ...frame(20), ['f32', 1], ['f32', 0.5], ['f32', 1], ['f32', 0.5], ['f32', 0], ['f32', 0]];
    const file = readPoseFile(encode([...header01(), ...body]));
    expect(file.body).toMatchObject({ fps: 30, frameCount: 3, peopleCount: 1, pointCount: 2, dimensions: 2 });
    expect(Array.from(file.body.data)).toEqual([0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23]);
    expect(Array.from(file.body.confidence)).toEqual([1, 0.5, 1, 0.5, 0, 0]);
    expect(failure(encode([...header01(), ...body, ['u16', 1]])).message).toMatch(/do not make whole frames/);
  });
});

describe('MediaPipe Holistic recordings -> the engine landmark frame', () => {
  it('keeps camera coordinates: shoulders normalised 200 px apart about the middle of the 500 px frame, the right hand on the image left', () => {
    const frame = createLandmarkFrame();
    for (const [code, folder] of folders) {
      for (const [letter, recording] of folder.letters) {
        holisticFrameToLandmarks(recording.file, recording.layout, 0, folder.depthScale, frame);
        expect(frame.present[Part.pose], `${code} ${letter}`).toBe(1);
        expect(frame.imageWidth).toBe(500);
        const right = frame.pose[PosePoint.rightShoulder * POINT_STRIDE + X]!, left = frame.pose[PosePoint.leftShoulder * POINT_STRIDE + X]!;
        expect(left - right).toBeCloseTo(0.4, 1);
        expect((left + right) / 2).toBeCloseTo(0.5, 1);
        expect(frame.pose[PosePoint.rightShoulder * POINT_STRIDE + Y]!).toBeCloseTo(0.5, 1);
        // The signing hand: the signer's right, Holistic's RIGHT_HAND, seen on the image's left (unmirrored).
        const signing = recording.file.body.frameCount >> 1;
        holisticFrameToLandmarks(recording.file, recording.layout, signing, folder.depthScale, frame);
        expect(frame.present[Part.rightHand], `${code} ${letter}`).toBe(1);
        expect(frame.present[Part.leftHand], `${code} ${letter}`).toBe(0);
        expect(frame.rightHand[HandPoint.wrist * POINT_STRIDE + X]!).toBeLessThan(0.5);
        expect(frame.timestampMs).toBeCloseTo((signing * 1000) / recording.file.body.fps, 6);
        for (let i = 0; i < 21; i++) expect(frame.rightHand[i * POINT_STRIDE + 3]!).toBeLessThanOrEqual(1);
      }
    }
  });

  it("stores MediaPipe's raw z: unscaled, the hands' bones want it about 640 times larger; with the language's factor they are in proportion", () => {
    const frame = createLandmarkFrame();
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    for (const folder of folders.values()) {
      expect(folder.depthScale).toBeGreaterThan(400);
      expect(folder.depthScale).toBeLessThan(1000);
      const raw: number[] = [], scaled: number[] = [];
      for (const recording of folder.letters.values()) {
        for (let i = 0; i < recording.file.body.frameCount; i++) {
          holisticFrameToLandmarks(recording.file, recording.layout, i, 1, frame);
          const r = estimateDepthScale(frame.rightHand, 500, 500);
          holisticFrameToLandmarks(recording.file, recording.layout, i, folder.depthScale, frame);
          const s = estimateDepthScale(frame.rightHand, 500, 500);
          if (r !== 1) raw.push(r);
          if (s !== 1) scaled.push(s);
        }
      }
      expect(median(raw)).toBeGreaterThan(7); // the top of estimateDepthScale's range: z far too small
      expect(Math.abs(Math.log2(median(scaled)))).toBeLessThan(0.1);
    }
  });

  it('refuses a recording without Holistic hands', () => {
    const { header } = folders.get('asq')!.letters.get('A')!.file;
    expect(() => holisticLayout({ ...header, components: header.components.filter((c) => c.name !== 'RIGHT_HAND_LANDMARKS') })).toThrow(/no RIGHT_HAND_LANDMARKS component/);
  });
});
