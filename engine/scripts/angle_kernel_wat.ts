// Writes the angle kernel's WebAssembly text (WAT) from the engine's angle definitions. The
// kernel computes what computeAngleFrame's JavaScript path computes (the 4 pose angles and each
// hand's 16 angles, with the same missing-part rules) four angles at a time with 128-bit SIMD.
// build_angle_kernel.ts compiles it; tests/engine/angle-kernel.test.ts checks that the compiled
// module in engine/src/angles/kernel/ is this text's, and that both paths agree.
import { ANGLE_FRAME_LAYOUT } from '../src/core/angle_frame.ts';
import { HAND_ANGLE_COUNT, POSE_ANGLE_COUNT } from '../src/core/constants.ts';
import { HandPoint, POINT_STRIDE, SCORE, X, Y } from '../src/core/landmark_layout.ts';
import { ANGLE_KERNEL_LAYOUT } from '../src/angles/kernel/angle_kernel_layout.ts';
import { HAND_ANGLE_TRIPLETS } from '../src/angles/hand_angle_definitions.ts';
import { POSE_ANGLE_POINTS, POSE_ANGLE_TRIPLETS } from '../src/angles/pose_angle_definitions.ts';

const FLOAT = 4;
const POINT_BYTES = POINT_STRIDE * FLOAT;

/**
 * atan(t) / t for t in 0..1 as a polynomial in t^2 (8 terms, near-minimax, fitted by iteratively
 * reweighted least squares on Chebyshev nodes), already in degrees. Its error is 2e-6 degrees;
 * evaluated in float32 the kernel's angles stay within 3e-5 degrees of Math.atan2's.
 */
const ATAN_DEGREES = [
  0.9999993355825012, -0.3332986078125674, 0.19946565501616512, -0.13908628435015866, 0.09642193806518706,
  -0.05591227167698747, 0.021862915762618156, -0.004054554659205194,
].map((c) => (c * 180) / Math.PI);

const splat = (value: number) => `(v128.const f32x4 ${value} ${value} ${value} ${value})`;
const get = (name: string) => `(local.get $${name})`;
/** i8x16.shuffle of two vectors by 32-bit lanes: lanes 0-3 pick from `a`, 4-7 from `b`. */
function shuffle(a: string, b: string, lanes: [number, number, number, number]): string {
  const bytes = lanes.flatMap((lane) => [0, 1, 2, 3].map((k) => lane * 4 + k));
  return `(i8x16.shuffle ${bytes.join(' ')} ${a} ${b})`;
}

/**
 * Four angles into local `$result`: per lane, the angle in degrees (0..180) between the vectors
 * u and v (jointAngle's B->A and B->C), y components scaled by `$yScale` after the subtraction so
 * that a zero difference stays zero. atan2(|cross|, dot) by octant: t = min / max of |cross| and
 * |dot|, the polynomial, then 90 - a when |cross| > |dot| and 180 - a when dot < 0. A zero-length
 * vector gives 0 / 0 = NaN, which `$bad` collects (as it does a NaN coordinate).
 */
function fourAngles(ux: string, uy: string, vx: string, vy: string): string {
  let poly = splat(ATAN_DEGREES[ATAN_DEGREES.length - 1]!);
  for (let k = ATAN_DEGREES.length - 2; k >= 0; k--) poly = `(f32x4.add (f32x4.mul ${poly} ${get('z')}) ${splat(ATAN_DEGREES[k]!)})`;
  return `
    (local.set $ux ${ux})
    (local.set $uy (f32x4.mul ${uy} ${get('yScale')}))
    (local.set $vx ${vx})
    (local.set $vy (f32x4.mul ${vy} ${get('yScale')}))
    (local.set $cross (f32x4.abs (f32x4.sub (f32x4.mul ${get('ux')} ${get('vy')}) (f32x4.mul ${get('uy')} ${get('vx')}))))
    (local.set $dot (f32x4.add (f32x4.mul ${get('ux')} ${get('vx')}) (f32x4.mul ${get('uy')} ${get('vy')})))
    (local.set $absDot (f32x4.abs ${get('dot')}))
    (local.set $t (f32x4.div (f32x4.pmin ${get('absDot')} ${get('cross')}) (f32x4.pmax ${get('absDot')} ${get('cross')})))
    (local.set $z (f32x4.mul ${get('t')} ${get('t')}))
    (local.set $result (f32x4.mul ${get('t')} ${poly}))
    (local.set $result (v128.bitselect (f32x4.sub ${splat(90)} ${get('result')}) ${get('result')} (f32x4.gt ${get('cross')} ${get('absDot')})))
    (local.set $result (v128.bitselect (f32x4.sub ${splat(180)} ${get('result')}) ${get('result')} (f32x4.lt ${get('dot')} ${splat(0)})))
    (local.set $bad (v128.or ${get('bad')} (f32x4.ne ${get('result')} ${get('result')})))`;
}

const ANGLE_LOCALS =
  '(local $ux v128) (local $uy v128) (local $vx v128) (local $vy v128) (local $cross v128) (local $dot v128) ' +
  '(local $absDot v128) (local $t v128) (local $z v128) (local $result v128) (local $bad v128)';

/** The pose: its four angles are one vector; each lane's points are read one by one. */
function poseFunction(): string {
  const lanes = (column: number) => Array.from({ length: POSE_ANGLE_COUNT }, (_, i) => POSE_ANGLE_TRIPLETS[3 * i + column]!);
  const gather = (name: string, points: number[], coordinate: number) => {
    const at = (point: number) => `(f32.load offset=${ANGLE_KERNEL_LAYOUT.pose + point * POINT_BYTES + coordinate * FLOAT} (i32.const 0))`;
    let code = `\n    (local.set $${name} (f32x4.splat ${at(points[0]!)}))`;
    for (let lane = 1; lane < 4; lane++) code += `\n    (local.set $${name} (f32x4.replace_lane ${lane} ${get(name)} ${at(points[lane]!)}))`;
    return code;
  };
  const scores = Array.from(POSE_ANGLE_POINTS, (point) =>
    `\n    (local.set $ok (i32.and ${get('ok')} (f32.ge (f32.load offset=${ANGLE_KERNEL_LAYOUT.pose + point * POINT_BYTES + SCORE * FLOAT} (i32.const 0)) ${get('minScore')})))`).join('');
  return `
  ;; The pose's 4 angles (POSE_ANGLE_TRIPLETS) to the output; 1 when its ${POSE_ANGLE_POINTS.length} points score at least
  ;; $minScore (a NaN score fails) and no angle is NaN, else 0 and the angles are zeros.
  (func $pose (param $yScale v128) (param $minScore f32) (result i32)
    (local $ok i32) (local $ax v128) (local $ay v128) (local $bx v128) (local $by v128) (local $cx v128) (local $cy v128)
    ${ANGLE_LOCALS}
    (local.set $ok (i32.const 1))${scores}
    (if (i32.eqz ${get('ok')}) (then
      (v128.store offset=${ANGLE_KERNEL_LAYOUT.angles + ANGLE_FRAME_LAYOUT.pose * FLOAT} (i32.const 0) ${splat(0)})
      (return (i32.const 0))))${gather('ax', lanes(0), X)}${gather('ay', lanes(0), Y)}${gather('bx', lanes(1), X)}${gather('by', lanes(1), Y)}${gather('cx', lanes(2), X)}${gather('cy', lanes(2), Y)}
    ${fourAngles(`(f32x4.sub ${get('ax')} ${get('bx')})`, `(f32x4.sub ${get('ay')} ${get('by')})`, `(f32x4.sub ${get('cx')} ${get('bx')})`, `(f32x4.sub ${get('cy')} ${get('by')})`)}
    (if (v128.any_true ${get('bad')}) (then
      (v128.store offset=${ANGLE_KERNEL_LAYOUT.angles + ANGLE_FRAME_LAYOUT.pose * FLOAT} (i32.const 0) ${splat(0)})
      (return (i32.const 0))))
    (v128.store offset=${ANGLE_KERNEL_LAYOUT.angles + ANGLE_FRAME_LAYOUT.pose * FLOAT} (i32.const 0) ${get('result')})
    (i32.const 1))`;
}

/** Checks that HAND_ANGLE_TRIPLETS has the layout the hand function is written for. */
function assertHandLayout(): void {
  const expected: number[] = [];
  for (let finger = 0; finger < 5; finger++) {
    const first = HandPoint.thumbCmc + 4 * finger;
    expected.push(HandPoint.wrist, first, first + 1, first, first + 1, first + 2, first + 1, first + 2, first + 3);
  }
  expected.push(HandPoint.thumbTip, HandPoint.wrist, HandPoint.indexTip);
  if (expected.length !== 3 * HAND_ANGLE_COUNT || expected.some((point, k) => HAND_ANGLE_TRIPLETS[k] !== point)) {
    throw new Error('HAND_ANGLE_TRIPLETS changed: the angle kernel (engine/scripts/angle_kernel_wat.ts) computes the finger chains and the thumb spread; update it.');
  }
}

/**
 * A hand: the four fingers (index..pinky) are the four lanes. Their points of one level (MCP, PIP,
 * DIP, tip) are 64 bytes apart; four loads and a 4x4 transpose give that level's x, y and score
 * vectors. Three angle vectors cover the fingers' three joints; a fourth holds the thumb's three
 * joints and the thumb spread. Shuffles put them in HAND_ANGLE_NAMES order.
 */
function handFunction(): string {
  const transpose = (xName: string, yName: string, first: number, stride: number) => {
    const loads = [0, 1, 2, 3].map((k) => `\n    (local.set $r${k} (v128.load offset=${first * POINT_BYTES + k * stride} ${get('hand')}))`).join('');
    return `${loads}
    (local.set $lo ${shuffle(get('r0'), get('r1'), [0, 4, 1, 5])})
    (local.set $hi ${shuffle(get('r2'), get('r3'), [0, 4, 1, 5])})
    (local.set $${xName} ${shuffle(get('lo'), get('hi'), [0, 1, 4, 5])})
    (local.set $${yName} ${shuffle(get('lo'), get('hi'), [2, 3, 6, 7])})
    (local.set $lo ${shuffle(get('r0'), get('r1'), [2, 6, 3, 7])})
    (local.set $hi ${shuffle(get('r2'), get('r3'), [2, 6, 3, 7])})
    (local.set $lowest (f32x4.min ${get('lowest')} ${shuffle(get('lo'), get('hi'), [2, 3, 6, 7])}))`;
  };
  const sub = (a: string, b: string) => `(f32x4.sub ${get(a)} ${get(b)})`;
  // Thumb vector lanes: CMC (0, 1, 2), MCP (1, 2, 3), IP (2, 3, 4) and the spread (4, 0, 8).
  // $tx = thumb points 1..4; $x3 lane 0 = index tip (8); $wx = wrist.
  const thumbA = (t: string, w: string) => shuffle(get(t), get(w), [4, 0, 1, 3]);
  const thumbB = (t: string, w: string) => shuffle(get(t), get(w), [0, 1, 2, 4]);
  const thumbC = (t: string, tip: string) => shuffle(get(t), get(tip), [1, 2, 3, 4]);
  return `
  ;; A hand's 16 angles (HAND_ANGLE_TRIPLETS) from its 21 points at $hand to $out; 1 when every point
  ;; scores at least $minScore (a NaN score fails) and no angle is NaN, else 0 and the angles are zeros.
  (func $hand (param $hand i32) (param $out i32) (param $yScale v128) (param $minScore f32) (result i32)
    (local $r0 v128) (local $r1 v128) (local $r2 v128) (local $r3 v128) (local $lo v128) (local $hi v128) (local $lowest v128)
    (local $wrist v128) (local $wx v128) (local $wy v128) (local $tx v128) (local $ty v128)
    (local $x0 v128) (local $y0 v128) (local $x1 v128) (local $y1 v128) (local $x2 v128) (local $y2 v128) (local $x3 v128) (local $y3 v128)
    (local $joint0 v128) (local $joint1 v128) (local $joint2 v128) (local $thumb v128)
    ${ANGLE_LOCALS}
    (local.set $wrist (v128.load ${get('hand')}))
    (local.set $wx (i32x4.splat (i32x4.extract_lane 0 ${get('wrist')})))
    (local.set $wy (i32x4.splat (i32x4.extract_lane 1 ${get('wrist')})))
    (local.set $lowest (f32x4.splat (f32x4.extract_lane 3 ${get('wrist')})))
    ;; the thumb's CMC, MCP, IP and tip (points 1-4), one after the other${transpose('tx', 'ty', HandPoint.thumbCmc, POINT_BYTES)}
    ;; MCPs of index, middle, ring, pinky${transpose('x0', 'y0', HandPoint.indexMcp, 4 * POINT_BYTES)}
    ;; PIPs${transpose('x1', 'y1', HandPoint.indexPip, 4 * POINT_BYTES)}
    ;; DIPs${transpose('x2', 'y2', HandPoint.indexDip, 4 * POINT_BYTES)}
    ;; tips${transpose('x3', 'y3', HandPoint.indexTip, 4 * POINT_BYTES)}
    (if (i32.eqz (i32x4.all_true (f32x4.ge ${get('lowest')} (f32x4.splat ${get('minScore')})))) (then
      (call $zeroHand ${get('out')})
      (return (i32.const 0))))
    ;; MCP: wrist -> MCP -> PIP${fourAngles(sub('wx', 'x0'), sub('wy', 'y0'), sub('x1', 'x0'), sub('y1', 'y0'))}
    (local.set $joint0 ${get('result')})
    ;; PIP: MCP -> PIP -> DIP${fourAngles(sub('x0', 'x1'), sub('y0', 'y1'), sub('x2', 'x1'), sub('y2', 'y1'))}
    (local.set $joint1 ${get('result')})
    ;; DIP: PIP -> DIP -> tip${fourAngles(sub('x1', 'x2'), sub('y1', 'y2'), sub('x3', 'x2'), sub('y3', 'y2'))}
    (local.set $joint2 ${get('result')})
    ;; thumb CMC, MCP, IP and the thumb spread: A = (0, 1, 2, 4), B = (1, 2, 3, 0), C = (2, 3, 4, 8)
    (local.set $lo ${thumbB('tx', 'wx')})
    (local.set $hi ${thumbB('ty', 'wy')})${fourAngles(`(f32x4.sub ${thumbA('tx', 'wx')} ${get('lo')})`, `(f32x4.sub ${thumbA('ty', 'wy')} ${get('hi')})`, `(f32x4.sub ${thumbC('tx', 'x3')} ${get('lo')})`, `(f32x4.sub ${thumbC('ty', 'y3')} ${get('hi')})`)}
    (local.set $thumb ${get('result')})
    (if (v128.any_true ${get('bad')}) (then
      (call $zeroHand ${get('out')})
      (return (i32.const 0))))
    ;; out[0..2] thumb, out[3 + 3 finger + joint], out[15] spread
    (v128.store ${get('out')} ${get('thumb')})
    (v128.store offset=${3 * FLOAT} ${get('out')} ${shuffle(shuffle(get('joint0'), get('joint1'), [0, 4, 1, 5]), get('joint2'), [0, 1, 4, 2])})
    (v128.store offset=${7 * FLOAT} ${get('out')} ${shuffle(shuffle(get('joint1'), get('joint2'), [1, 5, 2, 6]), get('joint0'), [0, 1, 6, 2])})
    (v128.store offset=${11 * FLOAT} ${get('out')} ${shuffle(shuffle(get('joint0'), get('joint1'), [3, 7, 3, 7]), get('joint2'), [6, 0, 1, 7])})
    (f32.store offset=${15 * FLOAT} ${get('out')} (f32x4.extract_lane 3 ${get('thumb')}))
    (i32.const 1))

  (func $zeroHand (param $out i32)
    (v128.store ${get('out')} ${splat(0)})
    (v128.store offset=16 ${get('out')} ${splat(0)})
    (v128.store offset=32 ${get('out')} ${splat(0)})
    (v128.store offset=48 ${get('out')} ${splat(0)}))`;
}

/** The whole module's text. */
export function angleKernelWat(): string {
  assertHandLayout();
  const out = (offset: number) => ANGLE_KERNEL_LAYOUT.angles + offset * FLOAT;
  return `;; Generated by engine/scripts/angle_kernel_wat.ts (npm run build:angle-kernel); do not edit.
;; The angle step of computeAngleFrame (engine/src/angles/compute_angle_frame.ts) in 128-bit SIMD.
;; Memory: pose at ${ANGLE_KERNEL_LAYOUT.pose}, left hand at ${ANGLE_KERNEL_LAYOUT.leftHand}, right hand at ${ANGLE_KERNEL_LAYOUT.rightHand} (x, y, z, score float32 per
;; point), the 36 angles out at ${ANGLE_KERNEL_LAYOUT.angles} (pose, left hand, right hand).
(module
  (memory (export "memory") 1)
${poseFunction()}
${handFunction()}

  ;; computeAngles(parts, yScale, minScore): the parts asked for (bit 0 pose, 1 left hand, 2 right
  ;; hand) -> the parts present. A part not asked for, or missing, gets zero angles.
  (func (export "computeAngles") (param $parts i32) (param $yScale f32) (param $minScore f32) (result i32)
    (local $scale v128) (local $present i32)
    (local.set $scale (f32x4.splat ${get('yScale')}))
    (if (i32.and ${get('parts')} (i32.const 1))
      (then (local.set $present (call $pose ${get('scale')} ${get('minScore')})))
      (else (v128.store offset=${out(ANGLE_FRAME_LAYOUT.pose)} (i32.const 0) ${splat(0)})))
    (if (i32.and ${get('parts')} (i32.const 2))
      (then (local.set $present (i32.or ${get('present')} (i32.shl (call $hand (i32.const ${ANGLE_KERNEL_LAYOUT.leftHand}) (i32.const ${out(ANGLE_FRAME_LAYOUT.leftHand)}) ${get('scale')} ${get('minScore')}) (i32.const 1)))))
      (else (call $zeroHand (i32.const ${out(ANGLE_FRAME_LAYOUT.leftHand)}))))
    (if (i32.and ${get('parts')} (i32.const 4))
      (then (local.set $present (i32.or ${get('present')} (i32.shl (call $hand (i32.const ${ANGLE_KERNEL_LAYOUT.rightHand}) (i32.const ${out(ANGLE_FRAME_LAYOUT.rightHand)}) ${get('scale')} ${get('minScore')}) (i32.const 2)))))
      (else (call $zeroHand (i32.const ${out(ANGLE_FRAME_LAYOUT.rightHand)}))))
    ${get('present')})
)
`;
}
