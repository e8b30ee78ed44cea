import { computeAngleFrame } from '../angles/compute_angle_frame.ts';
import { createAngleFrame, type AngleFrame } from '../core/angle_frame.ts';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import type { MatchReport } from '../match/match_report.ts';
import type { CompiledMovement } from '../movement/compiled_movement.ts';
import { MovementJudge } from '../movement/movement_judge.ts';
import { createMatchModeRuntime, DEFAULT_MATCH_MODE, type MatchMode, type MatchModeRuntime } from './match_mode.ts';
import type { PracticeEventListener } from './practice_events.ts';
import { PracticeSession, type PracticePhase, type PracticeSign } from './practice_session.ts';

/**
 * The frame step of every learner stream: landmarks -> `out`, the joint angles (with the hands'
 * orientation only when the mode reads it), then the mode's own features. The practice loop below,
 * the reference builder (recordings/source_to_angle_frames.ts) and `score` run this one step.
 * Allocates nothing.
 */
export function prepareAngleFrame(landmarks: LandmarkFrame, out: AngleFrame, runtime: MatchModeRuntime): void {
  computeAngleFrame(landmarks, out, runtime.needsOrientation);
  runtime.prepareFrame(landmarks, out);
}

export interface PracticeLoopOptions {
  /** The matching mode at the start. Defaults to DEFAULT_MATCH_MODE (the handshape judge); setMode changes it mid-lesson. */
  mode?: MatchMode;
  onEvent: PracticeEventListener;
  /** Moving signs a learner might make instead of the lesson's (beyond the lesson's own, which
   * always count): a sign that moves completes only while none of them fits the learner better. */
  otherMovingSigns?: readonly CompiledMovement[];
}

/** For each sign of a lesson, the other moving signs it must fit better than: the lesson's other
 * moving signs and `others`, each once, never the sign itself (by name). */
function rivalsOf(signs: readonly PracticeSign[], others: readonly CompiledMovement[]): CompiledMovement[][] {
  const lesson = signs.map((s) => s.compiled?.movement ?? null).filter((m): m is CompiledMovement => m !== null);
  return signs.map((sign) => {
    const own = sign.compiled?.movement;
    if (!own) return [];
    const rivals = new Map<string, CompiledMovement>();
    for (const m of [...lesson, ...others]) if (m.signName !== own.signName && !rivals.has(m.signName)) rivals.set(m.signName, m);
    return [...rivals.values()];
  });
}

/**
 * The one place a landmark frame becomes a practice decision, as tfjs-models' detector.ts wires
 * its calculators: landmarks -> angles and the mode's features (prepareAngleFrame) -> the mode's
 * matcher -> the practice state machine (PracticeSession) -> events. Owns the angle frame, the
 * mode's runtime and the session. The camera screen, replay, `score` and the bench's loop page all
 * drive a lesson through it; the clock is the caller's (every call takes the time).
 */
export class PracticeLoop {
  readonly angles: AngleFrame = createAngleFrame();
  private runtime: MatchModeRuntime;
  private readonly session: PracticeSession;
  private judgedValue = false;
  /** A moving sign's judge (movement/), whatever the mode, and the sign it follows (-1: none). */
  private readonly movement = new MovementJudge();
  private movementSign = -1;
  /** Per sign of the lesson: the moving signs it must fit better than (rivalsOf). */
  private readonly rivals: CompiledMovement[][];

  constructor(signs: readonly PracticeSign[], options: PracticeLoopOptions) {
    this.runtime = createMatchModeRuntime(options.mode ?? DEFAULT_MATCH_MODE);
    this.rivals = rivalsOf(signs, options.otherMovingSigns ?? []);
    // The matcher is looked up per frame, so setMode applies from the next frame on.
    this.session = new PracticeSession(signs, {
      matcher: (learner, sign, frame, report) => this.runtime.matcher(learner, sign, frame, report),
      freeStartWindow: () => this.runtime.freeStartWindow,
      movementProgress: (sign, report) => this.movement.judge(sign.movement!, report),
      onEvent: options.onEvent,
    });
  }

  get mode(): MatchMode {
    return this.runtime.mode;
  }
  get signs(): readonly PracticeSign[] {
    return this.session.signs;
  }
  get phase(): PracticePhase {
    return this.session.phase;
  }
  get signIndex(): number {
    return this.session.signIndex;
  }
  get signsDone(): number {
    return this.session.signsDone;
  }
  /** Position in the current sign's reference slice, and the slice's length (frames). */
  get position(): number {
    return this.session.position;
  }
  get length(): number {
    return this.session.length;
  }
  isLocked(nowMs: number): boolean {
    return this.session.isLocked(nowMs);
  }
  /** The latest judged frame's comparison (what is off, which way); see `judged`. */
  get report(): MatchReport {
    return this.session.report;
  }
  /** True when `report` describes the latest frame: it was judged (practising, not locked). */
  get judged(): boolean {
    return this.judgedValue;
  }

  start(nowMs: number): void {
    this.session.start(nowMs);
  }

  /**
   * One landmark frame at `nowMs`: angles, the mode's features, then the session's judgement.
   * Frames outside practice (the lesson done) are not computed. Returns true when the position
   * advanced.
   */
  onLandmarks(landmarks: LandmarkFrame, nowMs: number): boolean {
    this.session.tick(nowMs);
    if (this.session.phase !== 'practising') {
      this.judgedValue = false;
      return false;
    }
    prepareAngleFrame(landmarks, this.angles, this.runtime);
    const lockedBefore = this.session.isLocked(nowMs);
    this.followMovement(landmarks, lockedBefore);
    const advanced = this.session.onFrame(this.angles, nowMs);
    // A frame that completed the sign started the pause: its report is about the sign just done.
    this.judgedValue = !lockedBefore && this.session.phase === 'practising' && !this.session.isLocked(nowMs);
    return advanced;
  }

  /**
   * A sign that moves is followed from its first judged frame: the judge starts afresh when a sign
   * starts and while the pause before it holds judging back.
   */
  private followMovement(landmarks: LandmarkFrame, locked: boolean): void {
    const movement = this.session.currentSign?.compiled?.movement;
    if (!movement) {
      this.movementSign = -1;
      return;
    }
    if (locked || this.movementSign !== this.session.signIndex) {
      // Forgets every alignment (the sign starts afresh) and follows the sign's rivals.
      this.movement.setRivals(this.rivals[this.session.signIndex]!);
      this.movementSign = locked ? -1 : this.session.signIndex;
      if (locked) return;
    }
    this.movement.update(landmarks, movement);
  }

  /** A frame that is not judged (the flag dialog open, the tab hidden): the report is stale. */
  skipFrame(): void {
    this.judgedValue = false;
  }

  /** Lets time-driven steps happen (the completed card, the auto-continue). */
  tick(nowMs: number): void {
    this.session.tick(nowMs);
  }

  /** Flagging (product.md §4.8 Flagging on the camera screen): the current sign is skipped and counts as advanced. */
  skipSign(nowMs: number): void {
    this.session.skipSign(nowMs);
  }

  setMode(mode: MatchMode): void {
    if (mode === this.runtime.mode) return;
    this.runtime = createMatchModeRuntime(mode);
    this.judgedValue = false;
  }

  /** Forgets tracked state (the motion history) after a pause: the learner has moved. */
  resetTracking(): void {
    this.runtime.reset();
    this.movement.reset();
    this.judgedValue = false;
  }
}
