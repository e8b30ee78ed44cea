import { useLocation } from 'wouter';

/** A back button: runs `onBack` when given, otherwise goes back one step in history (or home). */
export function BackButton({ onBack }: { onBack?: () => void }) {
  const [, navigate] = useLocation();
  const goBack = () => {
    if (onBack) return onBack();
    if (window.history.length > 1) window.history.back();
    else navigate('/');
  };
  return (
    <button type="button" className="back-button" onClick={goBack} aria-label="Go back">
      <span aria-hidden="true">←</span> Back
    </button>
  );
}
