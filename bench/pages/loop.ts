// Stage 4: the whole practice loop in the browser, built as the camera screen builds it: the
// tracker in its worker (createTrackerClient, cross-origin isolated page, WASM SIMD + threads), a
// camera delivering frames at 30 fps and offering each one to the tracker (dropped while the
// worker is busy, never queued; the newest read again once it is free), then, for each tracked
// frame on the main thread, the engine's practice loop (engine/src/practice/practice_loop.ts:
// joint angles, match with the reference, practice state machine). Measured: latency from frame
// capture to the state machine's decision (and to each progress event), per stage, and camera
// frames dropped.
//
// The camera is a stand-in: the clip's frames, pre-drawn on canvases, "captured" at
// t0 + i * 33.3 ms (cycling through the clip), each drawn into one camera canvas as a camera shows
// its newest frame in the video element, and offered as live: a frame dropped while the worker is
// busy is read again (the canvas's newest frame) the moment the worker is free, as the app's video
// is (TrackerClient.offer). The reference sign is made in the page from the tracker's own
// landmarks on the clip (a first run of the same loop), so that the learner (the same clip) can
// match it. The camera runs until `loopFrames` frames were tracked.
//
// Options: the models (`poseModel`, `handModel`), the WASM threads (`wasmThreads`), and
// `schedule`: `held`, the tracker runs what a held letter reads (the practice's schedule for such a
// sign, HELD_SIGN_SCHEDULE: the signing hand every frame, the body and the other hand every few),
// set from the practice loop once the sign is known, as the camera screen does; `moving`, what a
// sign that moves reads (MOVING_SIGN_SCHEDULE: both hands every frame, the body every few), the
// loop still judging the clip's handshape (the judge of a moving sign costs a few microseconds a
// frame, bench/moving-signs.md: the row measures the tracker on that schedule); `off`: every part
// on every frame.
import { angleKernel } from '../../engine/src/angles/kernel/angle_kernel.ts';
import { createAngleFrame, type AngleFrame } from '../../engine/src/core/angle_frame.ts';
import type { LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { compileSign } from '../../engine/src/practice/compile_lesson.ts';
import { createMatchModeRuntime } from '../../engine/src/practice/match_mode.ts';
import { PracticeLoop, prepareAngleFrame } from '../../engine/src/practice/practice_loop.ts';
import { HELD_SIGN_SCHEDULE, MOVING_SIGN_SCHEDULE } from '../../engine/src/practice/tracking_schedule_for_sign.ts';
import type { PracticeSign } from '../../engine/src/practice/practice_session.ts';
import type { PracticeEvent } from '../../engine/src/practice/practice_events.ts';
import { buildReferenceSign } from '../../engine/src/reference/build_reference_sign.ts';
import { TrackerStage } from '../../engine/src/tracker/constants.ts';
import type { HandModelType, PoseModelType } from '../../engine/src/tracker/types.ts';
import { createTrackerClient } from '../../engine/src/tracker/browser/create_tracker_worker.ts';
import type { TrackerClient } from '../../engine/src/tracker/browser/tracker_client.ts';
import { failedRun, type RawRunResult } from '../lib/types.ts';
import { loadFrames, type Frames } from './common.ts';

const FRAME_MS = 1000 / 30;

interface CameraRun {
  cameraFrames: number;
  tracked: number;
  dropped: number;
}

/**
 * Plays the clip as a 30 fps camera, offering every frame to the tracker, until `wanted` frames
 * were tracked; `onTracked` runs for each tracked frame with its capture time. Dropped: the
 * client's own count (a dropped frame tracked later, as the live source's newest, is not).
 */
function runCamera(
  client: TrackerClient,
  frames: Frames,
  wanted: number,
  onTracked: (frame: LandmarkFrame, timings: Float64Array, capturedAt: number) => void,
): Promise<CameraRun> {
  return new Promise((resolve) => {
    const camera = document.createElement('canvas');
    camera.width = frames.width;
    camera.height = frames.height;
    const draw = camera.getContext('2d', { willReadFrequently: true })!;
    const start = performance.now();
    const droppedBefore = client.dropped;
    const offered = new Set<number>();
    let index = 0;
    let tracked = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = client.onLandmarks((frame, timings) => {
      const at = frame.timestampMs;
      // Not this run's frame: the last run's newest, read after it ended.
      if (!offered.has(at)) return;
      // This frame and every older one are done with (tracked, or dropped for good).
      for (const t of offered) if (t <= at) offered.delete(t);
      tracked++;
      onTracked(frame, timings, at);
      if (tracked >= wanted) {
        clearTimeout(timer);
        off();
        resolve({ cameraFrames: index, tracked, dropped: client.dropped - droppedBefore });
      }
    });
    const tick = () => {
      // Catch up on frames the camera produced while the page was busy: each one is shown and
      // offered (and most likely dropped), as a camera's would be.
      const due = Math.floor((performance.now() - start) / FRAME_MS);
      while (index <= due) {
        // The frame's time is its capture time (page time, as the app's camera loop gives it):
        // a frame of an earlier run is never taken for one of this run.
        const t = start + index * FRAME_MS;
        draw.drawImage(frames.canvases[index % frames.canvases.length]!, 0, 0);
        offered.add(t);
        client.offer(camera, camera.width, camera.height, t, true);
        index++;
      }
      timer = setTimeout(tick, Math.max(0, start + index * FRAME_MS - performance.now()));
    };
    tick();
  });
}

window.runBench = async (config) => {
  const options = config.options as { referenceFrames: number; loopFrames: number; poseModel: PoseModelType; handModel: HandModelType; wasmThreads: number; schedule: 'off' | 'held' | 'moving' };
  try {
    // The camera's frames in memory, as on a learner's machine without a GPU (loadFrames).
    const frames = await loadFrames(config, true);
    const origin = `${location.origin}${config.base}`;
    const t0 = performance.now();
    const client = createTrackerClient();
    const backend = await client.start({ modelBaseUrl: `${origin}/models/`, wasmBaseUrl: `${origin}/tfjs-wasm/`, backend: 'wasm', warmUpWidth: frames.width, warmUpHeight: frames.height, poseModel: options.poseModel, handModel: options.handModel, wasmThreads: options.wasmThreads });
    const tLoaded = performance.now();

    // Reference: the tracker's landmarks on the clip, through the same camera loop.
    const referenceAngles: AngleFrame[] = [];
    const referenceRuntime = createMatchModeRuntime('precise');
    let firstFrameMs = NaN;
    await runCamera(client, frames, options.referenceFrames, (frame) => {
      if (Number.isNaN(firstFrameMs)) firstFrameMs = performance.now() - t0;
      const angles = createAngleFrame();
      prepareAngleFrame(frame, angles, referenceRuntime);
      referenceAngles.push(angles);
    });
    const compiled = compileSign('bench', buildReferenceSign(referenceAngles, 'bench.gif'));
    // Enough signs that the lesson never ends during the run (each completed sign locks 1 s).
    const signs: PracticeSign[] = Array.from({ length: 50 }, (_, i) => ({ name: `bench-${i}`, compiled }));
    const progressAt: number[] = [];
    const events: Record<string, number> = {};
    const loop = new PracticeLoop(signs, {
      onEvent: (event: PracticeEvent) => {
        events[event.type] = (events[event.type] ?? 0) + 1;
        if (event.type === 'progress') progressAt.push(event.atMs);
      },
    });

    // The reference is a held handshape made from the clip: the schedule of a held letter, or a
    // moving sign's to time the tracker on it.
    const schedule = options.schedule === 'held' ? HELD_SIGN_SCHEDULE : options.schedule === 'moving' ? MOVING_SIGN_SCHEDULE : null;
    client.setSchedule(schedule);
    const latencyMs: number[] = [];
    let withHand = 0;
    let withPose = 0;
    const progressLatencyMs: number[] = [];
    const stagesMs = { tracker: [] as number[], captureToLandmarks: [] as number[], practiceLoop: [] as number[] };
    let advances = 0;
    const session0 = performance.now();
    loop.start(0);
    const camera = await runCamera(client, frames, options.loopFrames, (frame, timings, capturedAt) => {
      const received = performance.now();
      if (frame.present[Part.leftHand] === 1 || frame.present[Part.rightHand] === 1) withHand++;
      if (frame.present[Part.pose] === 1) withPose++;
      const before = progressAt.length;
      if (loop.onLandmarks(frame, received - session0)) advances++;
      const decided = performance.now();
      for (let k = before; k < progressAt.length; k++) progressLatencyMs.push(decided - capturedAt);
      latencyMs.push(decided - capturedAt);
      stagesMs.tracker.push(timings[TrackerStage.total]!);
      stagesMs.captureToLandmarks.push(received - capturedAt);
      stagesMs.practiceLoop.push(decided - received);
    });
    const elapsed = performance.now() - session0;
    client.dispose();
    const result: RawRunResult & { loop: Record<string, unknown> } = {
      status: 'ok',
      backend: { library: 'signlearn engine (tracker worker + PracticeLoop: angles + match + state machine)', ...backend, crossOriginIsolated, angleKernel: angleKernel() !== null },
      loadMs: tLoaded - t0,
      firstFrameMs,
      firstInferenceMs: firstFrameMs - (tLoaded - t0),
      totalMs: latencyMs,
      stagesMs,
      passMedianMs: [],
      detections: { frames: camera.tracked, pose: 0, hands: 0 },
      loop: {
        poseModel: options.poseModel,
        handModel: options.handModel,
        threads: backend.threads ?? 1,
        schedule: schedule ? `${options.schedule === 'moving' ? 'a sign that moves: ' : ''}body every ${schedule.poseEvery}, other hand every ${schedule.otherHandEvery}` : 'off',
        framesWithHand: withHand,
        framesWithPose: withPose,
        cameraFps: 30,
        cameraFrames: camera.cameraFrames,
        processed: camera.tracked,
        dropped: camera.dropped,
        droppedPercent: (100 * camera.dropped) / camera.cameraFrames,
        loopFps: Math.round((camera.tracked / (elapsed / 1000)) * 10) / 10,
        referenceFrames: options.referenceFrames,
        referenceLength: compiled.reference.frameCount,
        progressEvents: progressAt.length,
        advances,
        events,
        signsCompleted: loop.signsDone,
        latencyMs,
        progressLatencyMs,
        stagesMs,
      },
    };
    return result;
  } catch (error) {
    return failedRun('error', String((error as Error)?.stack ?? error));
  }
};
window.benchReady = true;
