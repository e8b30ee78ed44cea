import type { AngleFrame } from '../core/angle_frame.ts';
import {
  FREE_END_FRACTION,
  FREE_START_FRACTION,
  LESSON_COMPLETE_DELAY_MS,
  LESSON_CONTINUE_DELAY_MS,
  REPEATED_LETTER_RELEASE_MS,
  SIGN_COMPLETE_LOCK_MS,
} from '../core/constants.ts';
import { createMatchReport, type MatchReport } from '../match/match_report.ts';
import { DEFAULT_RECORD_FPS } from '../reference/compile_reference.ts';
import type { CompiledSign } from './compiled_sign.ts';
import { createMatcher, DEFAULT_MATCH_MODE, hasFreeStartWindow, type FrameMatcher } from './match_mode.ts';
import type { PracticeEvent, PracticeEventListener } from './practice_events.ts';
import { needsMatch } from './practice_window.ts';
import { referenceSlice } from './reference_slice.ts';

export interface PracticeSign {
  name: string;
  /** null when the sign's reference could not be loaded: the session skips it. */
  compiled: CompiledSign | null;
  /** The pause (ms) between the sign before this one and this one, in which nothing is judged;
   * SIGN_COMPLETE_LOCK_MS when absent. A word's letters after its first take the shorter
   * WORD_LETTER_PAUSE_MS (word_practice_signs.ts). */
  pauseBeforeMs?: number;
  /** This sign repeats the sign before it within a word (the second O of BOOK): before it is
   * judged, the hand must be seen not making it for REPEATED_LETTER_RELEASE_MS (a bounce, the
   * hand relaxed or lowered), so that holding the first O still does not spell the second. */
  awaitsRelease?: boolean;
}

/**
 * How far a learner has come through a sign that moves (the loop's MovementJudge, fed the same
 * frames): key poses reached of the sign's movement.keyCount (all of them: complete), with
 * `report` filled for the hint.
 */
export type MovementProgress = (sign: CompiledSign, report: MatchReport) => number;

export interface PracticeSessionOptions {
  onEvent: PracticeEventListener;
  /** A moving sign's progress (practice_loop.ts); without it a moving sign is matched frame by frame like the others. */
  movementProgress?: MovementProgress;
  /**
   * The judge's frame matcher. Defaults to the default judge's (DEFAULT_MATCH_MODE: the handshape
   * judge), which reads the features its runtime adds to each frame (prepareAngleFrame, as
   * PracticeLoop runs it); a sign without a handshape model is judged by the angle rule.
   */
  matcher?: FrameMatcher;
  /**
   * Whether the first 10% is free; asked per frame, as the matcher. Defaults to the default
   * judge's (hasFreeStartWindow(DEFAULT_MATCH_MODE): false, a match is asked for from the start).
   */
  freeStartWindow?: () => boolean;
}

export type PracticePhase = 'idle' | 'practising' | 'finishing' | 'completed' | 'continued';

/**
 * The most time one judged frame can stand for. Frames normally come 33-200 ms apart (30 down to
 * 5 judged frames per second); a longer gap is a stall (the tracker froze, the machine was busy)
 * in which nobody saw the learner sign, so it counts for no more than this.
 */
export const MAX_FRAME_GAP_MS = 250;

/**
 * A hold is not broken by one missed frame. A tracker loses a finger for a frame (motion blur, a
 * finger hidden behind another) while the learner holds the sign, and that lost frame costs 33 ms
 * of the hold at 30 judged frames per second but 125 ms at 8: slow machines would lose more of
 * the learner's correct signing than fast ones. So when a frame matches right after exactly one
 * frame that did not, within this time of the match before it, the missed frame's time counts as
 * the hold it interrupted: a blink costs nothing at any rate. The missed frame itself advances
 * nothing (SPEC 4: the position advances only on a match), and two misses in a row, or a longer
 * gap, bridge nothing, so a wrong sign that matches now and then still gains only its matching
 * frames' time (bench/acceptance.md: a bridge of any gap up to 250 ms let T complete M).
 * 250 ms: one missed frame at 8 judged frames per second, the slowest rate we time.
 */
export const MISS_BRIDGE_MS = 250;

/**
 * One lesson's practice (SPEC 4 "Practice flow") as a pure state machine: no timers and no clock
 * of its own. The caller passes the time into start, onFrame, tick and skipSign, and acts on the
 * events (practice_events.ts). Deterministic, so a recorded session replays exactly.
 *
 * How SPEC 4's "position" is read: it is time through the reference. The reference slice is
 * played at the record's own frame rate (`fps`, 30 by default), and each judged frame moves the
 * position by the reference frames whose time passed since the previous judged frame (or since
 * judging became possible: the sign's start, the end of the 1 s lock), at most MAX_FRAME_GAP_MS
 * of it: in the first 10% whatever the frame (up to the 10% mark, so no matched stretch is
 * skipped unseen), from 10% to 90% only when the frame matches the reference frame at the current
 * position, after 90% whatever the frame. So a sign takes the same time at 5, 10, 30 or 60 judged
 * frames per second: its slice's duration of correct signing. A mode that follows no frame
 * sequence (the handshape judge) asks for a match from the start instead (freeStartWindow).
 *
 * Word lessons (word_practice_signs.ts) are the same machine with two per-sign options: a shorter
 * pause between the letters of a word (`pauseBeforeMs`), and a repeated letter that first waits
 * for the hand to let go of it (`awaitsRelease`). Signs without them behave as above.
 */
export class PracticeSession {
  readonly report: MatchReport = createMatchReport();
  private readonly slice = new Int32Array(2);
  private readonly matcher: FrameMatcher;
  private readonly freeStartWindow: () => boolean;
  private readonly movementProgress: MovementProgress | undefined;
  private readonly emit: PracticeEventListener;
  private phaseValue: PracticePhase = 'idle';
  private signIndexValue = 0;
  private positionValue = 0;
  /** The reference frames per millisecond of the current sign. */
  private framesPerMs = DEFAULT_RECORD_FPS / 1000;
  /** When the previous judged frame came, or when judging became possible. */
  private judgedAtMs = 0;
  /** When the position last advanced (or judging became possible), and when a frame last matched
   * the current sign (MISS_BRIDGE_MS). */
  private advancedAtMs = 0;
  private matchedAtMs = -Infinity;
  /** Judged frames since the last one that matched the current sign. */
  private missesSinceMatch = 0;
  private lockedUntilMs = -Infinity;
  /** The current sign waits for its release (awaitsRelease), and the judged time seen so far
   * without the letter. */
  private releasePending = false;
  private releaseMs = 0;
  private signsDoneValue = 0;
  private skippedCount = 0;
  private lessonCompleteAtMs = Infinity;
  private lessonContinueAtMs = Infinity;

  constructor(
    readonly signs: readonly PracticeSign[],
    options: PracticeSessionOptions,
  ) {
    if (signs.length === 0) throw new Error('PracticeSession: a lesson needs at least one sign');
    this.emit = options.onEvent;
    this.matcher = options.matcher ?? createMatcher(DEFAULT_MATCH_MODE);
    const freeStart = hasFreeStartWindow(DEFAULT_MATCH_MODE);
    this.freeStartWindow = options.freeStartWindow ?? (() => freeStart);
    this.movementProgress = options.movementProgress;
  }

  get phase(): PracticePhase {
    return this.phaseValue;
  }
  get signIndex(): number {
    return this.signIndexValue;
  }
  get currentSign(): PracticeSign | undefined {
    return this.signs[this.signIndexValue];
  }
  /** Reference frames advanced in the current sign's slice (a fraction where time fell between
   * two frames), and the slice's length. */
  get position(): number {
    return this.positionValue;
  }
  get length(): number {
    return this.slice[1]!;
  }
  get signsDone(): number {
    return this.signsDoneValue;
  }
  /** True while the 1000 ms pause after a completed sign holds matching back. */
  isLocked(nowMs: number): boolean {
    return nowMs < this.lockedUntilMs;
  }
  /** True while the current sign (a repeated letter) waits for the hand to let go of it. */
  get awaitingRelease(): boolean {
    return this.releasePending;
  }

  start(nowMs: number): void {
    if (this.phaseValue !== 'idle') throw new Error('PracticeSession: already started');
    this.phaseValue = 'practising';
    this.enterSign(0, nowMs);
  }

  /**
   * One learner frame. Compares it with the reference frame at the current position (filling
   * `report`, so the UI can show what is off even in the free windows) and advances by the time
   * since the previous judged frame when the window is free or the frame matches. Returns true
   * when the position advanced.
   */
  onFrame(angles: AngleFrame, nowMs: number): boolean {
    this.tick(nowMs);
    if (this.phaseValue !== 'practising' || nowMs < this.lockedUntilMs) return false;
    const compiled = this.signs[this.signIndexValue]!.compiled!;
    if (compiled.movement && this.movementProgress) return this.onMovementFrame(compiled, nowMs);
    const position = this.positionValue;
    const length = this.slice[1]!;
    const frame = this.slice[0]! + Math.min(length - 1, Math.floor(position));
    this.report.movementCue = -1;
    const matched = this.matcher(angles, compiled, frame, this.report);
    // A match right after one missed frame also earns that frame's time (MISS_BRIDGE_MS). The
    // minimum keeps a clock that went back from bridging to a time it has not reached again.
    const bridged = matched && this.missesSinceMatch === 1 && nowMs - this.matchedAtMs <= MISS_BRIDGE_MS;
    const since = Math.max(bridged ? Math.min(this.advancedAtMs, this.judgedAtMs) : this.judgedAtMs, this.lockedUntilMs);
    const elapsed = nowMs > since ? Math.min(nowMs - since, MAX_FRAME_GAP_MS) : 0;
    this.judgedAtMs = nowMs;
    if (this.releasePending) {
      // A repeated letter: the position waits until the hand has let go of the letter for a while.
      this.releaseMs = matched ? 0 : this.releaseMs + elapsed;
      if (this.releaseMs >= REPEATED_LETTER_RELEASE_MS) {
        this.releasePending = false;
        this.emit({ type: 'signReleased', atMs: nowMs, signIndex: this.signIndexValue });
      }
      return false;
    }
    const step = elapsed * this.framesPerMs;
    const byMatch = needsMatch(position, length, this.freeStartWindow());
    let next = position;
    if (matched || position >= FREE_END_FRACTION * length) next = position + step;
    else if (!byMatch) next = Math.min(position + step, FREE_START_FRACTION * length);
    if (matched) {
      this.matchedAtMs = nowMs;
      this.missesSinceMatch = 0;
    } else {
      this.missesSinceMatch++;
    }
    if (!(next > position)) return false;
    this.advancedAtMs = nowMs;
    this.positionValue = Math.min(next, length);
    this.emit({
      type: 'progress',
      atMs: nowMs,
      signIndex: this.signIndexValue,
      position: this.positionValue,
      frameCount: length,
      fraction: this.positionValue / length,
      byMatch,
    });
    if (this.positionValue >= length) this.completeSign(nowMs, false);
    return true;
  }

  /**
   * A frame of a sign that moves: the position is the share of the sign's key poses the learner
   * has passed, at the learner's own speed (it falls back when the learner breaks off, and the
   * sign starts again), and the sign is complete when the judge has seen the whole movement.
   */
  private onMovementFrame(compiled: CompiledSign, nowMs: number): boolean {
    const keys = compiled.movement!.keyCount;
    const reached = this.movementProgress!(compiled, this.report);
    this.judgedAtMs = nowMs;
    const length = this.slice[1]!;
    const position = this.positionValue;
    const next = (Math.min(reached, keys) / keys) * length;
    if (next === position) return false;
    this.positionValue = next;
    if (next > position) this.advancedAtMs = nowMs;
    this.emit({
      type: 'progress',
      atMs: nowMs,
      signIndex: this.signIndexValue,
      position: next,
      frameCount: length,
      fraction: next / length,
      byMatch: true,
    });
    if (reached >= keys) this.completeSign(nowMs, false);
    return next > position;
  }

  /** Lets time-driven steps happen (the completed card, the auto-continue). */
  tick(nowMs: number): void {
    if (this.phaseValue === 'finishing' && nowMs >= this.lessonCompleteAtMs) {
      this.phaseValue = 'completed';
      this.emit({ type: 'lessonComplete', atMs: this.lessonCompleteAtMs, signCount: this.signs.length, skippedCount: this.skippedCount });
    }
    if (this.phaseValue === 'completed' && nowMs >= this.lessonContinueAtMs) {
      this.phaseValue = 'continued';
      this.emit({ type: 'lessonContinue', atMs: this.lessonContinueAtMs });
    }
  }

  /** SPEC 4 flagging: the current sign is skipped and counts as advanced. */
  skipSign(nowMs: number): void {
    this.tick(nowMs);
    if (this.phaseValue !== 'practising') return;
    this.completeSign(nowMs, true);
  }

  private enterSign(index: number, nowMs: number): void {
    for (let i = index; i < this.signs.length; i++) {
      const sign = this.signs[i]!;
      this.signIndexValue = i;
      this.positionValue = 0;
      const reference = sign.compiled?.reference;
      if (reference && reference.frameCount > 0) {
        referenceSlice(reference.frameCount, this.slice);
        this.framesPerMs = reference.fps / 1000;
        this.judgedAtMs = nowMs;
        this.advancedAtMs = nowMs;
        this.matchedAtMs = -Infinity;
        this.missesSinceMatch = 0;
        this.releasePending = sign.awaitsRelease === true;
        this.releaseMs = 0;
        this.emit({
          type: 'signStarted',
          atMs: nowMs,
          signIndex: i,
          signName: sign.name,
          guideFileName: reference.guideFileName,
          frameCount: this.slice[1]!,
          judgedFromMs: Math.max(nowMs, this.lockedUntilMs),
          awaitsRelease: this.releasePending,
        });
        return;
      }
      this.slice[0] = 0;
      this.slice[1] = 0;
      this.releasePending = false;
      this.emit({ type: 'signUnavailable', atMs: nowMs, signIndex: i, signName: sign.name });
      this.countSignDone(nowMs, true);
    }
    this.finish(nowMs);
  }

  private completeSign(nowMs: number, skipped: boolean): void {
    this.countSignDone(nowMs, skipped);
    if (this.signIndexValue + 1 < this.signs.length) {
      this.lockedUntilMs = nowMs + (this.signs[this.signIndexValue + 1]!.pauseBeforeMs ?? SIGN_COMPLETE_LOCK_MS);
      this.enterSign(this.signIndexValue + 1, nowMs);
    } else {
      this.finish(nowMs);
    }
  }

  private countSignDone(nowMs: number, skipped: boolean): void {
    this.signsDoneValue++;
    if (skipped) this.skippedCount++;
    const sign = this.signs[this.signIndexValue]!;
    this.emit({
      type: 'signComplete',
      atMs: nowMs,
      signIndex: this.signIndexValue,
      signName: sign.name,
      skipped,
      signsDone: this.signsDoneValue,
      signCount: this.signs.length,
    });
  }

  private finish(nowMs: number): void {
    this.phaseValue = 'finishing';
    this.lessonCompleteAtMs = nowMs + LESSON_COMPLETE_DELAY_MS;
    this.lessonContinueAtMs = this.lessonCompleteAtMs + LESSON_CONTINUE_DELAY_MS;
  }
}

export type { FrameMatcher, PracticeEvent };
