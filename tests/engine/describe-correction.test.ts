import { describe, expect, it } from 'vitest';
import { HAND_ANGLE_NAMES } from '../../engine/src/angles/hand_angle_definitions.ts';
import { describeCorrection } from '../../engine/src/feedback/describe_correction.ts';
import { HAND_DESCRIPTOR_NAMES, HAND_DESCRIPTORS } from '../../engine/src/handshape/hand_descriptors.ts';
import { CUE_HOLD_STILL, CUE_MOVE } from '../../engine/src/handshape/match_handshape.ts';
import { matchFrame } from '../../engine/src/match/match_frame.ts';
import { createMatchReport } from '../../engine/src/match/match_report.ts';
import { angleFrame, compiled, hand, pose } from './support.ts';

const report = createMatchReport();
const withJoint = (base: number, joint: string, value: number) => {
  const angles = Array(16).fill(base) as number[];
  angles[HAND_ANGLE_NAMES.indexOf(joint as (typeof HAND_ANGLE_NAMES)[number])] = value;
  return angles;
};

describe('describeCorrection: what the learner should fix', () => {
  it('says nothing for a matching frame', () => {
    matchFrame(angleFrame({ rightHand: Array(16).fill(90) }), compiled([{ right_hand: hand(90) }]), 0, report);
    expect(describeCorrection(report)).toBeNull();
  });

  it('names the finger and asks to bend it when it is straighter than the reference', () => {
    matchFrame(angleFrame({ rightHand: withJoint(90, 'indexPip', 175) }), compiled([{ right_hand: hand(90) }]), 0, report);
    expect(describeCorrection(report)).toMatchObject({ kind: 'finger', side: 'right', finger: 'index', joint: 'indexPip', text: 'Bend your right index finger more' });
  });

  it('asks to straighten a finger bent more than the reference', () => {
    matchFrame(angleFrame({ rightHand: withJoint(170, 'pinkyMcp', 40) }), compiled([{ right_hand: hand(170) }]), 0, report);
    expect(describeCorrection(report)?.text).toBe('Straighten your right pinky finger');
  });

  it('picks the joint furthest off when several are', () => {
    const angles = withJoint(90, 'ringPip', 170);
    angles[HAND_ANGLE_NAMES.indexOf('middleDip')] = 0;
    matchFrame(angleFrame({ rightHand: angles }), compiled([{ right_hand: hand(90) }]), 0, report);
    expect(describeCorrection(report)).toMatchObject({ finger: 'middle', text: 'Straighten your right middle finger' });
  });

  it('talks about the thumb spread', () => {
    matchFrame(angleFrame({ rightHand: withJoint(20, 'thumbIndexSpread', 100) }), compiled([{ right_hand: hand(20) }]), 0, report);
    expect(describeCorrection(report)?.text).toBe('Bring your right thumb closer to your index finger');
  });

  it('names the learner\'s own hand when the match was mirrored (left hand against a right-hand reference)', () => {
    matchFrame(angleFrame({ leftHand: withJoint(90, 'indexPip', 175) }), compiled([{ right_hand: hand(90) }]), 0, report);
    expect(report.mirrored).toBe(true);
    expect(describeCorrection(report)?.text).toBe('Bend your left index finger more');
  });

  it('asks to show a missing hand, or to step back when the body is not seen', () => {
    matchFrame(angleFrame({ rightHand: Array(16).fill(90) }), compiled([{ right_hand: hand(90), left_hand: hand(90) }]), 0, report);
    expect(describeCorrection(report)?.text).toBe('Show your left hand to the camera');
    matchFrame(angleFrame({ rightHand: Array(16).fill(90) }), compiled([{ pose: pose(90, 90, 30, 30) }]), 0, report);
    expect(describeCorrection(report)?.text).toBe('Step back so your shoulders, arms and hips are in view');
  });

  it('tells which arm to bend, straighten, raise or lower', () => {
    const reference = compiled([{ pose: pose(90, 170, 20, 100) }]);
    matchFrame(angleFrame({ pose: [160, 170, 20, 100] }), reference, 0, report);
    expect(describeCorrection(report)?.text).toBe('Bend your left elbow more');
    matchFrame(angleFrame({ pose: [90, 170, 20, 40] }), reference, 0, report);
    expect(describeCorrection(report)?.text).toBe('Raise your right arm');
  });
});

describe('describeCorrection: the handshape judge\'s report', () => {
  const cueReport = () => {
    const r = createMatchReport();
    r.matched = false;
    r.offCount = 1;
    return r;
  };
  it('asks for the sign by name and hand when no hand is near it', () => {
    const r = cueReport();
    r.askForSign = true;
    r.cueSide = 1;
    expect(describeCorrection(r, { signName: 'B' })).toEqual({ kind: 'askForSign', side: 'right', text: 'Show the sign for B with your right hand' });
    r.cueSide = 0;
    expect(describeCorrection(r, { signName: 'B' })?.text).toBe('Show the sign for B with your left hand');
  });
  it('says the descriptor that is off, which way, in the learner\'s words', () => {
    const r = cueReport();
    r.cue = HAND_DESCRIPTOR_NAMES.indexOf('ringStraight');
    r.cueAbove = true;
    r.cueSide = 1;
    expect(describeCorrection(r, { signName: 'V' })).toEqual({ kind: 'handshape', side: 'right', descriptor: 'ringStraight', text: 'Curl your right ring finger' });
    r.cue = HAND_DESCRIPTOR_NAMES.indexOf('thumbAcross');
    r.cueAbove = false;
    r.cueSide = 0;
    expect(describeCorrection(r)?.text).toBe('Move your left thumb further across your palm');
  });
  it('tells a held letter\'s moving hand to hold still, and a moving letter\'s still hand to trace it', () => {
    const r = cueReport();
    r.cue = CUE_HOLD_STILL;
    expect(describeCorrection(r, { signName: 'A' })?.text).toBe('Good shape: now hold your right hand still');
    r.cue = CUE_MOVE;
    expect(describeCorrection(r, { signName: 'Z' })?.text).toBe('Good shape: now trace Z with your right hand');
  });
  it('every descriptor has words for both directions', () => {
    for (const d of HAND_DESCRIPTORS) {
      for (const text of [d.lower, d.higher]) expect(text, d.name).toMatch(/\{side\}/);
    }
  });
});
