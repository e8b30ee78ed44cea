import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { Part, PART_COUNT } from '../core/landmark_layout.ts';
import { PartStatus, type MatchReport } from '../match/match_report.ts';
import { anotherSignFitsBetter } from './another_sign_fits_better.ts';
import type { CompiledMovement } from './compiled_movement.ts';
import { FOLLOW_SETTINGS, followMovement, type FollowSettings } from './follow_movement.ts';
import { movementCue } from './movement_cue.ts';
import { createMovementEnd, movementEnded, startMovementEnd } from './movement_end.ts';
import { computeMovementFeatures, MOVEMENT_FEATURE_COUNT } from './movement_features.ts';
import { createMovementState, resetMovementState, type MovementState } from './movement_state.ts';
import { alignmentWithinLimits, keysReached, MOVEMENT_LIMITS, type MovementLimits } from './movement_verdict.ts';

/** A report with nothing off and no part judged yet. */
function clearReport(report: MatchReport): void {
  report.errors.fill(0);
  report.off.fill(0);
  report.offCount = 0;
  report.offExcess = 0;
  report.mirrored = false;
  report.cue = -1;
  for (let p = 0; p < PART_COUNT; p++) report.partStatus[p] = PartStatus.notInReference;
}

/**
 * The judge of signs that move, wired as tfjs-models' detector.ts wires its steps: per landmark
 * frame, each hand's movement features (movement_features.ts, in the signer's own body frame, so
 * either hand may sign) -> that hand's alignment with the sign's key poses (follow_movement.ts)
 * -> how many key poses it reached (movement_verdict.ts), the better hand counting, and the sign
 * one key pose short while another sign the learner might be making fits better
 * (another_sign_fits_better.ts: the rivals, followed on both hands alongside) -> once matched,
 * the sign completes when the learner's movement has ended (movement_end.ts), unless another sign then
 * fits the whole movement better -> a cue
 * (movement_cue.ts). One per learner stream: feed it every frame in time order, reset it when a
 * sign starts (and set its rivals then). Allocates nothing per frame.
 */
export class MovementJudge {
  private readonly states: [MovementState, MovementState] = [createMovementState(), createMovementState()];
  private readonly features = new Float32Array(MOVEMENT_FEATURE_COUNT);
  private readonly seen = new Uint8Array(2);
  /** The other signs the learner might be making, and their states on each hand (grown, never
   * shrunk: a lesson's first sign allocates them, its frames do not). */
  private rivals: readonly CompiledMovement[] = [];
  private readonly rivalStates: [MovementState, MovementState][] = [];
  /** The sign matched, waiting for the movement to end (side -1: not matched), whether it has,
   * and the matched alignment's mean frame cost (against which the rivals are held again at the end). */
  private readonly end = createMovementEnd();
  private ended = false;
  private readonly matchedMean = new Float64Array(1);

  /** `limits` and `follow`: the verdict's and the alignment's (MOVEMENT_LIMITS, FOLLOW_SETTINGS; the bench's tuning tries others). */
  constructor(
    private readonly limits: Readonly<MovementLimits> = MOVEMENT_LIMITS,
    private readonly follow: Readonly<FollowSettings> = FOLLOW_SETTINGS,
  ) {}

  reset(): void {
    resetMovementState(this.states[0]);
    resetMovementState(this.states[1]);
    for (const [left, right] of this.rivalStates) {
      resetMovementState(left);
      resetMovementState(right);
    }
    this.seen.fill(0);
    this.end.side = -1;
    this.ended = false;
  }

  /** The other moving signs the learner might be making instead (none by default); forgets every alignment. */
  setRivals(rivals: readonly CompiledMovement[]): void {
    this.rivals = rivals;
    while (this.rivalStates.length < rivals.length) this.rivalStates.push([createMovementState(), createMovementState()]);
    this.reset();
  }

  /** One frame (at its `timestampMs`): each hand that is seen advances its alignments. */
  update(landmarks: LandmarkFrame, movement: CompiledMovement): void {
    for (let side = 0; side < 2; side++) {
      const seen = computeMovementFeatures(landmarks, side as 0 | 1, this.features);
      this.seen[side] = seen ? 1 : 0;
      if (side === this.end.side && !this.ended) this.ended = movementEnded(this.end, seen ? this.features : null, landmarks.timestampMs, movement.scales);
      if (!seen) continue;
      const state = this.states[side]!;
      state.frameMs = landmarks.timestampMs;
      followMovement(state, movement, this.features, this.follow);
      for (let q = 0; q < this.rivals.length; q++) {
        const rival = this.rivalStates[q]![side]!;
        rival.frameMs = landmarks.timestampMs;
        followMovement(rival, this.rivals[q]!, this.features, this.follow);
      }
    }
  }

  /**
   * The learner's progress through the sign after the latest frame, in key poses reached (of
   * movement.keyCount: all of them, the sign is complete), for the hand further along; `report`
   * says which hand, whether it is on course (`matched`) and the cue, or asks for the sign when
   * no hand was seen. Once a hand has matched the whole course, that hand is the one reported,
   * one key pose short until its movement has ended.
   */
  judge(movement: CompiledMovement, report: MatchReport): number {
    if (this.end.side >= 0) {
      if (!this.ended || !anotherSignFitsBetter(this.matchedMean, this.rivals, this.rivalStates)) return this.matched(movement, report);
      // The whole movement made, another sign now fits it better: not this sign (judged afresh below).
      this.end.side = -1;
      this.ended = false;
    }
    // The hand further along; between hands equally far, the one nearer its next key pose (a
    // resting hand beside the signing one is not the one to correct).
    let side = -1;
    let reached = -1;
    let nearness = Infinity;
    for (let s = 0; s < 2; s++) {
      if (this.seen[s] !== 1) continue;
      const state = this.states[s]!;
      let r = keysReached(state, movement, this.limits);
      if (r >= movement.keyCount) {
        // Through every key pose (so within the limits: frames > 0); another sign fitting better leaves it one short.
        this.matchedMean[0] = state.current.cost[movement.keyCount - 1]! / state.current.frames[movement.keyCount - 1]!;
        if (anotherSignFitsBetter(this.matchedMean, this.rivals, this.rivalStates)) r = movement.keyCount - 1;
        else {
          // Matched: the sign completes when the learner's movement ends (a later frame).
          startMovementEnd(this.end, s, state.latest, state.frameMs);
          return this.matched(movement, report);
        }
      }
      const cost = state.frameCost[Math.min(r, movement.keyCount - 1)]!;
      if (r > reached || (r === reached && cost < nearness)) {
        reached = r;
        side = s;
        nearness = cost;
      }
    }
    clearReport(report);
    if (side < 0) {
      report.matched = false;
      report.askForSign = true;
      report.cueSide = movement.hand === 'left' ? 0 : 1;
      report.movementCue = -1;
      report.partStatus[movement.hand === 'left' ? Part.leftHand : Part.rightHand] = PartStatus.missing;
      return 0;
    }
    const state = this.states[side]!;
    report.askForSign = false;
    report.cueSide = side;
    report.matched = reached > 0 && alignmentWithinLimits(state.current, reached - 1, this.limits);
    report.partStatus[side === 0 ? Part.leftHand : Part.rightHand] = report.matched ? PartStatus.ok : PartStatus.off;
    movementCue(state, movement, reached, report);
    return reached;
  }

  /** The sign matched on the hand `end.side`: all key poses once the movement has ended, one short until then. */
  private matched(movement: CompiledMovement, report: MatchReport): number {
    const side = this.end.side;
    clearReport(report);
    report.askForSign = false;
    report.cueSide = side;
    report.matched = true;
    report.movementCue = -1;
    report.partStatus[side === 0 ? Part.leftHand : Part.rightHand] = PartStatus.ok;
    return this.ended ? movement.keyCount : movement.keyCount - 1;
  }
}
