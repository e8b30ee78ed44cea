import { holisticFrameToLandmarks } from './holistic_frame_to_landmarks.ts';
import type { HolisticLayout } from './holistic_layout.ts';
import type { LandmarkSource } from './landmark_source.ts';
import type { PoseFile } from './read_pose_file.ts';

/** A Holistic recording read from a pose-format file, as the engine's other recordings are read. */
export interface HolisticRecording {
  file: PoseFile;
  layout: HolisticLayout;
}

/**
 * A Holistic recording as a LandmarkSource (frame by frame into a preallocated LandmarkFrame), its
 * z multiplied by `depthScale` (estimate_recording_depth_scale.ts), optionally only the frames
 * `frameIndices` (in that order), timestamped at the file's frame rate.
 *
 * ref: none (the engine's LandmarkSource, as landmark_source.ts's alphabetSource).
 */
export function poseFileSource(name: string, recording: HolisticRecording, depthScale: number, frameIndices?: readonly number[]): LandmarkSource {
  const indices = frameIndices ?? Array.from({ length: recording.file.body.frameCount }, (_, i) => i);
  const msPerFrame = 1000 / recording.file.body.fps;
  return {
    name,
    frameCount: indices.length,
    read(index, out) {
      holisticFrameToLandmarks(recording.file, recording.layout, indices[index]!, depthScale, out);
      out.timestampMs = index * msPerFrame;
    },
  };
}
