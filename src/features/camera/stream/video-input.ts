// What plays in the practice screen's <video>: the learner's camera (camera-connection.ts), a
// video file the learner picked (played in a loop, tracked like the camera), or nothing at all
// (the recorded signer: its landmarks come without pictures). The controller treats all three the
// same way: open, check every display frame, reconnect, close.
import { CameraConnection } from './camera-connection.ts';

export interface VideoInput {
  /** Starts the picture in the video element. Throws with the message to show when it cannot. */
  open(): Promise<void>;
  /** Called every display frame (a camera lost without an event is noticed here). */
  check(): void;
  reconnect(): Promise<void>;
  close(): void;
  readonly isLost: boolean;
}

/** Which input a practice screen uses, as the learner chose it. */
export type PracticeInput = { kind: 'camera' } | { kind: 'file'; file: File } | { kind: 'recording' };

export type VideoInputFactory = (video: HTMLVideoElement, onLost: () => void, onDeviceChange: () => void) => VideoInput;

/** A picked video file, played muted and looped in the video element. */
export class VideoFileInput implements VideoInput {
  private url: string | null = null;
  readonly isLost = false;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly file: File,
  ) {}

  async open(): Promise<void> {
    const video = this.video;
    this.url = URL.createObjectURL(this.file);
    video.srcObject = null;
    video.muted = true;
    video.loop = true;
    video.playsInline = true;
    video.src = this.url;
    try {
      await video.play();
    } catch (error) {
      throw new Error(`The video file "${this.file.name}" could not be played: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  check(): void {}

  async reconnect(): Promise<void> {
    await this.video.play();
  }

  close(): void {
    this.video.pause();
    this.video.removeAttribute('src');
    this.video.load();
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = null;
  }
}

/** No picture: the landmarks come from a recording. */
export class NoVideoInput implements VideoInput {
  readonly isLost = false;
  async open(): Promise<void> {}
  check(): void {}
  async reconnect(): Promise<void> {}
  close(): void {}
}

export function videoInputFactory(input: PracticeInput): VideoInputFactory {
  if (input.kind === 'file') return (video) => new VideoFileInput(video, input.file);
  if (input.kind === 'recording') return () => new NoVideoInput();
  return (video, onLost, onDeviceChange) => new CameraConnection(video, onLost, onDeviceChange);
}
