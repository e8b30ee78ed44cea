// Wires one lesson's practice outside React: the video input (the camera, a video file, or none
// for the recorded signer: video-input.ts) -> the landmark source -> the engine's practice loop, driven by a session clock that stands still while the
// lesson is paused; the overlay drawn at display rate from the latest landmarks; and the view store
// (practice-view.ts) the screen's components read, which follows the loop's events. What the
// camera sees of the learner (nobody, no hand, a hand: camera-presence.ts) is decided over the
// last second of frames; a judged frame of a letter with a hand steadily in view is the learner
// trying that letter (onHandSeen). The hot path (one landmark frame) allocates nothing; React
// hears only about changes it shows.
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { Part } from '@signlearn/engine/core/landmark_layout';
import { describeCorrection } from '@signlearn/engine/feedback/describe_correction';
import type { CompiledMovement } from '@signlearn/engine/movement/compiled_movement';
import type { MatchMode } from '@signlearn/engine/practice/match_mode';
import type { PracticeEvent } from '@signlearn/engine/practice/practice_events';
import { PracticeLoop } from '@signlearn/engine/practice/practice_loop';
import type { PracticeSign } from '@signlearn/engine/practice/practice_session';
import { cameraProblem } from '../stream/camera-advice.ts';
import { trackingScheduleForSign } from '@signlearn/engine/practice/tracking_schedule_for_sign';
import { PresenceWindow } from './camera-presence.ts';
import { drawSkeleton } from '../overlay/draw-skeleton.ts';
import type { LandmarkSource, LandmarkSourceStatus, TrackerFrameCost } from '../landmarks/landmark-source.ts';
import { TrackerPerformance } from '../landmarks/tracker-performance.ts';
import { initialPracticeView, practiceViewOnEvent, PracticeViewStore, type PracticeView } from './practice-view.ts';
import { createSessionClock, type SessionClock } from './session-clock.ts';
import { videoInputFactory, type VideoInput, type VideoInputFactory } from '../stream/video-input.ts';


/** The performance measure of the time from the camera screen opening to the first skeleton drawn. */
export const FIRST_SKELETON_MEASURE = 'signlearn:first-skeleton';

/** The hint is rewritten at most this often: a text that changes every frame cannot be read. */
const HINT_INTERVAL_MS = 300;

export class PracticeController {
  private readonly store: PracticeViewStore;
  private readonly clock: SessionClock = createSessionClock();
  private readonly loop: PracticeLoop;
  private readonly camera: VideoInput;
  private readonly presence = new PresenceWindow();
  private latest: LandmarkFrame | null = null;
  private latestDrawn = -1;
  private landmarkCount = 0;
  private held = false;
  /** A sign the source cannot sign, to skip on the next display frame (not inside the loop's own event). */
  private unrecordedSign = -1;
  private lastHintAt = -Infinity;
  private frameRequest = 0;
  private disposed = false;
  private readonly cleanups: Array<() => void> = [];
  private readonly performance: TrackerPerformance;

  constructor(
    private readonly options: {
      signs: readonly PracticeSign[];
      /** Other signs that move, which the lesson's own must fit the learner better than (the loop's `otherMovingSigns`). */
      otherMovingSigns?: readonly CompiledMovement[];
      source: LandmarkSource;
      video: HTMLVideoElement;
      canvas: HTMLCanvasElement;
      matchMode: MatchMode;
      onEvent: (event: PracticeEvent) => void;
      /** Measure the tracker's per-stage times for the `?perf=1` overlay. */
      perf?: boolean;
      /** What plays in the video element (default: the learner's camera). */
      createInput?: VideoInputFactory;
      /** A judged frame of the sign at `signIndex` with a hand steadily in view (every such frame). */
      onHandSeen?: (signIndex: number) => void;
      /** When the camera screen opened (performance.now()): the first skeleton is timed from it. */
      openedAt?: number;
      /** The source cannot sign the sign that became current (a recorded signer without its
       * recording): it is skipped, and this is told its name. */
      onSignNotRecorded?: (signName: string) => void;
    },
  ) {
    this.performance = new TrackerPerformance(options.perf ?? false);
    this.store = new PracticeViewStore(initialPracticeView(options.signs.map((sign) => sign.name)));
    this.loop = new PracticeLoop(options.signs, { mode: options.matchMode, onEvent: (event) => this.handle(event), otherMovingSigns: options.otherMovingSigns });
    this.camera = (options.createInput ?? videoInputFactory({ kind: 'camera' }))(
      options.video,
      () => this.onCameraLost(),
      () => void this.reconnectCamera(),
    );
  }

  // --- the view store, for React (useSyncExternalStore) ---
  get subscribe(): PracticeViewStore['subscribe'] {
    return this.store.subscribe;
  }
  get getView(): () => PracticeView {
    return this.store.getView;
  }

  /** Opens the camera, starts the landmark source, then the lesson. Errors end in status 'error'. */
  async start(): Promise<void> {
    const { video, source } = this.options;
    // The tracker starts (or, warmed up on the lesson page, is taken over) while the camera opens:
    // both take about a second or more, and neither needs the other until the first frame.
    // Recorded landmarks start their clock when started, so they still wait for the camera.
    let started: Promise<LandmarkSourceStatus> | null = null;
    if (source.kind === 'tracker') {
      started = source.start(video);
      started.catch(() => undefined); // awaited below, unless the camera failed first
    }
    try {
      await this.camera.open();
    } catch (error) {
      // No camera, no frames: the tracker started beside it goes now, not when the screen closes.
      if (started) source.stop();
      const message = error instanceof Error ? error.message : String(error);
      if (!this.disposed) {
        this.store.set({ status: 'error', error: message, cameraProblem: cameraProblem(error) });
        window.alert(message); // product.md §8 Errors: the camera failure is an alert (the screen adds what to do)
      }
      return;
    }
    if (this.disposed) return;
    let status: LandmarkSourceStatus;
    try {
      status = await (started ?? source.start(video));
    } catch (error) {
      if (!this.disposed) this.store.set({ status: 'error', error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (this.disposed) return;
    this.cleanups.push(
      source.onLandmarks((frame, cost) => this.onLandmarks(frame, cost)),
      source.onStatus((next) => this.store.set({ backend: next.backend, notice: next.notice, models: next.models })),
    );
    this.store.set({ backend: status.backend, notice: status.notice, models: status.models, status: 'practising' });
    const onVisibility = () => this.onVisibilityChange();
    document.addEventListener('visibilitychange', onVisibility);
    this.cleanups.push(() => document.removeEventListener('visibilitychange', onVisibility));
    if (document.hidden) this.onVisibilityChange();
    this.loop.start(this.clock.now());
    this.frameRequest = requestAnimationFrame(this.onAnimationFrame);
  }

  private onCameraLost(): void {
    if (this.disposed) return;
    this.clock.pause('camera');
    this.options.source.pause();
    this.loop.skipFrame();
    this.presence.clear();
    this.store.set({ cameraLost: true, hint: null, matched: null, presence: 'unknown' });
  }

  /** Tries to open the camera again after it was lost (button, or a device plugged in). */
  async reconnectCamera(): Promise<boolean> {
    try {
      await this.camera.reconnect();
    } catch (error) {
      this.store.set({ notice: error instanceof Error ? error.message : String(error) });
      return false;
    }
    if (this.disposed) return false;
    this.options.source.reset();
    this.options.source.resume();
    this.presence.clear();
    this.clock.resume('camera');
    this.loop.resetTracking();
    this.store.set({ cameraLost: false });
    return true;
  }

  private onVisibilityChange(): void {
    if (document.hidden) {
      this.clock.pause('hidden');
      this.options.source.pause();
      this.loop.skipFrame();
    } else {
      this.clock.resume('hidden');
      if (!this.camera.isLost) {
        this.presence.clear();
        this.options.source.reset();
        this.loop.resetTracking();
        this.options.source.resume();
      }
    }
  }

  /** While the flag dialog is open the learner is typing: frames are not judged. */
  hold(held: boolean): void {
    this.held = held;
    if (held) this.loop.skipFrame();
  }

  /** product.md §4.8 Flagging on the camera screen: the flagged sign is skipped and counts as advanced (if still current). */
  skipSign(signIndex: number): void {
    if (this.loop.signIndex === signIndex) this.loop.skipSign(this.clock.now());
  }

  /** The matching mode applies from the next frame on; the lesson goes on where it was. */
  setMatchMode(mode: MatchMode): void {
    this.loop.setMode(mode);
  }

  private onLandmarks(frame: LandmarkFrame, cost: TrackerFrameCost | null): void {
    this.latest = frame;
    this.landmarkCount++;
    this.performance.add(cost);
    if (this.clock.paused || this.held) {
      this.loop.skipFrame();
      return;
    }
    const now = this.clock.now();
    this.loop.onLandmarks(frame, now);
    if (this.presence.add(frame, now) === 'hand' && this.loop.judged) this.options.onHandSeen?.(this.loop.signIndex);
  }

  private readonly onAnimationFrame = (): void => {
    if (this.disposed) return;
    this.frameRequest = requestAnimationFrame(this.onAnimationFrame);
    const now = this.clock.now();
    if (this.unrecordedSign >= 0) {
      if (this.loop.signIndex === this.unrecordedSign && this.loop.phase === 'practising') this.loop.skipSign(now);
      this.unrecordedSign = -1;
    }
    this.loop.tick(now);
    this.camera.check();
    const view = this.store.getView();
    const { canvas, video } = this.options;
    // The overlay has the picture's size; without a picture (a recorded signer) the landmarks'.
    const width = video.videoWidth || this.latest?.imageWidth || 0;
    const height = video.videoHeight || this.latest?.imageHeight || 0;
    if (width > 0 && (canvas.width !== width || canvas.height !== height)) {
      canvas.width = width;
      canvas.height = height;
      this.latestDrawn = -1;
    }
    if (this.landmarkCount !== this.latestDrawn) {
      this.latestDrawn = this.landmarkCount;
      const context = canvas.getContext('2d');
      if (context) {
        const offJoints = drawSkeleton(context, view.cameraLost ? null : this.latest, this.loop.judged ? this.loop.report : null);
        // What the overlay drew, for the browser tests and the bench, on the canvas itself: through
        // the view it re-rendered the whole screen on every landmark frame, which nobody sees (the
        // page's process used a fifth more CPU: 0.33 against 0.27 of a core, recorded landmarks at
        // 30 frames/s in the test browser, six 10 s samples each).
        canvas.dataset.framesDrawn = String(this.latestDrawn);
        canvas.dataset.offJoints = String(offJoints);
      }
      if (view.firstSkeletonMs === null && !view.cameraLost && this.latest?.present[Part.pose]) this.markFirstSkeleton();
    }
    const patch: Partial<PracticeView> = { locked: this.loop.phase === 'practising' && this.loop.isLocked(now) };
    const wall = performance.now();
    if (wall - this.lastHintAt >= HINT_INTERVAL_MS) {
      this.lastHintAt = wall;
      const judged = this.loop.judged;
      const signName = this.options.signs[this.loop.signIndex]?.name;
      const correction = judged ? describeCorrection(this.loop.report, { signName }) : null;
      patch.hint = correction?.text ?? null;
      patch.matched = judged ? this.loop.report.matched : null;
      patch.presence = this.presence.presence;
      // The hand the sign is made with, for 'raise your ... hand' (the judge's side when it names one).
      if (correction && 'side' in correction) patch.handSide = correction.side;
    }
    // About once a second: the frame rate, and with ?perf=1 the stage times.
    if (this.performance.due(wall)) {
      patch.trackerFps = this.performance.framesPerSecond(wall, this.landmarkCount);
      patch.stageTimes = this.performance.stageLines();
    }
    this.store.set(patch);
  };

  /** The first skeleton is on the screen: its time since the camera screen opened, for the tests and the bench. */
  private markFirstSkeleton(): void {
    const openedAt = this.options.openedAt ?? 0;
    const ms = Math.round(performance.now() - openedAt);
    performance.measure(FIRST_SKELETON_MEASURE, { start: openedAt, end: openedAt + ms });
    this.store.set({ firstSkeletonMs: ms });
  }

  private handle(event: PracticeEvent): void {
    if (event.type === 'signStarted') {
      // The tracker runs what this sign reads: a held letter its signing hand on every frame.
      const compiled = this.options.signs[event.signIndex]?.compiled;
      if (compiled) this.options.source.setSchedule?.(trackingScheduleForSign(compiled));
      if (this.options.source.followSign?.(event.signName, event.awaitsRelease) === false) {
        this.unrecordedSign = event.signIndex;
        this.options.onSignNotRecorded?.(event.signName);
      }
    }
    this.store.set(practiceViewOnEvent(this.store.getView(), event));
    this.options.onEvent(event);
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frameRequest);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.options.source.stop();
    this.camera.close();
  }
}
