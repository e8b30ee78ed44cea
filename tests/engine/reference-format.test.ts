import { describe, expect, it } from 'vitest';
import { ANGLE_FRAME_LAYOUT } from '../../engine/src/core/angle_frame.ts';
import { compileReference, primaryGuideFileName } from '../../engine/src/reference/compile_reference.ts';
import { InvalidReferenceSignError, parseReferenceSign } from '../../engine/src/reference/reference_sign_schema.ts';
import { hand, pose } from './support.ts';

describe('reference sign record (product.md §3 Data signs/{signName})', () => {
  const valid = { configs: { 'A.gif': [{ right_hand: hand(90, 5), pose: pose(1, 2, 3, 4) }, { left_hand: hand(80) }] } };

  it('accepts a valid record, with absent or null parts', () => {
    expect(parseReferenceSign('A', valid).configs['A.gif']).toHaveLength(2);
    expect(() => parseReferenceSign('A', { configs: { 'A.gif': [{ right_hand: hand(1), left_hand: null, pose: null }] } })).not.toThrow();
    expect(parseReferenceSign('A', { ...valid, calibration: [{ right_hand: hand(70) }, { right_hand: hand(75) }] }).calibration).toHaveLength(2);
  });

  it.each([
    ['not an object', 42, '(record)'],
    ['no configs', {}, 'configs'],
    ['empty configs', { configs: {} }, 'configs is empty'],
    ['a config with no frames', { configs: { 'A.gif': [] } }, 'at least one frame'],
    ['15 hand angles', { configs: { 'A.gif': [{ right_hand: { config: { degreesOfFreedom: 0 }, angles: Array(15).fill(1) } }] } }, 'configs.A.gif.0.right_hand.angles'],
    ['an angle above 180', { configs: { 'A.gif': [{ right_hand: { config: { degreesOfFreedom: 0 }, angles: [...Array(15).fill(1), 181] } }] } }, 'right_hand.angles.15'],
    ['a string angle', { configs: { 'A.gif': [{ pose: { config: { degreesOfFreedom: 0 }, angles: { leftShoulderElbowWrist: '90', rightShoulderElbowWrist: 1, leftHipShoulderElbow: 1, rightHipShoulderElbow: 1 } } }] } }, 'pose.angles.leftShoulderElbowWrist'],
    ['no degreesOfFreedom', { configs: { 'A.gif': [{ left_hand: { config: {}, angles: Array(16).fill(1) } }] } }, 'left_hand.config.degreesOfFreedom'],
    ['an empty calibration', { configs: { 'A.gif': [{ right_hand: hand(90) }] }, calibration: [] }, 'calibration needs at least one frame'],
    ['a malformed calibration frame', { configs: { 'A.gif': [{ right_hand: hand(90) }] }, calibration: [{ right_hand: { config: { degreesOfFreedom: 0 }, angles: [1] } }] }, 'calibration.0.right_hand.angles'],
  ])('rejects %s with an error naming the sign and the path', (_, value, expected) => {
    let error: unknown;
    try {
      parseReferenceSign('A', value);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidReferenceSignError);
    expect((error as Error).message).toContain('"A"');
    expect((error as Error).message).toContain(expected);
  });

  it('compiles the first guide by name into typed arrays with the angle rule\'s hand tolerance', () => {
    const record = parseReferenceSign('A', { configs: { 'b.gif': [{ right_hand: hand(1) }], 'a.gif': [{ right_hand: hand(90, 100) }, { left_hand: hand(80) }] } });
    expect(primaryGuideFileName(record)).toBe('a.gif');
    const compiled = compileReference('A', record);
    expect(compiled.frameCount).toBe(2);
    expect(compiled.rightHand[0]).toBe(90);
    const { angleCount, leftHand, rightHand } = ANGLE_FRAME_LAYOUT;
    expect(compiled.jointTolerance[rightHand]).toBe(100); // frame 0, right hand: max(75, 100)
    expect(compiled.jointTolerance[angleCount + leftHand]).toBe(75); // frame 1, left hand: max(75, 0)
    expect(Array.from(compiled.present)).toEqual([0, 0, 1, 0, 1, 0]);
  });
});
