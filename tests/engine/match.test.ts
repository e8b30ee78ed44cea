import { describe, expect, it } from 'vitest';
import { HAND_ANGLE_NAMES } from '../../engine/src/angles/hand_angle_definitions.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { matchFrame } from '../../engine/src/match/match_frame.ts';
import { createMatchReport, PartStatus } from '../../engine/src/match/match_report.ts';
import { angleFrame, compiled, hand, pose } from './support.ts';

const report = createMatchReport();
const sixteen = (value: number) => Array(16).fill(value) as number[];

describe('pose match (product.md §5 Validation: every angle within 30 degrees, learner pose present)', () => {
  const reference = compiled([{ pose: pose(90, 120, 30, 40) }]);
  it('matches at exactly 30 degrees off and not at 30.5', () => {
    // Left and right far apart, so that the mirrored comparison cannot match either.
    const asymmetric = compiled([{ pose: pose(90, 170, 30, 100) }]);
    expect(matchFrame(angleFrame({ pose: [120, 140, 60, 70] }), asymmetric, 0, report)).toBe(true);
    expect(matchFrame(angleFrame({ pose: [120.5, 170, 30, 100] }), asymmetric, 0, report)).toBe(false);
    expect(report.poseOff[0]).toBe(1);
  });
  it('needs every angle: one arm off is no match, and the report names that joint with its signed error', () => {
    expect(matchFrame(angleFrame({ pose: [90, 120, 30, 80] }), reference, 0, report)).toBe(false);
    expect(Array.from(report.poseOff)).toEqual([0, 0, 0, 1]);
    expect(report.poseError[3]).toBeCloseTo(40);
    expect(report.partStatus[Part.pose]).toBe(PartStatus.off);
  });
  it('does not match when the learner has no pose', () => {
    expect(matchFrame(angleFrame({ rightHand: sixteen(100) }), reference, 0, report)).toBe(false);
    expect(report.partStatus[Part.pose]).toBe(PartStatus.missing);
  });
});

describe('hand match (product.md §5 Validation: all 16 angles within max(75, degreesOfFreedom))', () => {
  it('uses 75 degrees when degreesOfFreedom is smaller', () => {
    const reference = compiled([{ right_hand: hand(100, 10) }]);
    expect(matchFrame(angleFrame({ rightHand: sixteen(175) }), reference, 0, report)).toBe(true);
    expect(matchFrame(angleFrame({ rightHand: sixteen(24) }), reference, 0, report)).toBe(false);
  });
  it('uses degreesOfFreedom when it is larger than 75', () => {
    const reference = compiled([{ right_hand: hand(100, 90) }]);
    expect(matchFrame(angleFrame({ rightHand: sixteen(10) }), reference, 0, report)).toBe(true);
    expect(matchFrame(angleFrame({ rightHand: [...sixteen(100).slice(0, 15), 9] }), reference, 0, report)).toBe(false);
  });
  it('fails on a single joint and reports which finger joint, signed', () => {
    const reference = compiled([{ right_hand: hand(100) }]);
    const learner = sixteen(100);
    learner[HAND_ANGLE_NAMES.indexOf('indexPip')] = 180;
    expect(matchFrame(angleFrame({ rightHand: learner }), reference, 0, report)).toBe(false);
    expect(report.rightHandOff[HAND_ANGLE_NAMES.indexOf('indexPip')]).toBe(1);
    expect(report.rightHandOff.reduce((a, b) => a + b, 0)).toBe(1);
    expect(report.rightHandError[HAND_ANGLE_NAMES.indexOf('indexPip')]).toBeCloseTo(80); // straighter than the reference
    expect(report.offCount).toBe(1);
    expect(report.offExcess).toBeCloseTo(5);
  });
});

describe('missing parts (product.md §5 Validation)', () => {
  it('a part missing in the reference counts as matching, whatever the learner shows', () => {
    const reference = compiled([{ right_hand: hand(100) }]);
    expect(matchFrame(angleFrame({ rightHand: sixteen(100), leftHand: sixteen(0), pose: [1, 2, 3, 4] }), reference, 0, report)).toBe(true);
    expect(report.partStatus[Part.pose]).toBe(PartStatus.notInReference);
    expect(report.partStatus[Part.leftHand]).toBe(PartStatus.notInReference);
  });
  it('a part the reference has and the learner lacks is no match, in either orientation', () => {
    const reference = compiled([{ right_hand: hand(100), left_hand: hand(100) }]);
    expect(matchFrame(angleFrame({ rightHand: sixteen(100) }), reference, 0, report)).toBe(false);
    expect(report.partStatus[Part.leftHand]).toBe(PartStatus.missing);
  });
  it('an empty reference frame matches anything, even an empty learner frame', () => {
    const reference = compiled([{}]);
    expect(matchFrame(angleFrame({}), reference, 0, report)).toBe(true);
  });
});

describe('as seen or mirrored (product.md §4.7 Practice flow, §5 Validation)', () => {
  it('matches a left-handed learner against a right-handed reference, and says it was mirrored', () => {
    const reference = compiled([{ right_hand: hand(60) }]);
    expect(matchFrame(angleFrame({ leftHand: sixteen(60) }), reference, 0, report)).toBe(true);
    expect(report.mirrored).toBe(true);
    expect(report.partStatus[Part.leftHand]).toBe(PartStatus.ok);
  });
  it('swaps the pose angles left for right when mirrored', () => {
    const reference = compiled([{ pose: pose(90, 170, 20, 80) }]);
    expect(matchFrame(angleFrame({ pose: [170, 90, 80, 20] }), reference, 0, report)).toBe(true);
    expect(report.mirrored).toBe(true);
    // Neither as seen nor mirrored: left arm of one with right arm of the other.
    expect(matchFrame(angleFrame({ pose: [170, 170, 80, 80] }), reference, 0, report)).toBe(false);
  });
  it('prefers as seen when both orientations match', () => {
    const reference = compiled([{ right_hand: hand(60), left_hand: hand(60) }]);
    expect(matchFrame(angleFrame({ leftHand: sixteen(60), rightHand: sixteen(60) }), reference, 0, report)).toBe(true);
    expect(report.mirrored).toBe(false);
  });
  it('on a failed match reports the closer orientation', () => {
    const reference = compiled([{ right_hand: hand(60) }]);
    const learner = sixteen(60);
    learner[0] = 170;
    expect(matchFrame(angleFrame({ leftHand: learner }), reference, 0, report)).toBe(false);
    expect(report.mirrored).toBe(true); // as seen, the right hand is missing, which is further off
    expect(report.leftHandOff[0]).toBe(1);
  });
});

describe('reference frames by index', () => {
  it('compares with the frame asked for, not another', () => {
    const reference = compiled([{ right_hand: hand(20) }, { right_hand: hand(170) }]);
    const learner = angleFrame({ rightHand: sixteen(170) });
    expect(matchFrame(learner, reference, 0, report)).toBe(false);
    expect(matchFrame(learner, reference, 1, report)).toBe(true);
  });
});

describe('a folded finger read both ways (product.md §5 Validation on 2-D angles: a phalanx seen end-on)', () => {
  // Z's folded middle, ring and little fingers as the alphabet's signer shows them: MCP, PIP, DIP
  // of frame 110 (the middle of the recording) and of frame 30 (its first quarter), the same fist.
  const handWith = (fingers: number[]) => [160, 170, 170, 175, 175, 175, ...fingers, 175];
  const middleOfRecording = handWith([29, 177, 170, 4, 174, 170, 23, 167, 170]);
  const firstQuarter = handWith([166, 5, 173, 139, 35, 161, 127, 54, 155]);
  const reference = compiled([{ right_hand: { config: { degreesOfFreedom: 0 }, angles: middleOfRecording } }]);
  const indices = (names: string[]) => names.map((name) => HAND_ANGLE_NAMES.indexOf(name as (typeof HAND_ANGLE_NAMES)[number]));

  it('matches the other reading of the same fist, and reports its errors in the reading that matched', () => {
    expect(matchFrame(angleFrame({ rightHand: firstQuarter }), reference, 0, report)).toBe(true);
    expect(report.offCount).toBe(0);
    expect(report.offExcess).toBe(0);
    expect(report.partStatus[Part.rightHand]).toBe(PartStatus.ok);
    // The middle finger read as (180 - 166, 180 - 5, 173) against (29, 177, 170).
    const [mcp, pip, dip] = indices(['middleMcp', 'middlePip', 'middleDip']);
    expect(report.rightHandError[mcp!]).toBeCloseTo(14 - 29);
    expect(report.rightHandError[pip!]).toBeCloseTo(175 - 177);
    expect(report.rightHandError[dip!]).toBeCloseTo(173 - 170);
  });

  it('reads the middle phalanx end-on too (PIP and DIP), and mirrored', () => {
    const bentAtTheTip = compiled([{ right_hand: { config: { degreesOfFreedom: 0 }, angles: handWith([170, 40, 30, 170, 40, 30, 170, 40, 30]) } }]);
    const otherReading = handWith([170, 140, 150, 170, 140, 150, 170, 140, 150]);
    expect(matchFrame(angleFrame({ rightHand: otherReading }), bentAtTheTip, 0, report)).toBe(true);
    expect(matchFrame(angleFrame({ leftHand: otherReading }), bentAtTheTip, 0, report)).toBe(true);
    expect(report.mirrored).toBe(true);
  });

  it('does not take a straight finger for a fold, in any reading', () => {
    const straightMiddle = [...middleOfRecording];
    straightMiddle.splice(6, 3, 175, 175, 175);
    expect(matchFrame(angleFrame({ rightHand: straightMiddle }), reference, 0, report)).toBe(false);
    expect(report.offCount).toBe(1);
    expect(report.rightHandOff[HAND_ANGLE_NAMES.indexOf('middleMcp')]).toBe(1);
  });

  it('re-reads only a finger folded past what a joint bends in the image plane (an angle under 60 degrees)', () => {
    // A straight finger against one bent to 70 degrees at MCP and PIP: the supplements (10, 10)
    // would be within 75 of (70, 70), but neither finger shows a projection's fold.
    const bent = compiled([{ right_hand: { config: { degreesOfFreedom: 0 }, angles: handWith([70, 70, 170, 175, 175, 175, 175, 175, 175]) } }]);
    expect(matchFrame(angleFrame({ rightHand: handWith(Array(9).fill(170)) }), bent, 0, report)).toBe(false);
    expect(report.offCount).toBe(2);
  });

  it('leaves a finger that no reading brings within tolerance as compared, with the other fingers re-read', () => {
    const oneFingerOff = [...firstQuarter];
    oneFingerOff.splice(12, 3, 175, 175, 175);
    expect(matchFrame(angleFrame({ rightHand: oneFingerOff }), reference, 0, report)).toBe(false);
    expect(Array.from(report.rightHandOff.slice(6, 12))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(report.rightHandOff[HAND_ANGLE_NAMES.indexOf('pinkyMcp')]).toBe(1);
    expect(report.offCount).toBe(1);
    expect(report.offExcess).toBeCloseTo(175 - 23 - 75);
  });
});
