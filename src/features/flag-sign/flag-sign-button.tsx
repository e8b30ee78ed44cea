// The non-camera variant of the 'Flag Sign' dialog (product.md §2 Screens): submitting only shows
// 'Feedback Submitted.' and sends nothing. Outside a lesson no sign is current, so the dialog asks
// which one: the letters of the learner's language, as the learning home teaches them.
import { useId, useState } from 'react';
import { Dialog } from '@/components/dialog.tsx';
import { FlagSignForm } from '@/components/flag-sign-form.tsx';
import { FlagIcon } from '@/components/icons.tsx';
import { lettersOfLanguage } from '@/lib/data/languages.ts';
import { currentLanguage } from '@/lib/session-storage/session-storage.ts';

export const FLAG_SUBMITTED = 'Feedback Submitted.';

export default function FlagSignButton() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [letters, setLetters] = useState<readonly string[]>([]);
  const [sign, setSign] = useState('');
  const show = () => {
    const alphabet = lettersOfLanguage(currentLanguage());
    setLetters(alphabet);
    setSign((chosen) => (alphabet.includes(chosen) ? chosen : alphabet[0]!));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setSubmitted(false);
  };
  return (
    <>
      <button type="button" className="button button--ghost flag-button" aria-label="Flag a sign" onClick={show}>
        <FlagIcon />
        <span className="flag-button__text">Flag a sign</span>
      </button>
      <Dialog open={open} onClose={close} title="Flag Sign">
        {submitted ? (
          <p className="dialog__status" role="status">
            {FLAG_SUBMITTED}
          </p>
        ) : (
          <>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-sign`}>
                Which sign?
              </label>
              <select id={`${id}-sign`} className="field__input" value={sign} onChange={(event) => setSign(event.target.value)}>
                {letters.map((letter) => (
                  <option key={letter} value={letter}>
                    {letter}
                  </option>
                ))}
              </select>
            </div>
            <p className="flag-modal__sign">
              Sign: <strong data-testid="flagged-sign">{sign}</strong>
            </p>
            <FlagSignForm onSubmit={() => setSubmitted(true)} />
          </>
        )}
      </Dialog>
    </>
  );
}
