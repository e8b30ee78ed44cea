import { HAND_POINT_COUNT, POSE_POINT_COUNT } from '../core/landmark_layout.ts';
import { poseDimensions, type PoseHeader } from './pose_format_header.ts';

/**
 * Where a MediaPipe Holistic recording in pose-format keeps the parts the engine reads: the first
 * point of POSE_LANDMARKS (33, BlazePose order), LEFT_HAND_LANDMARKS and RIGHT_HAND_LANDMARKS (21
 * each, MediaPipe Hands order) among a frame's points. FACE_LANDMARKS and POSE_WORLD_LANDMARKS are
 * left unread: the engine has no use for them.
 *
 * ref: pose-format's holistic_components (src/python/pose_format/utils/holistic.py): the component
 * names and point orders MediaPipe Holistic's loader writes.
 */
export interface HolisticLayout {
  pose: number;
  leftHand: number;
  rightHand: number;
}

const PARTS = [
  ['pose', 'POSE_LANDMARKS', POSE_POINT_COUNT],
  ['leftHand', 'LEFT_HAND_LANDMARKS', HAND_POINT_COUNT],
  ['rightHand', 'RIGHT_HAND_LANDMARKS', HAND_POINT_COUNT],
] as const;

/** Throws, naming what is missing, unless the header holds Holistic's pose and hands with x, y and z. */
export function holisticLayout(header: PoseHeader): HolisticLayout {
  if (poseDimensions(header) < 3) throw new Error(`pose-format: the engine needs x, y and z; this file stores ${poseDimensions(header)} dimensions`);
  const layout: HolisticLayout = { pose: -1, leftHand: -1, rightHand: -1 };
  for (const [part, name, count] of PARTS) {
    let offset = 0;
    for (const component of header.components) {
      if (component.name === name) {
        if (component.points.length !== count) throw new Error(`pose-format: ${name} has ${component.points.length} points, MediaPipe Holistic's has ${count}`);
        if (!component.format.startsWith('XYZ')) throw new Error(`pose-format: ${name} stores "${component.format}", not x, y, z and a confidence`);
        layout[part] = offset;
      }
      offset += component.points.length;
    }
    if (layout[part] < 0) throw new Error(`pose-format: no ${name} component (components: ${header.components.map((c) => c.name).join(', ')}); not a MediaPipe Holistic recording`);
  }
  return layout;
}
