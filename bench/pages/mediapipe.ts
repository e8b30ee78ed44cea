// Peer: MediaPipe's own solutions from npm (@mediapipe/holistic, or @mediapipe/pose +
// @mediapipe/hands). They always run GPU graphs (WebGL): on a machine without a GPU that is
// SwiftShader, a software renderer, and the figures say nothing about real hardware. The renderer
// in use is recorded with every run.
import { installRunner, type FrameOutcome, type Subject } from './common.ts';
import { isSoftwareRenderer, makeSolution as make, MEDIAPIPE_COMMON_OPTIONS, webglRenderer, type Solution } from './mediapipe_solution.ts';

// product.md §9 Constants: model complexity 1, smoothing, no segmentation, confidences 0.5.
const COMMON = MEDIAPIPE_COMMON_OPTIONS;

installRunner(async (config) => {
  const solution = (config.options?.solution as string) ?? 'holistic';
  const renderer = webglRenderer();
  const software = isSoftwareRenderer(renderer);
  let last: Record<string, unknown> = {};
  const onResults = (r: Record<string, unknown>) => {
    last = r;
  };

  if (solution === 'holistic') {
    let holistic: Solution;
    const subject: Subject = {
      async load() {
        holistic = await make('holistic', 'Holistic', config.base);
        holistic.setOptions({ ...COMMON, smoothLandmarks: true, enableSegmentation: false, refineFaceLandmarks: false });
        holistic.onResults(onResults);
        await holistic.initialize();
        return { library: '@mediapipe/holistic 0.5', graph: 'GPU (WebGL)', renderer, software, options: 'modelComplexity 1, smoothLandmarks, no segmentation' };
      },
      async frame(canvas) {
        last = {};
        const t = performance.now();
        await holistic.send({ image: canvas });
        const ms = performance.now() - t;
        const hands = (last.leftHandLandmarks ? 1 : 0) + (last.rightHandLandmarks ? 1 : 0);
        return { stages: { holistic: ms }, pose: !!last.poseLandmarks, hands };
      },
    };
    return subject;
  }

  // 'pose-hands': @mediapipe/pose then @mediapipe/hands on each frame; 'pose': the pose alone.
  const withHands = solution === 'pose-hands';
  let pose: Solution;
  let hands: Solution | undefined;
  let handsLast: Record<string, unknown> = {};
  const subject: Subject = {
    async load() {
      pose = await make('pose', 'Pose', config.base);
      pose.setOptions({ ...COMMON, smoothLandmarks: true, enableSegmentation: false });
      pose.onResults(onResults);
      await pose.initialize();
      if (withHands) {
        hands = await make('hands', 'Hands', config.base);
        hands.setOptions({ ...COMMON, maxNumHands: 2 });
        hands.onResults((r) => {
          handsLast = r;
        });
        await hands.initialize();
      }
      return {
        library: withHands ? '@mediapipe/pose 0.5 + @mediapipe/hands 0.4' : '@mediapipe/pose 0.5',
        graph: 'GPU (WebGL)',
        renderer,
        software,
        options: `pose modelComplexity 1, smoothLandmarks${withHands ? '; hands modelComplexity 1, maxNumHands 2' : ''}`,
      };
    },
    async frame(canvas): Promise<FrameOutcome> {
      last = {};
      handsLast = {};
      const t0 = performance.now();
      await pose.send({ image: canvas });
      const t1 = performance.now();
      if (!hands) return { stages: { pose: t1 - t0 }, pose: !!last.poseLandmarks, hands: 0 };
      await hands.send({ image: canvas });
      const t2 = performance.now();
      const found = (handsLast.multiHandLandmarks as unknown[] | undefined)?.length ?? 0;
      return { stages: { pose: t1 - t0, hands: t2 - t1 }, pose: !!last.poseLandmarks, hands: found };
    },
  };
  return subject;
});
