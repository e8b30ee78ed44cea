/** product.md §9 Constants: the camera is asked for 1280x960. */
export const CAMERA_WIDTH = 1280;
export const CAMERA_HEIGHT = 960;

/** product.md §8 Errors texts. */
export const NO_CAMERA_API_MESSAGE = 'No navigator.mediaDevices.getUserMedia exists.';
export const CAMERA_FAILED_PREFIX = 'Failed to acquire camera feed: ';

export class CameraError extends Error {
  override readonly name = 'CameraError';
  constructor(
    message: string,
    readonly reason: 'no-api' | 'refused',
    /** The browser's own name for what went wrong (the DOMException's: 'NotAllowedError', ...). */
    readonly browserError: string | null = null,
  ) {
    super(message);
  }
}

interface MediaStreamLike {
  getTracks(): Array<{ stop(): void }>;
}
interface VideoElementLike {
  srcObject: unknown;
  muted: boolean;
  playsInline: boolean;
  play(): Promise<void>;
}

/**
 * Opens the camera (1280x960 asked, the browser may give less) into a <video>. Rejects with a
 * CameraError carrying the text of product.md §8 Errors: the product shows it in an alert.
 */
export async function openCamera(video: VideoElementLike): Promise<MediaStreamLike> {
  const mediaDevices = (globalThis.navigator as unknown as { mediaDevices?: { getUserMedia?: (c: unknown) => Promise<MediaStreamLike> } } | undefined)
    ?.mediaDevices;
  if (typeof mediaDevices?.getUserMedia !== 'function') throw new CameraError(NO_CAMERA_API_MESSAGE, 'no-api');
  let stream: MediaStreamLike;
  try {
    stream = await mediaDevices.getUserMedia({
      audio: false,
      video: { width: { ideal: CAMERA_WIDTH }, height: { ideal: CAMERA_HEIGHT }, facingMode: 'user' },
    });
  } catch (error) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new CameraError(CAMERA_FAILED_PREFIX + detail, 'refused', error instanceof Error ? error.name : null);
  }
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play();
  return stream;
}

export function closeCamera(stream: MediaStreamLike | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
