// Small inline icons; decorative unless a label is given.
const common = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function LockIcon({ label }: { label?: string }) {
  return (
    <svg {...common} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} focusable="false" className="icon icon--lock">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

export function CheckIcon({ label }: { label?: string }) {
  return (
    <svg {...common} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} focusable="false" className="icon icon--check">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

export function ChevronDownIcon() {
  return (
    <svg {...common} aria-hidden="true" focusable="false" className="icon icon--chevron">
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

export function FlagIcon({ size = 20 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size} aria-hidden="true" focusable="false" className="icon icon--flag">
      <path d="M5 21V4m0 0h11l-2 4 2 4H5" />
    </svg>
  );
}
