// The side panel (SPEC 2: "an image and another widget"): the lesson's signs with their state, the
// colour key of the skeleton, the 'Precise feedback' setting and what runs the pose tracking.
import type { MatchMode } from '@signlearn/engine/practice/match_mode';
import type { PracticeSign } from '@signlearn/engine/practice/practice_session';
import { CheckIcon } from '@/components/icons.tsx';
import type { PracticeView, SignState } from './practice-view.ts';
import { SKELETON_COLORS } from './draw-skeleton.ts';

const STATE_TEXT: Record<SignState, string> = {
  pending: 'to do',
  current: 'now',
  done: 'done',
  skipped: 'skipped (flagged)',
  unavailable: 'skipped: no reference yet',
};

export function SidePanel({ title, signs, view, mode, onModeChange }: {
  title: string;
  signs: readonly PracticeSign[];
  view: PracticeView | null;
  mode: MatchMode;
  onModeChange: (mode: MatchMode) => void;
}) {
  return (
    <aside className="practice-panel" aria-label="Lesson details">
      <p className="practice-panel__title">{title}</p>
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
        <label className="practice-panel__toggle">
          <input type="checkbox" checked={mode === 'precise'} onChange={(event) => onModeChange(event.target.checked ? 'precise' : 'spec')} />
          <span>
            Precise feedback
            <small>Stricter checks of finger joints and hand orientation.</small>
          </span>
        </label>
      </section>

      <p className="practice-panel__backend" data-testid="tracker-backend">
        {view?.backend ? `Pose tracking: ${view.backend === 'fixture' ? 'recorded landmarks (test)' : view.backend}` : 'Pose tracking: starting…'}
      </p>
      {view?.notice ? (
        <p className="practice-panel__notice" role="status" data-testid="tracker-notice">
          {view.notice}
        </p>
      ) : null}
    </aside>
  );
}
