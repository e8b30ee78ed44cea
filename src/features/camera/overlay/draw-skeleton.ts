// Draws the learner's pose and hand skeletons on the overlay canvas, with what the matcher found
// off in red: the two bones meeting at each hand joint that is beyond its tolerance, and the arm
// segments of a pose angle that is off. Runs at display rate; allocates nothing per frame.
import { HAND_ANGLE_TRIPLETS } from '@signlearn/engine/angles/hand_angle_definitions';
import { POSE_ANGLE_TRIPLETS } from '@signlearn/engine/angles/pose_angle_definitions';
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { HAND_BONES, Part, POINT_STRIDE, POSE_BONES } from '@signlearn/engine/core/landmark_layout';
import { PartStatus, type MatchReport } from '@signlearn/engine/match/match_report';

export const SKELETON_COLORS = {
  pose: '#ffffff',
  leftHand: '#35d0ff',
  rightHand: '#ffd23f',
  matched: '#3ee07a',
  off: '#ff2d2d',
} as const;

/** What the overlay shows of the match: null while there is nothing to judge (lock, no frame). */
export type SkeletonJudgement = MatchReport | null;

function segment(ctx: CanvasRenderingContext2D, points: Float32Array, a: number, b: number, width: number, height: number): void {
  ctx.moveTo(points[a * POINT_STRIDE]! * width, points[a * POINT_STRIDE + 1]! * height);
  ctx.lineTo(points[b * POINT_STRIDE]! * width, points[b * POINT_STRIDE + 1]! * height);
}

function drawBones(ctx: CanvasRenderingContext2D, points: Float32Array, bones: ReadonlyArray<readonly [number, number]>, color: string, lineWidth: number, width: number, height: number): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = lineWidth;
  ctx.beginPath();
  for (const [a, b] of bones) segment(ctx, points, a, b, width, height);
  ctx.stroke();
}

function drawJoints(ctx: CanvasRenderingContext2D, points: Float32Array, count: number, color: string, radius: number, width: number, height: number): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  for (let i = 0; i < count; i++) {
    const x = points[i * POINT_STRIDE]! * width;
    const y = points[i * POINT_STRIDE + 1]! * height;
    ctx.moveTo(x + radius, y);
    ctx.arc(x, y, radius, 0, Math.PI * 2);
  }
  ctx.fill();
}

/** Red segments [a, b] and [b, c] of every joint flagged off (triplets [a, b(joint), c]). */
function drawOff(ctx: CanvasRenderingContext2D, points: Float32Array, triplets: Int8Array, off: Uint8Array, lineWidth: number, width: number, height: number): number {
  let drawn = 0;
  ctx.strokeStyle = SKELETON_COLORS.off;
  ctx.lineWidth = lineWidth;
  ctx.beginPath();
  for (let j = 0; j < off.length; j++) {
    if (off[j] !== 1) continue;
    const a = triplets[j * 3]!;
    const b = triplets[j * 3 + 1]!;
    const c = triplets[j * 3 + 2]!;
    segment(ctx, points, a, b, width, height);
    segment(ctx, points, b, c, width, height);
    drawn++;
  }
  ctx.stroke();
  ctx.fillStyle = SKELETON_COLORS.off;
  ctx.beginPath();
  for (let j = 0; j < off.length; j++) {
    if (off[j] !== 1) continue;
    const b = triplets[j * 3 + 1]!;
    const x = points[b * POINT_STRIDE]! * width;
    const y = points[b * POINT_STRIDE + 1]! * height;
    ctx.moveTo(x + lineWidth * 1.4, y);
    ctx.arc(x, y, lineWidth * 1.4, 0, Math.PI * 2);
  }
  ctx.fill();
  return drawn;
}

/**
 * Clears the canvas and draws `frame` (normalised coordinates scaled to the canvas). With a
 * judgement, a part that matched is drawn green and off joints red. Returns the number of joints
 * drawn red (for tests and the side panel).
 */
export function drawSkeleton(ctx: CanvasRenderingContext2D, frame: LandmarkFrame | null, judgement: SkeletonJudgement): number {
  const { width, height } = ctx.canvas;
  ctx.clearRect(0, 0, width, height);
  if (!frame) return 0;
  const scale = Math.max(2, Math.round(Math.min(width, height) / 180));
  let offJoints = 0;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.shadowColor = 'rgba(0, 0, 0, 0.6)';
  ctx.shadowBlur = scale;

  const partColor = (part: number, base: string): string =>
    judgement && judgement.partStatus[part] === PartStatus.ok ? SKELETON_COLORS.matched : base;

  if (frame.present[Part.pose] === 1) {
    drawBones(ctx, frame.pose, POSE_BONES, partColor(Part.pose, SKELETON_COLORS.pose), scale * 1.5, width, height);
    if (judgement && judgement.partStatus[Part.pose] === PartStatus.off) {
      offJoints += drawOff(ctx, frame.pose, POSE_ANGLE_TRIPLETS, judgement.poseOff, scale * 2.5, width, height);
    }
  }
  const hands = [
    [Part.leftHand, frame.leftHand, SKELETON_COLORS.leftHand, judgement?.leftHandOff] as const,
    [Part.rightHand, frame.rightHand, SKELETON_COLORS.rightHand, judgement?.rightHandOff] as const,
  ];
  for (const [part, points, color, off] of hands) {
    if (frame.present[part] !== 1) continue;
    const shown = partColor(part, color);
    drawBones(ctx, points, HAND_BONES, shown, scale, width, height);
    drawJoints(ctx, points, 21, shown, scale * 1.2, width, height);
    if (judgement && off && judgement.partStatus[part] === PartStatus.off) {
      offJoints += drawOff(ctx, points, HAND_ANGLE_TRIPLETS, off, scale * 1.8, width, height);
    }
  }
  ctx.shadowBlur = 0;
  return offJoints;
}
