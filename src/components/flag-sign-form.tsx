// The 'Flag Sign' form (product.md §2 Screens): a required textarea (the browser's own required rule,
// no custom message) and a 'Send FeedBack' button. The camera screen and the non-camera variant
// both use it and decide what a submit does.
import { useId, useState, type FormEvent } from 'react';

export function FlagSignForm({ onSubmit, submitting = false }: {
  onSubmit: (feedback: string) => void;
  submitting?: boolean;
}) {
  const id = useId();
  const [feedback, setFeedback] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(feedback);
  };
  return (
    <form className="form" onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          What is wrong with this sign?
        </label>
        <textarea
          id={id}
          className="field__input field__textarea"
          name="feedback"
          required
          placeholder="Why is this sign wrong?"
          value={feedback}
          onChange={(event) => setFeedback(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={submitting}>
        Send FeedBack
      </button>
    </form>
  );
}
