// Child process of webgpu_tracker.test.ts: the checks that compute on SwiftShader (through Vulkan)
// in one process, so that the shaders TF.js compiles for the pose and hand models (most of a minute
// of SwiftShader's time) are compiled once: the whole tracker with each tracked frame one
// submission against TF.js WASM (fused_frames.ts), then the pose and hand models replayed
// (replay_agreement.ts), then the palm detector replayed (palm_replay_agreement.ts). Run one by one
// in processes of their own they took 173 s of a test run; together, about 135 s on an idle 2-core
// machine (docs/engineer/tracker.md). Prints one JSON line.
//   node --import tsx tests/tracker/webgpu/swiftshader_agreement.ts ROOT [FRAMES]
import { installNodeWebGpu } from '../../../engine/src/tracker/node/node_webgpu.ts';
import { fusedFrameAgreement } from './fused_frames.ts';
import { palmReplayAgreement } from './palm_replay_agreement.ts';
import { modelReplayAgreement } from './replay_agreement.ts';

const root = process.argv[2]!;
const frames = Number(process.argv[3] ?? 3);
const adapter = await installNodeWebGpu('swiftshader');
const fused = await fusedFrameAgreement(root, frames, ['fused']);
const models = await modelReplayAgreement(root);
const palm = await palmReplayAgreement(root);
console.log(JSON.stringify({ adapter, fused, models, palm }));
process.exit(0);
