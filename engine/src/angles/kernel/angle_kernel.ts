import { ANGLE_FRAME_LAYOUT } from '../../core/angle_frame.ts';
import { HAND_POINT_COUNT, POINT_STRIDE, POSE_POINT_COUNT } from '../../core/landmark_layout.ts';
import { ANGLE_KERNEL_LAYOUT } from './angle_kernel_layout.ts';
import { ANGLE_KERNEL_WASM_BASE64 } from './angle_kernel_module.ts';

/**
 * The angle kernel: computeAngleFrame's angle step compiled to WebAssembly with 128-bit SIMD
 * (engine/scripts/angle_kernel_wat.ts): a frame's 36 angles in about 230 ns on these machines,
 * copies in and out included, against about 350 on the JavaScript path (bench/engine/hot_path.ts).
 * The landmarks are copied into its memory and the 36 angles read back from it, through views
 * made once.
 */
export interface AngleKernel {
  /** Inputs: the pose's and each hand's points, in LandmarkFrame's layout. */
  pose: Float32Array;
  leftHand: Float32Array;
  rightHand: Float32Array;
  /** Output: the 36 angles in AngleFrame.values' order (pose, left hand, right hand). */
  angles: Float32Array;
  /**
   * The parts asked for (bit 0 pose, 1 left hand, 2 right hand) -> the parts present: every point
   * at least `minScore` and no degenerate joint, as the JavaScript path decides. A part not asked
   * for or missing gets zero angles. `yScale` is angleFrameYScale's.
   */
  computeAngles(parts: number, yScale: number, minScore: number): number;
}

interface KernelExports {
  memory: WebAssembly.Memory;
  computeAngles(parts: number, yScale: number, minScore: number): number;
}

let kernel: AngleKernel | null | undefined;

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function instantiate(): AngleKernel | null {
  if (typeof WebAssembly !== 'object') return null;
  const bytes = decodeBase64(ANGLE_KERNEL_WASM_BASE64);
  // A runtime without WebAssembly SIMD (or a browser refusing to compile synchronously) keeps the
  // JavaScript path: same angles, same rules, slower.
  if (!WebAssembly.validate(bytes)) return null;
  let exports: KernelExports;
  try {
    exports = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as KernelExports;
  } catch {
    return null;
  }
  // The memory never grows, so these views stay valid.
  const buffer = exports.memory.buffer;
  const view = (byteOffset: number, length: number) => new Float32Array(buffer, byteOffset, length);
  return {
    pose: view(ANGLE_KERNEL_LAYOUT.pose, POSE_POINT_COUNT * POINT_STRIDE),
    leftHand: view(ANGLE_KERNEL_LAYOUT.leftHand, HAND_POINT_COUNT * POINT_STRIDE),
    rightHand: view(ANGLE_KERNEL_LAYOUT.rightHand, HAND_POINT_COUNT * POINT_STRIDE),
    angles: view(ANGLE_KERNEL_LAYOUT.angles, ANGLE_FRAME_LAYOUT.angleCount),
    computeAngles: exports.computeAngles,
  };
}

/** The kernel, instantiated on first use; null where WebAssembly SIMD is not available. */
export function angleKernel(): AngleKernel | null {
  if (kernel === undefined) kernel = instantiate();
  return kernel;
}
