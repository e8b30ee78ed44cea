/** Shapes used by the tracker. */

export type PoseModelType = 'lite' | 'full';
export type HandModelType = 'full' | 'lite';
export type BackendName = 'webgpu' | 'wasm' | 'cpu';

/** Where each model file is fetched from; every URL can point at a deployment's own CDN. */
export interface ModelUrls {
  poseDetector: string;
  poseLandmarks: string;
  handLandmarks: string;
  /** MediaPipe's palm detector (the hand path's first stage). */
  palmDetector: string;
}

/** What backend runs, for the UI and the bench. */
export interface BackendReport {
  name: BackendName;
  /** WASM only: SIMD in use. */
  simd?: boolean;
  /** WASM only: threads in use (1 = single-threaded build). */
  threads?: number;
  /** WASM on 2-3 cores: speed-up of lockstep work on two threads at start (about 1.8 = a free core). */
  parallelSpeedup?: number;
  /** WASM on 2-3 cores: how long that measurement took, ms (part of the start-up time). */
  coreProbeMs?: number;
  /** WebGPU only: adapter vendor / architecture. */
  adapter?: string;
  /** The runtime running the models, e.g. 'TF.js 4.22.0'. */
  runtime?: string;
  /** WebGPU only: models running from recorded dispatches (LandmarkTracker.graphReplays). */
  replayedModels?: number;
  /** The pose landmark model in use. */
  poseModel?: PoseModelType;
  /** The hand landmark model in use (absent when hands are not tracked). */
  handModel?: HandModelType;
  /** Set when the tracker fell back to something slow (the CPU backend). */
  warning?: string;
}

/**
 * A rotated rectangle in normalised image coordinates (MediaPipe's NormalizedRect): centre,
 * width as a fraction of image width, height as a fraction of image height, rotation in radians
 * (clockwise in image coordinates). Allocated once per hand and overwritten.
 */
export interface NormalizedRect {
  xCenter: number;
  yCenter: number;
  width: number;
  height: number;
  rotation: number;
}

export interface RectTransformation {
  scaleX: number;
  scaleY: number;
  shiftX: number;
  shiftY: number;
  squareLong: boolean;
}

export function createNormalizedRect(): NormalizedRect {
  return { xCenter: 0, yCenter: 0, width: 0, height: 0, rotation: 0 };
}

/**
 * A frame's pixels in JS memory: rows top to bottom, `channels` bytes per pixel (3: RGB, as
 * decoded in Node; 4: RGBA, as a canvas reads them back in the browser).
 */
export interface PixelFrame {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 3 | 4;
}

export function copyRect(from: NormalizedRect, to: NormalizedRect): void {
  to.xCenter = from.xCenter;
  to.yCenter = from.yCenter;
  to.width = from.width;
  to.height = from.height;
  to.rotation = from.rotation;
}
