import type { AngleFrame } from '../core/angle_frame.ts';
import { LESSON_COMPLETE_DELAY_MS, LESSON_CONTINUE_DELAY_MS, SIGN_COMPLETE_LOCK_MS } from '../core/constants.ts';
import { createMatchReport, type MatchReport } from '../match/match_report.ts';
import type { CompiledSign } from './compiled_sign.ts';
import { createMatcher, type FrameMatcher } from './match_mode.ts';
import type { PracticeEvent, PracticeEventListener } from './practice_events.ts';
import { needsMatch } from './practice_window.ts';
import { referenceSlice } from './reference_slice.ts';

export interface PracticeSign {
  name: string;
  /** null when the sign's reference could not be loaded: the session skips it. */
  compiled: CompiledSign | null;
}

export interface PracticeSessionOptions {
  onEvent: PracticeEventListener;
  /** The mode's matcher; the SPEC rule when absent. */
  matcher?: FrameMatcher;
}

export type PracticePhase = 'idle' | 'practising' | 'finishing' | 'completed' | 'continued';

/**
 * One lesson's practice (SPEC 4 "Practice flow") as a pure state machine: no timers and no clock
 * of its own. The caller passes the time into start, onFrame, tick and skipSign, and acts on the
 * events (practice_events.ts). Deterministic, so a recorded session replays exactly.
 */
export class PracticeSession {
  readonly report: MatchReport = createMatchReport();
  private readonly slice = new Int32Array(2);
  private readonly matcher: FrameMatcher;
  private readonly emit: PracticeEventListener;
  private phaseValue: PracticePhase = 'idle';
  private signIndexValue = 0;
  private positionValue = 0;
  private lockedUntilMs = -Infinity;
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
    this.matcher = options.matcher ?? createMatcher('spec');
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
  /** Frames advanced in the current sign's reference slice, and the slice's length. */
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

  start(nowMs: number): void {
    if (this.phaseValue !== 'idle') throw new Error('PracticeSession: already started');
    this.phaseValue = 'practising';
    this.enterSign(0, nowMs);
  }

  /**
   * One learner frame. Compares it with the current reference frame (filling `report`, so the UI
   * can show what is off even in the free windows) and advances when the window is free or the
   * frame matches. Returns true when the position advanced.
   */
  onFrame(angles: AngleFrame, nowMs: number): boolean {
    this.tick(nowMs);
    if (this.phaseValue !== 'practising' || nowMs < this.lockedUntilMs) return false;
    const compiled = this.signs[this.signIndexValue]!.compiled!;
    const position = this.positionValue;
    const length = this.slice[1]!;
    const matched = this.matcher(angles, compiled, this.slice[0]! + position, this.report);
    const byMatch = needsMatch(position, length);
    if (byMatch && !matched) return false;
    this.positionValue = position + 1;
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
        this.emit({
          type: 'signStarted',
          atMs: nowMs,
          signIndex: i,
          signName: sign.name,
          guideFileName: reference.guideFileName,
          frameCount: this.slice[1]!,
        });
        return;
      }
      this.slice[0] = 0;
      this.slice[1] = 0;
      this.emit({ type: 'signUnavailable', atMs: nowMs, signIndex: i, signName: sign.name });
      this.countSignDone(nowMs, true);
    }
    this.finish(nowMs);
  }

  private completeSign(nowMs: number, skipped: boolean): void {
    this.countSignDone(nowMs, skipped);
    if (this.signIndexValue + 1 < this.signs.length) {
      this.lockedUntilMs = nowMs + SIGN_COMPLETE_LOCK_MS;
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
