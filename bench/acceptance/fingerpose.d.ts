// Types for npm `fingerpose` 0.1.0 (MIT), which ships none: only what the bench uses, from its
// source (fingerpose's src/GestureDescription.js, src/GestureEstimator.js, src/FingerDescription.js).
declare module 'fingerpose' {
  /** 0 thumb, 1 index, 2 middle, 3 ring, 4 pinky. */
  type FingerIndex = 0 | 1 | 2 | 3 | 4;
  /** 0 no curl, 1 half curl, 2 full curl. */
  type FingerCurlValue = 0 | 1 | 2;
  /** 0 up, 1 down, 2 left, 3 right, 4 up right, 5 up left, 6 down right, 7 down left (image directions). */
  type FingerDirectionValue = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

  class GestureDescription {
    constructor(name: string);
    name: string;
    addCurl(finger: FingerIndex, curl: FingerCurlValue, contrib?: number): void;
    addDirection(finger: FingerIndex, direction: FingerDirectionValue, contrib?: number): void;
    /** Score 0-10 of detected curls and directions (per finger) against this description. */
    matchAgainst(detectedCurls: readonly number[], detectedDirections: readonly number[]): number;
  }

  interface FingerPoseEstimate {
    curls: number[];
    directions: number[];
  }

  class GestureEstimator {
    constructor(knownGestures: readonly GestureDescription[], estimatorOptions?: Record<string, number>);
    estimator: { estimate(landmarks: ReadonlyArray<readonly [number, number, number]>): FingerPoseEstimate };
    gestures: GestureDescription[];
    estimate(
      landmarks: ReadonlyArray<readonly [number, number, number]>,
      minScore: number,
    ): { poseData: string[][]; gestures: Array<{ name: string; score: number }> };
  }

  const fp: {
    GestureEstimator: typeof GestureEstimator;
    GestureDescription: typeof GestureDescription;
    Finger: { Thumb: 0; Index: 1; Middle: 2; Ring: 3; Pinky: 4; all: FingerIndex[] };
    FingerCurl: { NoCurl: 0; HalfCurl: 1; FullCurl: 2 };
    FingerDirection: {
      VerticalUp: 0;
      VerticalDown: 1;
      HorizontalLeft: 2;
      HorizontalRight: 3;
      DiagonalUpRight: 4;
      DiagonalUpLeft: 5;
      DiagonalDownRight: 6;
      DiagonalDownLeft: 7;
    };
  };
  export default fp;
  export type { GestureDescription, GestureEstimator, FingerIndex, FingerCurlValue, FingerDirectionValue };
}
