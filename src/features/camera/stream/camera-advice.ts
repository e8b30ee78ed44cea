// What a learner can do when the camera cannot be opened. The alert keeps the product's words ('Failed
// to acquire camera feed: NotAllowedError: ...'), which name the browser's error but not the way
// out; the screen's banner and side panel say what happened in plain words and what to do. Read
// from the browser's error name (getUserMedia's DOMException names, and the older ones some
// browsers still use).
import { CameraError } from './camera.ts';

export type CameraProblem = 'blocked' | 'missing' | 'busy' | 'unsupported' | 'unknown';

const BY_ERROR_NAME: Readonly<Record<string, CameraProblem>> = {
  NotAllowedError: 'blocked',
  PermissionDeniedError: 'blocked',
  SecurityError: 'blocked',
  NotFoundError: 'missing',
  DevicesNotFoundError: 'missing',
  OverconstrainedError: 'missing',
  NotReadableError: 'busy',
  TrackStartError: 'busy',
  AbortError: 'busy',
};

/** What kind of problem an error from opening the camera is (null: not a camera error). */
export function cameraProblem(error: unknown): CameraProblem | null {
  if (!(error instanceof CameraError)) return null;
  if (error.reason === 'no-api') return 'unsupported';
  return BY_ERROR_NAME[error.browserError ?? ''] ?? 'unknown';
}

/** The side panel's short words for it: 'Pose tracking: not running (camera blocked)'. */
export const CAMERA_PROBLEM_SHORT: Readonly<Record<CameraProblem, string>> = {
  blocked: 'camera blocked',
  missing: 'no camera found',
  busy: 'camera busy',
  unsupported: 'no camera access in this browser',
  unknown: 'camera not opened',
};

/** What to do, shown under the error on the screen. */
export const CAMERA_ADVICE: Readonly<Record<CameraProblem, string>> = {
  blocked:
    "The browser is not allowing this site to use your camera. Click the camera icon in the address bar (or open the site's settings from the padlock), set Camera to Allow, then press Try again.",
  missing: 'No camera was found. Connect a webcam, or check that it is switched on and not disabled in your system settings, then press Try again.',
  busy: 'Your camera is in use or could not start. Close other apps and tabs that use it (a video call, another SignLearn tab), then press Try again.',
  unsupported: 'This browser gives the page no camera access here. Open SignLearn in a current Chrome, Edge, Firefox or Safari, on its local address or over https.',
  unknown: 'Check that a camera is connected and that the browser may use it, then press Try again.',
};
