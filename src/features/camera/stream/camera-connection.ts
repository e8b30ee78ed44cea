// The learner's camera for the practice screen: opened into the page's video element, watched for
// the moment it is lost (a track that ends, or all tracks ended), reconnected on request or when a
// new camera is plugged in, and closed when the screen goes.
import { closeCamera, openCamera } from './camera.ts';

export class CameraConnection {
  private stream: MediaStream | null = null;
  private lost = false;
  private closed = false;
  private readonly cleanups: Array<() => void> = [];

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly onLost: () => void,
    /** A device appeared while the camera is lost: the caller may try to reconnect. */
    private readonly onDeviceChange: () => void,
  ) {}

  get isLost(): boolean {
    return this.lost;
  }

  /** Opens the camera (product.md §8 Errors as thrown CameraErrors) and starts watching for devices. */
  async open(): Promise<void> {
    await this.attach();
    const onDevices = () => {
      if (this.lost && !this.closed) this.onDeviceChange();
    };
    navigator.mediaDevices?.addEventListener?.('devicechange', onDevices);
    this.cleanups.push(() => navigator.mediaDevices?.removeEventListener?.('devicechange', onDevices));
  }

  /** Called every display frame: a camera whose every track ended without an event is lost too. */
  check(): void {
    if (this.stream && !this.lost && this.stream.getVideoTracks().every((t) => t.readyState === 'ended')) this.markLost();
  }

  /** Opens the camera again after it was lost. Throws (a CameraError) when it cannot. */
  async reconnect(): Promise<void> {
    closeCamera(this.stream);
    this.stream = null;
    await this.attach();
    this.lost = false;
  }

  close(): void {
    this.closed = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    closeCamera(this.stream);
    this.stream = null;
  }

  private async attach(): Promise<void> {
    // The stream is attached only if this connection is still open: a screen torn down while the
    // camera was opening (a fast navigation, React's development double mount) must not replace
    // the live screen's stream with one it is about to stop.
    const pending = { srcObject: null as unknown, muted: true, playsInline: true, play: () => Promise.resolve() };
    const stream = (await openCamera(pending)) as MediaStream;
    if (this.closed) {
      closeCamera(stream);
      return;
    }
    const video = this.video;
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play().catch(() => undefined);
    this.stream = stream;
    for (const track of stream.getVideoTracks()) {
      track.addEventListener('ended', () => {
        if (this.stream === stream) this.markLost();
      });
    }
  }

  private markLost(): void {
    if (this.lost || this.closed) return;
    this.lost = true;
    this.onLost();
  }
}
