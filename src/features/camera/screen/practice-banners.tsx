// The banners over the practice screen's video: starting (with a way to watch a recorded signer
// when there is no camera), a problem (the lesson or the camera failed, with what the learner can
// do) and the camera lost mid-lesson.
import { Spinner } from '@/components/spinner.tsx';
import { CAMERA_ADVICE, type CameraProblem } from '../stream/camera-advice.ts';
import { WATCH_SIGNER_LABEL } from './input-picker.tsx';

export function StartingBanner({ watching, onWatchSigner }: { watching: boolean; onWatchSigner: () => void }) {
  return (
    <div className="practice__banner">
      <Spinner label="Starting the camera and pose tracking" />
      <p>Starting the camera and pose tracking…</p>
      {watching ? null : (
        <button type="button" className="button button--ghost practice__banner-ghost" onClick={onWatchSigner}>
          No camera? {WATCH_SIGNER_LABEL}
        </button>
      )}
    </div>
  );
}

export function ProblemBanner({ message, cameraProblem, showAdvice, watching, onWatchSigner, onBack }: {
  message: string | null | undefined;
  cameraProblem: CameraProblem | null | undefined;
  /** The camera's advice is shown for a camera problem, not when the lesson failed to load. */
  showAdvice: boolean;
  watching: boolean;
  onWatchSigner: () => void;
  onBack: () => void;
}) {
  return (
    <div className="practice__banner practice__banner--error" role="alert" data-camera-problem={cameraProblem ?? undefined}>
      <p>{message}</p>
      {showAdvice && cameraProblem ? (
        <p className="practice__banner-advice" data-testid="camera-advice">
          {CAMERA_ADVICE[cameraProblem]}
        </p>
      ) : null}
      <div className="practice__banner-actions">
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          Try again
        </button>
        {watching ? null : (
          <button type="button" className="button button--secondary" onClick={onWatchSigner}>
            {WATCH_SIGNER_LABEL}
          </button>
        )}
        <button type="button" className="button button--ghost practice__banner-ghost" onClick={onBack}>
          Back to lessons
        </button>
      </div>
    </div>
  );
}

export function CameraLostBanner({ onReconnect }: { onReconnect: () => void }) {
  return (
    <div className="practice__banner practice__banner--error" role="alert">
      <p>Camera disconnected. The lesson is paused: plug the camera back in, or reconnect it.</p>
      <button type="button" className="button button--secondary" onClick={onReconnect}>
        Reconnect camera
      </button>
    </div>
  );
}
