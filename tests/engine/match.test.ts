import { describe, expect, it } from 'vitest';
import { HAND_ANGLE_NAMES } from '../../engine/src/angles/hand_angle_definitions.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { matchFrame } from '../../engine/src/match/match_frame.ts';
import { createMatchReport, PartStatus } from '../../engine/src/match/match_report.ts';
import { angleFrame, compiled, hand, pose } from './support.ts';

const report = createMatchReport();
const sixteen = (value: number) => Array(16).fill(value) as number[];

describe('pose match (SPEC 5: every angle within 30 degrees, learner pose present)', () => {
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

describe('hand match (SPEC 5: all 16 angles within max(75, degreesOfFreedom))', () => {
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

describe('missing parts (SPEC 5)', () => {
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

describe('as seen or mirrored (SPEC 5)', () => {
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
