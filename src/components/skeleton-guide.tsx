// A sign's recorded skeleton, replayed in a loop as its guide (the record's `guide`, engine
// recordings/skeleton_guide.ts): the signer's upper body and hands, drawn mirrored like the
// learner's own view, so the learner copies it as in a mirror. The camera screen's guide for a
// sign recorded from a clip, and the teacher's page's preview of what learners will see.
import { useEffect, useRef } from 'react';
import { HAND_BONES } from '@signlearn/engine/core/landmark_layout';
import { SKELETON_GUIDE_POSE_POINTS, type SkeletonGuide } from '@signlearn/engine/reference/reference_sign_schema';

/** The pose's bones among SKELETON_GUIDE_POSE_POINTS (nose, shoulders, elbows, wrists, hips), by their index in that list. */
const POSE_BONES: ReadonlyArray<readonly [number, number]> = [[1, 2], [1, 3], [3, 5], [2, 4], [4, 6], [1, 7], [2, 8], [7, 8]];
const NOSE = SKELETON_GUIDE_POSE_POINTS.indexOf(0);

function drawFrame(context: CanvasRenderingContext2D, guide: SkeletonGuide, index: number, width: number, height: number): void {
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  const frame = guide.frames[index];
  if (!frame) return;
  // Fit the image (aspect width / height) into the canvas, mirrored.
  const scale = Math.min(width / guide.aspect, height);
  const imageWidth = guide.aspect * scale;
  const x0 = (width - imageWidth) / 2;
  const y0 = (height - scale) / 2;
  const at = (points: readonly number[], i: number): [number, number] => [x0 + (1 - points[i * 2]!) * imageWidth, y0 + points[i * 2 + 1]! * scale];
  const bones = (points: readonly number[] | null | undefined, pairs: ReadonlyArray<readonly [number, number]>, colour: string, lineWidth: number) => {
    if (!points) return;
    context.strokeStyle = colour;
    context.lineWidth = lineWidth;
    context.lineCap = 'round';
    context.beginPath();
    for (const [a, b] of pairs) {
      const [ax, ay] = at(points, a);
      const [bx, by] = at(points, b);
      context.moveTo(ax, ay);
      context.lineTo(bx, by);
    }
    context.stroke();
  };
  bones(frame.pose, POSE_BONES, '#8a93b0', Math.max(2, width / 60));
  if (frame.pose) {
    const [nx, ny] = at(frame.pose, NOSE);
    context.fillStyle = '#8a93b0';
    context.beginPath();
    context.arc(nx, ny, Math.max(4, width / 24), 0, Math.PI * 2);
    context.fill();
  }
  bones(frame.left_hand, HAND_BONES, '#e0533d', Math.max(1.5, width / 110));
  bones(frame.right_hand, HAND_BONES, '#2f6fe0', Math.max(1.5, width / 110));
}

export interface SkeletonGuideProps {
  guide: SkeletonGuide;
  /** Accessible name: 'Recorded skeleton of the sign HELLO'. */
  label: string;
  className?: string;
}

export function SkeletonGuideView({ guide, label, className }: SkeletonGuideProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let index = 0;
    const draw = () => {
      drawFrame(context, guide, index, canvas.width, canvas.height);
      // A short pause on the last frame before the sign starts again.
      index = (index + 1) % (guide.frames.length + Math.round(guide.fps / 2));
      canvas.dataset.frame = String(Math.min(index, guide.frames.length - 1));
    };
    draw();
    const timer = setInterval(draw, 1000 / guide.fps);
    return () => clearInterval(timer);
  }, [guide]);
  return <canvas ref={canvasRef} className={className} width={240} height={240} role="img" aria-label={label} data-testid="skeleton-guide" />;
}
