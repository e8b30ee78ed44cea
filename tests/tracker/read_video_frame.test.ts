// The worker's reading of a VideoFrame: converted by copyTo into one buffer kept between frames,
// and through the canvas (read_pixels.ts) where the browser's copyTo cannot convert to RGBA.
import { describe, expect, it } from 'vitest';
import { createVideoFrameReader, readVideoFrame } from '../../engine/src/tracker/browser/read_video_frame.ts';

/** A VideoFrame as read_video_frame.ts uses it; `rgba` false: a browser whose copyTo ignores `format` (I420 sizes). */
function fakeFrame(width: number, height: number, fill: number, rgba = true, visible = { width, height }): VideoFrame {
  return {
    displayWidth: width,
    displayHeight: height,
    visibleRect: visible,
    allocationSize: (options?: { format?: string }) => (rgba && options?.format === 'RGBA' ? width * height * 4 : width * height * 1.5),
    copyTo: async (destination: Uint8Array, options?: { format?: string }) => {
      if (options?.format !== 'RGBA') throw new Error('asked for another format');
      destination.fill(fill);
      return [];
    },
  } as unknown as VideoFrame;
}

describe('readVideoFrame', () => {
  it('copies each frame as RGBA into the same buffer, a new one only when the size changes', async () => {
    const reader = createVideoFrameReader();
    const first = await readVideoFrame(fakeFrame(4, 2, 7), reader);
    expect(first).toMatchObject({ width: 4, height: 2, channels: 4 });
    expect(Array.from(first.data)).toEqual(new Array(32).fill(7));
    const second = await readVideoFrame(fakeFrame(4, 2, 9), reader);
    expect(second.data).toBe(first.data);
    expect(second.data[31]).toBe(9);
    const wider = await readVideoFrame(fakeFrame(8, 2, 1), reader);
    expect(wider.data).not.toBe(first.data);
    expect(wider.data).toHaveLength(64);
    expect(reader.copyToRgba).toBe(true);
  });

  it('reads through the canvas, from then on, where copyTo cannot convert to RGBA', async () => {
    const reader = createVideoFrameReader();
    // Node has no OffscreenCanvas: the canvas path's own error shows it was taken.
    await expect(readVideoFrame(fakeFrame(4, 2, 7, false), reader)).rejects.toThrow('no OffscreenCanvas to read the frame from');
    expect(reader.copyToRgba).toBe(false);
    await expect(readVideoFrame(fakeFrame(4, 2, 7), reader)).rejects.toThrow('no OffscreenCanvas');
  });

  it('draws a frame shown at another size than it is stored through the canvas, and copies the next one', async () => {
    const reader = createVideoFrameReader();
    // A camera's 1440x1080 shown at 640x480: copyTo would copy 1440x1080.
    await expect(readVideoFrame(fakeFrame(640, 480, 7, true, { width: 1440, height: 1080 }), reader)).rejects.toThrow('no OffscreenCanvas');
    expect(reader.copyToRgba).toBe(true);
    expect((await readVideoFrame(fakeFrame(4, 2, 3), reader)).data[0]).toBe(3);
  });

  it('refuses a frame without pixels', async () => {
    await expect(readVideoFrame(fakeFrame(0, 0, 0), createVideoFrameReader())).rejects.toThrow('cannot read a video frame of 0x0 pixels');
  });
});
