// The tracked skeleton over the clip, as the teacher sees it while the clip is tracked: the upper
// body and both hands of the latest frame, drawn on a canvas laid over the video (mirrored with it).
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { HAND_BONES, Part, POINT_STRIDE, POSE_BONES, X, Y } from '@signlearn/engine/core/landmark_layout';

export function drawClipFrame(canvas: HTMLCanvasElement, video: HTMLVideoElement, frame: LandmarkFrame): void {
  const width = video.videoWidth || frame.imageWidth;
  const height = video.videoHeight || frame.imageHeight;
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const context = canvas.getContext('2d');
  if (!context) return;
  context.clearRect(0, 0, width, height);
  const bones = (points: Float32Array, pairs: ReadonlyArray<readonly [number, number]>, colour: string) => {
    context.strokeStyle = colour;
    context.lineWidth = Math.max(2, width / 240);
    context.beginPath();
    for (const [a, b] of pairs) {
      context.moveTo(points[a * POINT_STRIDE + X]! * width, points[a * POINT_STRIDE + Y]! * height);
      context.lineTo(points[b * POINT_STRIDE + X]! * width, points[b * POINT_STRIDE + Y]! * height);
    }
    context.stroke();
  };
  if (frame.present[Part.pose] === 1) bones(frame.pose, POSE_BONES, '#f5c542');
  if (frame.present[Part.leftHand] === 1) bones(frame.leftHand, HAND_BONES, '#e0533d');
  if (frame.present[Part.rightHand] === 1) bones(frame.rightHand, HAND_BONES, '#2f6fe0');
  canvas.dataset.pose = String(frame.present[Part.pose]);
  canvas.dataset.hands = String(frame.present[Part.leftHand]! + frame.present[Part.rightHand]!);
}
