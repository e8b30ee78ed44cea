// The camera screen's 'Flag Sign' dialog (product.md §2.16 Flag Sign dialog, §4.8 Flagging on the camera screen): submitting sends POST
// /receive_feedback_sign {feedback, email, sign} and shows a loader; 2 s later 'Thank you for your
// feedback!' whatever the server answered (product.md §7 Calls: a failure is not surfaced); 4 s after that the
// sign is skipped (it counts as advanced), the dialog closes and the form is cleared.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Dialog } from '@/components/dialog.tsx';
import { FlagSignForm } from '@/components/flag-sign-form.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { sendSignFeedback } from '@/lib/data/feedback.ts';

export const FLAG_THANK_YOU = 'Thank you for your feedback!';
/** product.md §4.8 Flagging on the camera screen, §9 Constants: the thank-you shows 2 s after the submit, and the sign is skipped 4 s after that. */
export const FLAG_THANK_YOU_DELAY_MS = 2000;
export const FLAG_SKIP_DELAY_MS = 4000;

type Step = 'form' | 'sending' | 'thanks';

export function FlagSignModal({ open, onOpenChange, signName, signIndex, email, onSkip }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signName: string;
  signIndex: number;
  email: string;
  /** Called with the flagged sign's index when it is to be skipped (4 s after the thank-you). */
  onSkip: (signIndex: number) => void;
}) {
  const [step, setStep] = useState<Step>('form');
  const [formKey, setFormKey] = useState(0);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const latest = useRef({ onSkip, onOpenChange });
  latest.current = { onSkip, onOpenChange };
  /** The sign the learner flagged (the lesson may have moved on since). */
  const flagged = useRef(-1);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  // The 4 s count from the thank-you in the page (its commit), not from the timer that asked for
  // it: on a busy page React draws it a frame or more after that timer, and the learner would see
  // it for less than 4 s.
  useLayoutEffect(() => {
    if (step !== 'thanks') return;
    timers.current.push(
      setTimeout(() => {
        latest.current.onSkip(flagged.current);
        latest.current.onOpenChange(false);
        setStep('form');
        setFormKey((key) => key + 1);
      }, FLAG_SKIP_DELAY_MS),
    );
  }, [step]);

  const submit = (feedback: string) => {
    setStep('sending');
    flagged.current = signIndex;
    // The answer's body is read to its end: a response left unread keeps the request open in the
    // browser until the page lets go of it, and then it is logged as aborted although the flag
    // was stored.
    sendSignFeedback({ feedback, email, sign: signName })
      .then(async (response) => {
        const answer: unknown = await response.json().catch(() => null);
        if (!response.ok) console.warn(`receive_feedback_sign answered ${response.status}`, answer);
      })
      .catch((error: unknown) => console.warn('receive_feedback_sign failed', error));
    timers.current.push(setTimeout(() => setStep('thanks'), FLAG_THANK_YOU_DELAY_MS));
  };

  // Once submitted, closing early only hides the dialog: the flagged sign is still skipped.
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onClose={close} title="Flag Sign">
      <p className="flag-modal__sign">
        Sign: <strong>{signName}</strong>
      </p>
      {step === 'form' ? (
        <FlagSignForm key={formKey} onSubmit={submit} />
      ) : step === 'sending' ? (
        <Spinner label="Sending your feedback" />
      ) : (
        <p className="dialog__status" role="status">
          {FLAG_THANK_YOU}
        </p>
      )}
    </Dialog>
  );
}
