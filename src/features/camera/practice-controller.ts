// Wires one lesson's practice outside React: camera -> landmark source -> angles -> PracticeSession,
// the overlay drawn at display rate from the latest landmarks, and a small store the screen's
// components read. The hot path (one landmark frame) allocates nothing; React hears only about
// changes it shows.
import { computeAngleFrame } from '@signlearn/engine/angles/compute_angle_frame';
import { createAngleFrame } from '@signlearn/engine/core/angle_frame';
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { describeCorrection } from '@signlearn/engine/feedback/describe_correction';
import { createMatchModeRuntime, type MatchMode, type MatchModeRuntime } from '@signlearn/engine/match/create_matcher';
import type { PracticeEvent } from '@signlearn/engine/practice/practice_events';
import { PracticeSession, type PracticeSign } from '@signlearn/engine/practice/practice_session';
import { closeCamera, openCamera } from './camera.ts';
import { drawSkeleton } from './draw-skeleton.ts';
import type { LandmarkSource, LandmarkSourceStatus } from './landmark-source.ts';
import { createSessionClock, type SessionClock } from './session-clock.ts';

export type SignState = 'pending' | 'current' | 'done' | 'skipped' | 'unavailable';

export interface PracticeView {
  status: 'starting' | 'practising' | 'completed' | 'error';
  error: string | null;
  signIndex: number;
  signName: string;
  guideFileName: string | null;
  signStates: readonly SignState[];
  signsDone: number;
  /** Progress through the current sign's reference slice, 0..1 (the circular progress). */
  fraction: number;
  /** The 1 s pause after a completed sign. */
  locked: boolean;
  /** What to fix ('Bend your right index finger more'), or null. */
  hint: string | null;
  /** The last judged frame matched the reference frame (null: nothing judged yet). */
  matched: boolean | null;
  /** Joints drawn red in the latest overlay. */
  offJoints: number;
  backend: string | null;
  notice: string | null;
  cameraLost: boolean;
  /** Frames drawn on the overlay (tests read it through data attributes). */
  framesDrawn: number;
}

const HINT_INTERVAL_MS = 300;

type StreamLike = MediaStream;

export class PracticeController {
  private view: PracticeView;
  private readonly listeners = new Set<() => void>();
  private readonly clock: SessionClock = createSessionClock();
  private readonly session: PracticeSession;
  private readonly angles = createAngleFrame();
  private runtime: MatchModeRuntime;
  private stream: StreamLike | null = null;
  private latest: LandmarkFrame | null = null;
  private latestDrawn = -1;
  private landmarkCount = 0;
  /** The session's report belongs to the latest frame (not locked, practising). */
  private judged = false;
  private held = false;
  private lastHintAt = -Infinity;
  private frameRequest = 0;
  private disposed = false;
  private readonly cleanups: Array<() => void> = [];

  constructor(
    private readonly options: {
      signs: readonly PracticeSign[];
      source: LandmarkSource;
      video: HTMLVideoElement;
      canvas: HTMLCanvasElement;
      matchMode: MatchMode;
      onEvent: (event: PracticeEvent) => void;
    },
  ) {
    const { signs } = options;
    this.runtime = createMatchModeRuntime(options.matchMode);
    this.view = {
      status: 'starting',
      error: null,
      signIndex: 0,
      signName: signs[0]!.name,
      guideFileName: null,
      signStates: signs.map((_, i) => (i === 0 ? 'current' : 'pending')),
      signsDone: 0,
      fraction: 0,
      locked: false,
      hint: null,
      matched: null,
      offJoints: 0,
      backend: null,
      notice: null,
      cameraLost: false,
      framesDrawn: 0,
    };
    // The matcher is looked up per frame, so the 'Precise feedback' setting applies at once.
    this.session = new PracticeSession(signs, {
      matcher: (learner, reference, frame, report) => this.runtime.matcher(learner, reference, frame, report),
      onEvent: (event) => this.handle(event),
    });
  }

  // --- store for React (useSyncExternalStore) ---
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getView = (): PracticeView => this.view;
  private set(patch: Partial<PracticeView>): void {
    let changed = false;
    for (const key of Object.keys(patch) as Array<keyof PracticeView>) {
      if (this.view[key] !== patch[key]) changed = true;
    }
    if (!changed) return;
    this.view = { ...this.view, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Opens the camera, starts the landmark source, then the session. Errors end in status 'error'. */
  async start(): Promise<void> {
    const { video, source } = this.options;
    try {
      await this.openCamera();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!this.disposed) {
        this.set({ status: 'error', error: message });
        window.alert(message); // SPEC 8: the camera failure is an alert
      }
      return;
    }
    if (this.disposed) return;
    let status: LandmarkSourceStatus;
    try {
      status = await source.start(video);
    } catch (error) {
      if (!this.disposed) this.set({ status: 'error', error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (this.disposed) return;
    this.cleanups.push(
      source.onLandmarks((frame) => this.onLandmarks(frame)),
      source.onStatus((next) => this.set({ backend: next.backend, notice: next.notice })),
    );
    this.set({ backend: status.backend, notice: status.notice, status: 'practising' });
    const onVisibility = () => this.onVisibilityChange();
    document.addEventListener('visibilitychange', onVisibility);
    this.cleanups.push(() => document.removeEventListener('visibilitychange', onVisibility));
    const onDeviceChange = () => {
      if (this.view.cameraLost) void this.reconnectCamera();
    };
    navigator.mediaDevices?.addEventListener?.('devicechange', onDeviceChange);
    this.cleanups.push(() => navigator.mediaDevices?.removeEventListener?.('devicechange', onDeviceChange));
    if (document.hidden) this.onVisibilityChange();
    this.session.start(this.clock.now());
    this.frameRequest = requestAnimationFrame(this.onAnimationFrame);
  }

  private async openCamera(): Promise<void> {
    // The stream is attached only if this controller is still live: a screen torn down while the
    // camera was opening (a fast navigation, React's development double mount) must not replace
    // the live screen's stream with one it is about to stop.
    const pending = { srcObject: null as unknown, muted: true, playsInline: true, play: () => Promise.resolve() };
    const stream = (await openCamera(pending)) as StreamLike;
    if (this.disposed) {
      closeCamera(stream);
      return;
    }
    const { video } = this.options;
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play().catch(() => undefined);
    this.stream = stream;
    for (const track of stream.getVideoTracks()) {
      track.addEventListener('ended', () => {
        if (this.stream === stream) this.onCameraLost();
      });
    }
  }

  private onCameraLost(): void {
    if (this.view.cameraLost || this.disposed) return;
    this.clock.pause('camera');
    this.options.source.pause();
    this.judged = false;
    this.set({ cameraLost: true, hint: null, matched: null });
  }

  /** Tries to open the camera again after it was lost (button, or a device plugged in). */
  async reconnectCamera(): Promise<boolean> {
    closeCamera(this.stream);
    this.stream = null;
    try {
      await this.openCamera();
    } catch (error) {
      this.set({ notice: error instanceof Error ? error.message : String(error) });
      return false;
    }
    if (this.disposed) return false;
    this.options.source.reset();
    this.options.source.resume();
    this.clock.resume('camera');
    this.runtime.reset();
    this.set({ cameraLost: false });
    return true;
  }

  private onVisibilityChange(): void {
    if (document.hidden) {
      this.clock.pause('hidden');
      this.options.source.pause();
      this.judged = false;
    } else {
      this.clock.resume('hidden');
      if (!this.view.cameraLost) {
        this.options.source.reset();
        this.runtime.reset();
        this.options.source.resume();
      }
    }
  }

  /** While the flag dialog is open the learner is typing: frames are not judged. */
  hold(held: boolean): void {
    this.held = held;
    if (held) this.judged = false;
  }

  /** SPEC 4 flagging: the flagged sign is skipped and counts as advanced (if still current). */
  skipSign(signIndex: number): void {
    if (this.session.signIndex === signIndex) this.session.skipSign(this.clock.now());
  }

  setMatchMode(mode: MatchMode): void {
    if (mode === this.runtime.mode) return;
    this.runtime = createMatchModeRuntime(mode);
  }

  private onLandmarks(frame: LandmarkFrame): void {
    this.latest = frame;
    this.landmarkCount++;
    if (this.clock.paused || this.held || this.session.phase !== 'practising') {
      this.judged = false;
      return;
    }
    // The SPEC matcher reads no orientation; precise mode does.
    computeAngleFrame(frame, this.angles, this.runtime.mode !== 'spec');
    this.runtime.prepareFrame(frame, this.angles);
    const now = this.clock.now();
    const locked = this.session.isLocked(now);
    this.session.onFrame(this.angles, now);
    this.judged = !locked && this.session.phase === 'practising';
  }

  private readonly onAnimationFrame = (): void => {
    if (this.disposed) return;
    this.frameRequest = requestAnimationFrame(this.onAnimationFrame);
    const now = this.clock.now();
    this.session.tick(now);
    if (this.stream && !this.view.cameraLost && this.stream.getVideoTracks().every((t) => t.readyState === 'ended')) this.onCameraLost();
    const { canvas, video } = this.options;
    if (video.videoWidth > 0 && (canvas.width !== video.videoWidth || canvas.height !== video.videoHeight)) {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      this.latestDrawn = -1;
    }
    let offJoints = this.view.offJoints;
    if (this.landmarkCount !== this.latestDrawn) {
      this.latestDrawn = this.landmarkCount;
      const context = canvas.getContext('2d');
      if (context) offJoints = drawSkeleton(context, this.view.cameraLost ? null : this.latest, this.judged ? this.session.report : null);
    }
    const practising = this.session.phase === 'practising';
    const patch: Partial<PracticeView> = {
      fraction: practising && this.session.length > 0 ? this.session.position / this.session.length : this.view.fraction,
      locked: practising && this.session.isLocked(now),
      offJoints,
      framesDrawn: this.latestDrawn,
    };
    const wall = performance.now();
    if (wall - this.lastHintAt >= HINT_INTERVAL_MS) {
      this.lastHintAt = wall;
      if (this.judged) {
        patch.hint = describeCorrection(this.session.report)?.text ?? null;
        patch.matched = this.session.report.matched;
      } else {
        patch.hint = null;
        patch.matched = null;
      }
    }
    this.set(patch);
  };

  private handle(event: PracticeEvent): void {
    const states = [...this.view.signStates];
    switch (event.type) {
      case 'signStarted':
        states[event.signIndex] = 'current';
        this.judged = false;
        this.set({ signIndex: event.signIndex, signName: event.signName, guideFileName: event.guideFileName, signStates: states, fraction: 0 });
        break;
      case 'signUnavailable':
        states[event.signIndex] = 'unavailable';
        this.set({ signStates: states });
        break;
      case 'signComplete':
        if (states[event.signIndex] !== 'unavailable') states[event.signIndex] = event.skipped ? 'skipped' : 'done';
        this.set({ signStates: states, signsDone: event.signsDone, fraction: 1 });
        break;
      case 'lessonComplete':
        this.judged = false;
        this.set({ status: 'completed', hint: null, matched: null });
        break;
      default:
        break;
    }
    this.options.onEvent(event);
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frameRequest);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.options.source.stop();
    closeCamera(this.stream);
    this.stream = null;
  }
}
