// product.md §5 Validation's rule for a chapter's lesson progress, in one place for the session cache and the
// database (no Firebase here: the session-storage module uses it too).

/** Non-numeric becomes 0; the stored value is at least 1 and at least the previous one, so
 * progress never decreases. */
export function sanitizeProgress(value: unknown, previous?: unknown): number {
  const numeric = (v: unknown): number => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    return Number.isFinite(n) ? Math.floor(n) : 0;
  };
  return Math.max(1, numeric(value), numeric(previous));
}
