// The side panel (product.md §2.10 Camera: "an image and another widget"): the lesson's signs with their state, the
// colour key of the skeleton, the judge setting, and what runs the pose tracking (the runtime and
// adapter, the models, the frames per second).
import type { ReactNode } from 'react';
import { MATCH_MODES, type MatchMode } from '@signlearn/engine/practice/match_mode';
import type { PracticeSign } from '@signlearn/engine/practice/practice_session';
import { CheckIcon } from '@/components/icons.tsx';
import { CAMERA_PROBLEM_SHORT } from '../stream/camera-advice.ts';
import type { PracticeView, SignState } from '../practice/practice-view.ts';
import { SKELETON_COLORS } from '../overlay/draw-skeleton.ts';

/** The judges a learner can choose, in the learner's words (the angle rule stays selectable). */
export const JUDGE_CHOICES: Record<MatchMode, { label: string; detail: string }> = {
  handshape: { label: 'Handshape (recommended)', detail: "The letter's shape and movement, from any hand." },
  spec: { label: 'Lenient: the original rule', detail: 'Every joint within a wide margin of the recording. Accepts near misses.' },
  precise: { label: 'Strict: like the recording', detail: "Every joint and the hand's direction close to the recorded signer's." },
};

const STATE_TEXT: Record<SignState, string> = {
  pending: 'to do',
  current: 'now',
  done: 'done',
  skipped: 'skipped (flagged)',
  unavailable: 'skipped: no reference yet',
};

/** What runs the pose tracking, or why nothing does: the line follows the screen's state, so a
 * camera that could not be opened is never left reading 'starting'. */
function trackingLine(view: PracticeView | null): string {
  if (view?.backend) return `Pose tracking: ${view.backend === 'fixture' ? 'recorded landmarks (test)' : view.backend}`;
  if (view?.status === 'error') return `Pose tracking: not running (${view.cameraProblem ? CAMERA_PROBLEM_SHORT[view.cameraProblem] : 'it could not start'})`;
  return 'Pose tracking: starting…';
}

export function SidePanel({ title, signs, view, mode, onModeChange, open, onClose, inputs }: {
  title: string;
  signs: readonly PracticeSign[];
  view: PracticeView | null;
  mode: MatchMode;
  onModeChange: (mode: MatchMode) => void;
  /** On narrow screens the panel is a drawer over the stage: whether it is shown. */
  open: boolean;
  onClose: () => void;
  /** The choice of what the screen watches (input-picker.tsx). */
  inputs?: ReactNode;
}) {
  return (
    <aside id="lesson-details" className={`practice-panel${open ? ' practice-panel--open' : ''}`} aria-label="Lesson details">
      <div className="practice-panel__head">
        <p className="practice-panel__title">{title}</p>
        <button type="button" className="practice-panel__close" onClick={onClose} aria-label="Close lesson details">
          ×
        </button>
      </div>
      <ol className="practice-panel__signs">
        {signs.map((sign, i) => {
          const state = view?.signStates[i] ?? (i === 0 ? 'current' : 'pending');
          return (
            <li key={`${sign.name}-${i}`} className={`practice-panel__sign practice-panel__sign--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="practice-panel__letter">{sign.name}</span>
              <span className="practice-panel__state">{STATE_TEXT[state]}</span>
              {state === 'done' ? <CheckIcon label="done" /> : null}
            </li>
          );
        })}
      </ol>

      <section className="practice-panel__section" aria-labelledby="skeleton-key">
        <h2 id="skeleton-key">Reading your skeleton</h2>
        <ul className="practice-panel__key">
          <li>
            <span className="practice-panel__swatch" style={{ background: SKELETON_COLORS.matched }} /> matches the guide
          </li>
          <li>
            <span className="practice-panel__swatch" style={{ background: SKELETON_COLORS.off }} /> joint to fix
          </li>
          <li>
            <span className="practice-panel__swatch" style={{ background: SKELETON_COLORS.rightHand }} /> your right hand
          </li>
          <li>
            <span className="practice-panel__swatch" style={{ background: SKELETON_COLORS.leftHand }} /> your left hand
          </li>
        </ul>
      </section>

      <section className="practice-panel__section" aria-labelledby="practice-settings">
        <h2 id="practice-settings">Settings</h2>
        <fieldset className="practice-panel__judge">
          <legend>Judge</legend>
          {MATCH_MODES.map((choice) => (
            <label key={choice} className="practice-panel__toggle">
              <input type="radio" name="judge" value={choice} checked={mode === choice} onChange={() => onModeChange(choice)} />
              <span>
                {JUDGE_CHOICES[choice].label}
                <small>{JUDGE_CHOICES[choice].detail}</small>
              </span>
            </label>
          ))}
        </fieldset>
      </section>

      <p className="practice-panel__backend" data-testid="tracker-backend">
        {trackingLine(view)}
      </p>
      {view?.models ? (
        <p className="practice-panel__backend" data-testid="tracker-models">
          Models: {view.models}
        </p>
      ) : null}
      <p className="practice-panel__backend" data-testid="tracker-fps">
        Tracking: {view?.status === 'error' && !view.backend ? 'none' : view?.trackerFps == null ? '…' : `${view.trackerFps.toFixed(1)} frames/s`}
      </p>
      {view?.notice ? (
        <p className="practice-panel__notice" role="status" data-testid="tracker-notice">
          {view.notice}
        </p>
      ) : null}

      {/* Last: on a phone the judge and the readouts above stay within the first screen. */}
      {inputs}
    </aside>
  );
}
