export declare const CLIPS_DIR: string;
export declare const WIDTH: number;
export declare const HEIGHT: number;
export declare const FPS: number;
export declare const FRAMES: number;
export interface ClipManifestEntry {
  name: string;
  description: string;
  source: string;
  filter: string;
  width: number;
  height: number;
  fps: number;
  frames: number;
  webm: string;
  framesDir: string;
}
export declare const CLIPS: ReadonlyArray<{ name: string; description: string; source: string; filter: string }>;
export declare function makeClips(options?: { log?: (line: string) => void }): ClipManifestEntry[];
export declare class MissingProgramError extends Error {
  constructor(program: string, why: string, install: string);
}
export declare const OPENCV_DOC_FILES: readonly string[];
/** A file of Debian's opencv-doc package (path under /usr/share/doc/opencv-doc/), extracted into .cache/clips/. */
export declare function opencvDocFile(path: string): string;
