import type { PixelFrame } from '../types.ts';
import { readPixels } from '../read_pixels.ts';

/**
 * The RGBA bytes of a frame the page handed over as a VideoFrame, written into one buffer kept
 * between frames (resized only when the frame size changes): the hot path allocates nothing.
 * VideoFrame.copyTo converts the camera's own format (I420, NV12, BGRA) straight into it, in about
 * 0.5 ms for 640x480 here, where drawing an ImageBitmap into a canvas and reading it back
 * (read_pixels.ts) took 4-9 ms and a new 1.2 MB array a frame; the bytes are the same (both
 * convert to sRGB). A browser whose copyTo cannot convert to RGBA (the `format` option came later
 * than VideoFrame itself) is read through the canvas instead, from then on.
 * ref: none (MediaPipe's ImageFrame comes from the camera already converted)
 */
export async function readVideoFrame(frame: VideoFrame, reader: VideoFrameReader): Promise<PixelFrame> {
  const width = frame.displayWidth;
  const height = frame.displayHeight;
  if (!(width > 0 && height > 0)) throw new Error(`cannot read a video frame of ${width}x${height} pixels`);
  // copyTo copies the visible rect as it is stored: a frame shown scaled (a camera's 1440x1080
  // shown at 640x480) or turned is drawn to its display size through the canvas instead.
  const visible = frame.visibleRect;
  const asStored = visible !== null && visible.width === width && visible.height === height && !((frame as { rotation?: number }).rotation ?? 0) && !(frame as { flip?: boolean }).flip;
  if (reader.copyToRgba && asStored) {
    const size = width * height * 4;
    if (reader.buffer.length !== size) reader.buffer = new Uint8Array(size);
    try {
      // Without the `format` option a browser reports the frame's own layout (I420: 1.5 bytes a pixel).
      if (frame.allocationSize({ format: 'RGBA' }) !== size) throw new Error('no RGBA conversion');
      await frame.copyTo(reader.buffer, { format: 'RGBA' });
      return { data: reader.buffer, width, height, channels: 4 };
    } catch {
      reader.copyToRgba = false;
    }
  }
  return readPixels(frame);
}

/** The buffer a worker's frames are copied into, and whether copyTo can convert to RGBA here. */
export interface VideoFrameReader {
  buffer: Uint8Array;
  copyToRgba: boolean;
}

export function createVideoFrameReader(): VideoFrameReader {
  return { buffer: new Uint8Array(0), copyToRgba: true };
}
