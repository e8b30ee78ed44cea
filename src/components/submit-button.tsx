/** A form's submit button: shows its submitting text and is disabled while submitting. */
export function SubmitButton({ submitting, label, submittingLabel, disabled }: {
  submitting: boolean;
  label: string;
  submittingLabel: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={submitting || disabled} aria-busy={submitting || undefined}>
      {submitting ? submittingLabel : label}
    </button>
  );
}
