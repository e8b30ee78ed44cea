// The camera helper's product.md §8 Errors texts, without a browser.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CameraError, NO_CAMERA_API_MESSAGE, openCamera } from '../../../src/features/camera/stream/camera.ts';

const video = () => ({ srcObject: null as unknown, muted: false, playsInline: false, play: async () => {} });

afterEach(() => vi.unstubAllGlobals());

describe('openCamera', () => {
  it('reports a missing camera API with the product text', async () => {
    vi.stubGlobal('navigator', {});
    await expect(openCamera(video())).rejects.toThrow(new CameraError(NO_CAMERA_API_MESSAGE, 'no-api'));
  });

  it('reports a refused camera with the product prefix and the reason', async () => {
    const refused = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: async () => Promise.reject(refused) } });
    await expect(openCamera(video())).rejects.toThrow('Failed to acquire camera feed: NotAllowedError: Permission denied');
  });

  it('asks for 1280x960 and plays the stream in the video', async () => {
    let asked: unknown;
    const stream = { getTracks: () => [] };
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: async (c: unknown) => ((asked = c), stream) } });
    const element = video();
    await openCamera(element);
    expect(asked).toMatchObject({ video: { width: { ideal: 1280 }, height: { ideal: 960 } } });
    expect(element.srcObject).toBe(stream);
  });
});
