// Labelled inputs with the product's error display: the message in red under the field and a red
// border (section 5), tied to the input with aria-invalid and aria-describedby.
import { useId, useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface FieldShellProps {
  id: string;
  label: string;
  error?: FieldError | undefined;
  /** A standing explanation under the field (what the rule accepts), shown with or without an error. */
  hint?: string | undefined;
  children: React.ReactNode;
}

function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error?.message ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error.message}
        </p>
      ) : null}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The error (read first) and the hint an input is described by. */
function describedBy(id: string, error: FieldError | undefined, hint: string | undefined): string | undefined {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

interface TextFieldProps extends InputProps {
  label: string;
  error?: FieldError | undefined;
  hint?: string | undefined;
  registration?: UseFormRegisterReturn;
}

export function TextField({ label, error, hint, registration, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
        {...registration}
      />
    </FieldShell>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, registration, ...input }: TextFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className="field__with-toggle">
        <input
          id={id}
          className="field__input"
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          {...input}
          {...registration}
        />
        <button
          type="button"
          className="field__toggle"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldShell>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: FieldError | undefined;
  registration?: UseFormRegisterReturn;
}

export function TextAreaField({ label, error, registration, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea
        id={id}
        className="field__input field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
        {...registration}
      />
    </FieldShell>
  );
}
