// The hint over the video while a sign is practised: what to fix, that the hand matches, what the
// camera sees of the learner, a double letter's bounce, or the next sign coming. While a recorded
// signer does the lesson, it speaks of the signer, not of the learner (recorded-signer-hint.ts).
import type { PracticeView } from '../practice/practice-view.ts';
import { recordedSignerJudgeMessage } from './recorded-signer-hint.ts';

export function PracticeHint({ view, presenceHint, signName, wordLesson, watching }: {
  view: PracticeView;
  /** What the camera sees of the learner (or of the recorded signer), when it needs saying. */
  presenceHint: string | null;
  signName: string;
  wordLesson: boolean;
  watching: boolean;
}) {
  return (
    <div
      className={`practice__hint${view.matched && !presenceHint ? ' practice__hint--ok' : view.hint || presenceHint ? ' practice__hint--fix' : ''}`}
      role="status"
      aria-live="polite"
      data-testid="hint"
      data-presence={view.presence}
    >
      {view.locked
        ? wordLesson ? 'Next letter…' : 'Next sign…'
        : view.awaitingRelease
          ? watching
            ? `A double letter: the recorded signer lets go of the ${signName}, then signs ${signName} again`
            : `A double letter: bounce your hand (let go of the ${signName}), then sign ${signName} again`
          : watching
            ? (presenceHint ?? recordedSignerJudgeMessage(signName, view.matched, view.hint))
            : (presenceHint ?? (view.matched ? 'Good: hold it there' : (view.hint ?? 'Copy the guide')))}
    </div>
  );
}
