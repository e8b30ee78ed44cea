// The non-camera variant of the 'Flag Sign' dialog (SPEC section 2): submitting only shows
// 'Feedback Submitted.' and sends nothing.
import { useState } from 'react';
import { Dialog } from '@/components/dialog.tsx';
import { FlagSignForm } from '@/components/flag-sign-form.tsx';
import { FlagIcon } from '@/components/icons.tsx';

export const FLAG_SUBMITTED = 'Feedback Submitted.';

export default function FlagSignButton() {
  const [open, setOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const close = () => {
    setOpen(false);
    setSubmitted(false);
  };
  return (
    <>
      <button type="button" className="button button--ghost flag-button" aria-label="Flag a sign" onClick={() => setOpen(true)}>
        <FlagIcon />
        <span className="flag-button__text">Flag a sign</span>
      </button>
      <Dialog open={open} onClose={close} title="Flag Sign">
        {submitted ? (
          <p className="dialog__status" role="status">
            {FLAG_SUBMITTED}
          </p>
        ) : (
          <FlagSignForm onSubmit={() => setSubmitted(true)} />
        )}
      </Dialog>
    </>
  );
}
