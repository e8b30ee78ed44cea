// What the practice screen shows, as one immutable view object in a small store that React reads
// with useSyncExternalStore. The practice loop's events drive it (practiceViewOnEvent); the
// controller adds what only it knows (the hint, the overlay, the camera and tracker state).
import type { PracticeEvent } from '@signlearn/engine/practice/practice_events';
import type { CameraProblem } from '../stream/camera-advice.ts';
import type { CameraPresence } from './camera-presence.ts';

export type SignState = 'pending' | 'current' | 'done' | 'skipped' | 'unavailable';

export interface PracticeView {
  status: 'starting' | 'practising' | 'completed' | 'error';
  error: string | null;
  /** The camera could not be opened, and why in the learner's terms (camera-advice.ts); null otherwise. */
  cameraProblem: CameraProblem | null;
  signIndex: number;
  signName: string;
  guideFileName: string | null;
  signStates: readonly SignState[];
  signsDone: number;
  /** Progress through the current sign's reference slice, 0..1 (the circular progress). */
  fraction: number;
  /** The 1 s pause after a completed sign. */
  locked: boolean;
  /** A repeated letter of a word (BOOK's second O) waits for the hand to let go of the first. */
  awaitingRelease: boolean;
  /** What to fix ('Bend your right index finger more'), or null. */
  hint: string | null;
  /** What the camera sees of the learner over the last second (camera-presence.ts). */
  presence: CameraPresence;
  /** The hand the current sign is made with, as the judge last named it. */
  handSide: 'left' | 'right';
  /** The last judged frame matched the reference frame (null: nothing judged yet). */
  matched: boolean | null;
  backend: string | null;
  notice: string | null;
  /** The landmark models in use ('pose full, hand full'; null: recorded landmarks or not yet known). */
  models: string | null;
  /** Landmark frames the tracker delivered per second over the last second (null: not measured yet). */
  trackerFps: number | null;
  /** With `?perf=1`: the tracker's mean milliseconds per stage and latency, one line each. */
  stageTimes: readonly string[] | null;
  cameraLost: boolean;
  /**
   * Milliseconds from the camera screen opening to the first skeleton drawn (a frame with the
   * pose found): the first-skeleton figure (docs/engineer/first-skeleton.md), read by the browser tests through a data attribute and by
   * anyone through the 'signlearn:first-skeleton' performance measure. Null until then.
   */
  firstSkeletonMs: number | null;
}

export function initialPracticeView(signNames: readonly string[]): PracticeView {
  return {
    status: 'starting',
    error: null,
    cameraProblem: null,
    signIndex: 0,
    signName: signNames[0] ?? '',
    guideFileName: null,
    signStates: signNames.map((_, i) => (i === 0 ? 'current' : 'pending')),
    signsDone: 0,
    fraction: 0,
    locked: false,
    awaitingRelease: false,
    hint: null,
    matched: null,
    presence: 'unknown',
    handSide: 'right',
    backend: null,
    notice: null,
    models: null,
    trackerFps: null,
    stageTimes: null,
    cameraLost: false,
    firstSkeletonMs: null,
  };
}

function withSignState(states: readonly SignState[], index: number, state: SignState): SignState[] {
  const next = [...states];
  next[index] = state;
  return next;
}

/** The change one practice event makes to the view (nothing for the lesson's continue). */
export function practiceViewOnEvent(view: PracticeView, event: PracticeEvent): Partial<PracticeView> {
  switch (event.type) {
    case 'signStarted':
      return {
        signIndex: event.signIndex,
        signName: event.signName,
        guideFileName: event.guideFileName,
        signStates: withSignState(view.signStates, event.signIndex, 'current'),
        fraction: 0,
        awaitingRelease: event.awaitsRelease,
      };
    case 'signReleased':
      return event.signIndex === view.signIndex ? { awaitingRelease: false } : {};
    case 'progress':
      return event.signIndex === view.signIndex ? { fraction: event.fraction } : {};
    case 'signUnavailable':
      return { signStates: withSignState(view.signStates, event.signIndex, 'unavailable') };
    case 'signComplete':
      return {
        signStates:
          view.signStates[event.signIndex] === 'unavailable'
            ? view.signStates
            : withSignState(view.signStates, event.signIndex, event.skipped ? 'skipped' : 'done'),
        signsDone: event.signsDone,
        fraction: 1,
        awaitingRelease: false,
      };
    case 'lessonComplete':
      return { status: 'completed', hint: null, matched: null };
    default:
      return {};
  }
}

/** A store of one PracticeView: set() replaces it (when something changed) and tells React. */
export class PracticeViewStore {
  private view: PracticeView;
  private readonly listeners = new Set<() => void>();

  constructor(initial: PracticeView) {
    this.view = initial;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): PracticeView => this.view;

  set(patch: Partial<PracticeView>): void {
    let changed = false;
    for (const key of Object.keys(patch) as Array<keyof PracticeView>) {
      if (this.view[key] !== patch[key]) changed = true;
    }
    if (!changed) return;
    this.view = { ...this.view, ...patch };
    for (const listener of this.listeners) listener();
  }
}
