// The practice screen's small display pieces: the sign's circular progress, the lesson bar, the
// guide overlay, the tips bar and the 'Lesson Completed!' card.
import { useEffect, useRef, useState } from 'react';
import type { SkeletonGuide } from '@signlearn/engine/reference/reference_sign_schema';
import { HandGuide, hasHandGuide } from '@/components/hand-guide/hand-guide.tsx';
import { SkeletonGuideView } from '@/components/skeleton-guide.tsx';
import { PRACTICE_TIPS, TIP_ROTATE_MS } from './practice-tips.ts';

const RING_RADIUS = 42;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** product.md §2.10 Camera: circular progress for the current sign. */
export function ProgressRing({ fraction, locked }: { fraction: number; locked: boolean }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      className={`progress-ring${locked ? ' progress-ring--locked' : ''}`}
      role="progressbar"
      aria-label="Sign progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <circle className="progress-ring__track" cx="50" cy="50" r={RING_RADIUS} />
        <circle
          className="progress-ring__value"
          cx="50"
          cy="50"
          r={RING_RADIUS}
          strokeDasharray={RING_LENGTH}
          strokeDashoffset={RING_LENGTH * (1 - percent / 100)}
        />
      </svg>
      <span className="progress-ring__text">{percent}%</span>
    </div>
  );
}

/** product.md §2.10 Camera: the lesson progress bar (signs done of the lesson's signs). */
export function LessonBar({ done, total }: { done: number; total: number }) {
  return (
    <div className="lesson-bar">
      <div className="lesson-bar__track" role="progressbar" aria-label="Lesson progress" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done} aria-valuetext={`${done} of ${total} signs`}>
        <div className="lesson-bar__value" style={{ width: `${total > 0 ? (done / total) * 100 : 0}%` }} />
      </div>
      <span className="lesson-bar__text">
        {done}/{total} signs
      </span>
    </div>
  );
}

/** The current sign's guide over the video: the turnable 3-D hand where the sign has a recorded
 * hand in the lesson's language (its own recordings: an Austrian A is drawn from the Austrian
 * signer), else the record's recorded skeleton (a sign recorded from a clip, `skeleton`), else the
 * reference's guide animation. A missing file says so. */
export function GuideOverlay({ src, signName, language, skeleton }: { src: string | null; signName: string; language: string; skeleton?: SkeletonGuide | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <figure className="guide-overlay">
      {hasHandGuide(signName, language) ? (
        <HandGuide sign={signName} language={language} compact />
      ) : skeleton ? (
        <SkeletonGuideView guide={skeleton} label={`Guide: the recorded signer making ${signName}`} className="guide-overlay__skeleton" />
      ) : src && failed !== src ? (
        <img key={src} src={src} alt={`Guide animation for the sign ${signName}`} onError={() => setFailed(src)} />
      ) : (
        <div className="guide-overlay__missing">{src ? 'Guide animation unavailable' : 'Loading guide…'}</div>
      )}
      <figcaption>Guide: {signName}</figcaption>
    </figure>
  );
}

/** product.md §2.10 Camera, §9 Constants: a bottom bar showing one of 19 tips, the next one every 8 s (10 s animation). */
export function TipsBar() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % PRACTICE_TIPS.length), TIP_ROTATE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="tips-bar" aria-live="off">
      <span className="tips-bar__label">Tip {index + 1}/{PRACTICE_TIPS.length}</span>
      <p key={index} className="tips-bar__text" data-tip-index={index}>
        {PRACTICE_TIPS[index]}
      </p>
    </div>
  );
}

/** product.md §2.10 Camera, §4.7 Practice flow: the completed card; 'Next Lesson' continues now, else the screen does after 4 s. */
export function LessonCompleteCard({ onNext, continueAtMs, nextLabel, buttonLabel = 'Next Lesson', text = 'You have successfully completed the lesson.' }: {
  onNext: () => void;
  continueAtMs: number;
  nextLabel: string;
  buttonLabel?: string;
  text?: string;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const [secondsLeft, setSecondsLeft] = useState(() => Math.max(0, Math.ceil((continueAtMs - performance.now()) / 1000)));
  useEffect(() => {
    button.current?.focus();
    const timer = setInterval(() => setSecondsLeft(Math.max(0, Math.ceil((continueAtMs - performance.now()) / 1000))), 250);
    return () => clearInterval(timer);
  }, [continueAtMs]);
  return (
    <div className="lesson-complete" role="dialog" aria-modal="false" aria-labelledby="lesson-complete-title">
      <div className="lesson-complete__card">
        <div className="lesson-complete__badge" aria-hidden="true">
          ✓
        </div>
        <h2 id="lesson-complete-title">Lesson Completed!</h2>
        <p>{text}</p>
        <button ref={button} type="button" className="button button--primary" onClick={onNext}>
          {buttonLabel}
        </button>
        <p className="lesson-complete__countdown" aria-live="polite">
          {nextLabel} in {secondsLeft} s
        </p>
      </div>
    </div>
  );
}
