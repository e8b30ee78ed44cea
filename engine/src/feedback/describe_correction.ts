import { HAND_ANGLE_FINGER, HAND_ANGLE_NAMES } from '../angles/hand_angle_definitions.ts';
import { POSE_ANGLE_NAMES } from '../angles/pose_angle_definitions.ts';
import { Part } from '../core/landmark_layout.ts';
import { HAND_DESCRIPTORS } from '../handshape/hand_descriptors.ts';
import { CUE_HOLD_STILL, CUE_MOVE } from '../handshape/match_handshape.ts';
import { MovementCueKind, PartStatus, type MatchReport } from '../match/match_report.ts';
import { MOVEMENT_FEATURES } from '../movement/movement_features.ts';

export type Side = 'left' | 'right';

/** What to fix first, in the learner's own left and right (not the mirrored screen's). */
export type Correction =
  | { kind: 'showPart'; part: 'pose' | 'leftHand' | 'rightHand'; text: string }
  /** The handshape judge: no hand near the sign is shown; ask for the sign itself. */
  | { kind: 'askForSign'; side: Side; text: string }
  /** The handshape judge: one descriptor of the hand (handshape/hand_descriptors.ts) is off. */
  | { kind: 'handshape'; side: Side; descriptor: string; text: string }
  /** The handshape judge: the shape is right, but a held sign's hand moves, or a moving sign's is still. */
  | { kind: 'movement'; side: Side; text: string }
  /** The judge of moving signs (movement/): where to start, what to correct on the way, or which way to move. */
  | { kind: 'course'; side: Side; feature: string; stage: 'start' | 'along' | 'travel'; text: string }
  | { kind: 'finger'; side: Side; joint: (typeof HAND_ANGLE_NAMES)[number]; finger: (typeof HAND_ANGLE_FINGER)[number]; errorDegrees: number; text: string }
  | { kind: 'arm'; side: Side; joint: (typeof POSE_ANGLE_NAMES)[number]; errorDegrees: number; text: string };

const THUMB_SPREAD = HAND_ANGLE_NAMES.indexOf('thumbIndexSpread');

function fingerText(side: Side, joint: number, error: number): string {
  const finger = HAND_ANGLE_FINGER[joint]!;
  if (joint === THUMB_SPREAD) {
    return error > 0 ? `Bring your ${side} thumb closer to your index finger` : `Move your ${side} thumb away from your index finger`;
  }
  // Positive error: the learner's joint is straighter (nearer 180) than the reference's.
  return error > 0 ? `Bend your ${side} ${finger}${finger === 'thumb' ? '' : ' finger'} more` : `Straighten your ${side} ${finger}${finger === 'thumb' ? '' : ' finger'}`;
}

function armText(side: Side, joint: number, error: number): string {
  if (POSE_ANGLE_NAMES[joint]!.endsWith('ShoulderElbowWrist')) {
    return error > 0 ? `Bend your ${side} elbow more` : `Straighten your ${side} arm`;
  }
  // Hip-shoulder-elbow: a larger angle means the upper arm is raised further from the body.
  return error > 0 ? `Lower your ${side} arm` : `Raise your ${side} arm`;
}

/** A moving sign's cue (movement/movement_cue.ts) in the learner's words: 'Start with your right
 * hand higher' (the first key pose not reached; a shape to fix there in the shape's words, 'Open
 * your right hand'), the same words on the way, or 'Move your right hand outward' (the hand is
 * where it should be: on with the movement). */
function courseCorrection(report: MatchReport, side: Side): Correction {
  const feature = MOVEMENT_FEATURES[report.movementCue]!;
  const fix = (report.movementCueAbove ? feature.higher : feature.lower).replace('{side}', side);
  if (report.movementCueKind === MovementCueKind.travel) {
    const towards = report.movementCueAbove ? feature.towardsHigher : feature.towardsLower;
    const text = feature.place ? `Move your ${side} hand ${towards}` : `Keep moving, ${towards}`;
    return { kind: 'course', side, feature: feature.name, stage: 'travel', text };
  }
  if (report.movementCueKind === MovementCueKind.start) {
    const start = report.movementCueAbove ? feature.startHigher : feature.startLower;
    return { kind: 'course', side, feature: feature.name, stage: 'start', text: start ? start.replace('{side}', side) : fix };
  }
  return { kind: 'course', side, feature: feature.name, stage: 'along', text: fix };
}

/**
 * The one correction that helps most for a frame that did not match. The handshape judge's
 * report says it itself: ask for the sign (no hand near it), one descriptor in the learner's
 * words, or the movement. The SPEC and precise modes' reports: a part the reference needs and the
 * camera does not see comes first, then the joint furthest beyond its tolerance. Null when the
 * frame matched. `signName` names the sign being practised, for the request to show it. Runs once
 * per frame shown, outside the hot path, so it may allocate. A moving sign's report (movement/)
 * always has one until the sign is complete: where to start, what to fix, or which way to move.
 */
export function describeCorrection(report: MatchReport, context: { signName?: string } = {}): Correction | null {
  const side: Side = report.cueSide === 0 ? 'left' : 'right';
  // A moving sign's cue says which way to go on even while the hand is on course.
  if (report.movementCue >= 0) return courseCorrection(report, side);
  if (report.matched) return null;
  if (report.askForSign) {
    const text = context.signName ? `Show the sign for ${context.signName} with your ${side} hand` : `Show your ${side} hand to the camera`;
    return { kind: 'askForSign', side, text };
  }
  if (report.cue === CUE_HOLD_STILL) return { kind: 'movement', side, text: `Good shape: now hold your ${side} hand still` };
  if (report.cue === CUE_MOVE) return { kind: 'movement', side, text: `Good shape: now trace ${context.signName ?? 'the sign'} with your ${side} hand` };
  if (report.cue >= 0) {
    const descriptor = HAND_DESCRIPTORS[report.cue]!;
    return { kind: 'handshape', side, descriptor: descriptor.name, text: (report.cueAbove ? descriptor.higher : descriptor.lower).replace('{side}', side) };
  }
  if (report.partStatus[Part.pose] === PartStatus.missing) {
    return { kind: 'showPart', part: 'pose', text: 'Step back so your shoulders, arms and hips are in view' };
  }
  for (const [part, side] of [['rightHand', 'right'], ['leftHand', 'left']] as const) {
    if (report.partStatus[Part[part]] === PartStatus.missing) {
      return { kind: 'showPart', part, text: `Show your ${side} hand to the camera` };
    }
  }
  let best: Correction | null = null;
  let bestError = 0;
  const consider = (off: Uint8Array, errors: Float32Array, make: (joint: number, error: number) => Correction) => {
    for (let j = 0; j < off.length; j++) {
      if (off[j] === 1 && Math.abs(errors[j]!) > bestError) {
        bestError = Math.abs(errors[j]!);
        best = make(j, errors[j]!);
      }
    }
  };
  for (const [errors, off, side] of [
    [report.rightHandError, report.rightHandOff, 'right'],
    [report.leftHandError, report.leftHandOff, 'left'],
  ] as const) {
    consider(off, errors, (j, e) => ({ kind: 'finger', side, joint: HAND_ANGLE_NAMES[j]!, finger: HAND_ANGLE_FINGER[j]!, errorDegrees: e, text: fingerText(side, j, e) }));
  }
  consider(report.poseOff, report.poseError, (j, e) => {
    const side: Side = POSE_ANGLE_NAMES[j]!.startsWith('left') ? 'left' : 'right';
    return { kind: 'arm', side, joint: POSE_ANGLE_NAMES[j]!, errorDegrees: e, text: armText(side, j, e) };
  });
  return best;
}
