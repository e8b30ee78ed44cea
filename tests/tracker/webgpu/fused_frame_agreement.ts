// The whole tracker on WebGPU against TF.js WASM, from the command line, on any adapter: the ways
// of running a frame (fused_frames.ts) compared on a video of the fixture photograph. Prints one
// JSON line: per frame, the largest landmark distance in frame pixels from WASM (and between the
// WebGPU ways), and how the frames ran. SwiftShader takes minutes per way. `npm test` runs the
// `fused` way inside swiftshader_agreement.ts, with the other SwiftShader checks.
//   node --import tsx tests/tracker/webgpu/fused_frame_agreement.ts ROOT [FRAMES] [WAYS,...] [swiftshader|hardware]
import { installNodeWebGpu, type NodeWebGpuAdapter } from '../../../engine/src/tracker/node/node_webgpu.ts';
import { fusedFrameAgreement } from './fused_frames.ts';

const root = process.argv[2]!;
const frames = Number(process.argv[3] ?? 4);
const ways = (process.argv[4] ?? 'fused').split(',');
const adapter = await installNodeWebGpu((process.argv[5] ?? 'swiftshader') as NodeWebGpuAdapter);
console.log(JSON.stringify({ adapter, ...(await fusedFrameAgreement(root, frames, ways)) }));
process.exit(0);
