// The camera screen's start order: the tracker starts while the camera opens, not after
// it; a camera that fails stops the tracker at once; recorded landmarks, whose clock starts with
// them, still start after the camera. Fake video input and landmark sources stand in for the
// browser's; the real ones run in tests/e2e/camera/first-skeleton.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PracticeController } from '../../../src/features/camera/practice/practice-controller.ts';
import type { LandmarkSource } from '../../../src/features/camera/landmarks/landmark-source.ts';
import type { VideoInput } from '../../../src/features/camera/stream/video-input.ts';

function fakeSource(kind: LandmarkSource['kind'], log: string[]): LandmarkSource {
  return {
    kind,
    start: async () => {
      log.push(`${kind} started`);
      return { backend: kind, notice: null, models: null };
    },
    onLandmarks: () => () => {},
    onStatus: () => () => {},
    pause: () => {},
    resume: () => {},
    reset: () => {},
    stop: () => log.push(`${kind} stopped`),
  };
}

/** A camera whose open() waits until the test settles it. */
function fakeCamera(log: string[]) {
  let settle: { resolve: () => void; reject: (error: Error) => void } | null = null;
  const input: VideoInput = {
    open: () => {
      log.push('camera opening');
      return new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    },
    check: () => {},
    reconnect: async () => {},
    close: () => {},
    isLost: false,
  };
  return { input, open: () => settle!.resolve(), fail: (message: string) => settle!.reject(new Error(message)) };
}

function controllerWith(source: LandmarkSource, camera: VideoInput): PracticeController {
  return new PracticeController({
    // A sign without a reference (skipped when the lesson starts): the start order is what is tested.
    signs: [{ name: 'A', compiled: null }],
    source,
    video: {} as HTMLVideoElement,
    canvas: {} as HTMLCanvasElement,
    matchMode: 'handshape',
    onEvent: () => {},
    createInput: () => camera,
  });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.stubGlobal('window', { alert: () => {} });
  vi.stubGlobal('document', { hidden: false, addEventListener: () => {}, removeEventListener: () => {} });
  vi.stubGlobal('requestAnimationFrame', () => 1);
  vi.stubGlobal('cancelAnimationFrame', () => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the practice screen starts', () => {
  it('the tracker while the camera is still opening', async () => {
    const log: string[] = [];
    const camera = fakeCamera(log);
    const controller = controllerWith(fakeSource('tracker', log), camera.input);
    const started = controller.start();
    await flush();
    expect(log).toEqual(['tracker started', 'camera opening']);
    camera.open();
    await started;
    expect(controller.getView().status).toBe('practising');
    controller.dispose();
  });

  it('and stops the tracker when the camera fails', async () => {
    const log: string[] = [];
    const camera = fakeCamera(log);
    const controller = controllerWith(fakeSource('tracker', log), camera.input);
    const started = controller.start();
    await flush();
    camera.fail('Failed to acquire camera feed: NotAllowedError');
    await started;
    expect(log).toEqual(['tracker started', 'camera opening', 'tracker stopped']);
    expect(controller.getView().error).toBe('Failed to acquire camera feed: NotAllowedError');
  });

  it('recorded landmarks only once the camera is open', async () => {
    const log: string[] = [];
    const camera = fakeCamera(log);
    const controller = controllerWith(fakeSource('fixture', log), camera.input);
    const started = controller.start();
    await flush();
    expect(log).toEqual(['camera opening']);
    camera.open();
    await started;
    expect(log).toEqual(['camera opening', 'fixture started']);
    controller.dispose();
  });
});
