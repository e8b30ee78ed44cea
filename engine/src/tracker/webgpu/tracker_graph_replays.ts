import type { GraphModel } from '@tensorflow/tfjs-converter';
import { recordGraphModel, replayExecute, type RecordedGraphModel } from './replay_graph_model.ts';
import type { ReplayedGraph } from './replay_webgpu_graph.ts';

/** The tracker's models as the replays need them. */
export interface TrackerGraphs {
  /** pose-detection's BlazePose landmark model, with the outputs it asks for. */
  poseLandmarks?: { model: GraphModel; inputShape: number[]; outputs: string[] };
  /** pose-detection's BlazePose detector (it asks for the model's own outputs). */
  poseDetector?: { model: GraphModel; inputShape: number[] };
  /** The hand landmark model, at each batch size the tracker runs. */
  handLandmarks?: { model: GraphModel; batches: number[]; inputSize: number; outputs: string[] };
  /** The palm detector, run directly from its letterboxed input's bytes. */
  palmDetector?: { model: GraphModel; inputShape: number[]; outputs: string[] };
}

/**
 * Every model of the tracker recorded once on TF.js WebGPU and replayed from then on (see
 * record_webgpu_graph.ts): the pose models inside pose-detection through their `execute`, the hand
 * model directly from the crops' bytes. A model that cannot be recorded keeps running on TF.js's
 * executor, and `skipped` says why.
 */
export class TrackerGraphReplays {
  readonly skipped: string[] = [];
  private readonly hands = new Map<number, ReplayedGraph>();
  private palmReplay: ReplayedGraph | undefined;
  private poseLandmarkRecording: RecordedGraphModel | undefined;
  private readonly recorded: RecordedGraphModel[] = [];
  private readonly restore: Array<() => void> = [];

  static async record(graphs: TrackerGraphs): Promise<TrackerGraphReplays> {
    const replays = new TrackerGraphReplays();
    const { poseLandmarks, poseDetector, handLandmarks, palmDetector } = graphs;
    if (poseLandmarks) replays.poseLandmarkRecording = await replays.replayModel('pose landmarks', poseLandmarks.model, poseLandmarks.inputShape, poseLandmarks.outputs);
    if (poseDetector) await replays.replayModel('pose detector', poseDetector.model, poseDetector.inputShape, poseDetector.model.outputNodes);
    for (const batch of handLandmarks?.batches ?? []) {
      const { model, inputSize, outputs } = handLandmarks!;
      const { recorded, reason } = await recordGraphModel(model, [batch, inputSize, inputSize, 3], outputs);
      if (recorded) {
        replays.recorded.push(recorded);
        replays.hands.set(batch, recorded.replay);
      } else replays.skipped.push(`hand landmarks x${batch}: ${reason}`);
    }
    if (palmDetector) {
      const { recorded, reason } = await recordGraphModel(palmDetector.model, palmDetector.inputShape, palmDetector.outputs);
      if (recorded) {
        replays.recorded.push(recorded);
        replays.palmReplay = recorded.replay;
      } else replays.skipped.push(`palm detector: ${reason}`);
    }
    return replays;
  }

  /** The hand model's replay for a batch of `batch` crops, if recorded. */
  hand(batch: number): ReplayedGraph | undefined {
    return this.hands.get(batch);
  }

  /** The pose landmark model's recording (its replay, output names and shapes), if recorded. */
  poseLandmarks(): RecordedGraphModel | undefined {
    return this.poseLandmarkRecording;
  }

  /** The palm detector's replay, if recorded. */
  palm(): ReplayedGraph | undefined {
    return this.palmReplay;
  }

  /** How many graphs run from recordings. */
  get count(): number {
    return this.recorded.length;
  }

  dispose(): void {
    for (const restore of this.restore) restore();
    for (const { replay } of this.recorded) replay.dispose();
    this.restore.length = 0;
    this.recorded.length = 0;
    this.hands.clear();
    this.palmReplay = undefined;
    this.poseLandmarkRecording = undefined;
  }

  private async replayModel(name: string, model: GraphModel, inputShape: number[], outputs: string[]): Promise<RecordedGraphModel | undefined> {
    const { recorded, reason } = await recordGraphModel(model, inputShape, outputs);
    if (!recorded) {
      this.skipped.push(`${name}: ${reason}`);
      return undefined;
    }
    this.recorded.push(recorded);
    this.restore.push(replayExecute(model, recorded));
    return recorded;
  }
}
