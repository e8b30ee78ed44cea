/** The product's mark and name. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M11 22V12.5a1.5 1.5 0 0 1 3 0V17m0-6.5a1.5 1.5 0 0 1 3 0V17m0-5a1.5 1.5 0 0 1 3 0v5.5m0-2a1.5 1.5 0 0 1 3 0V19a6 6 0 0 1-6 6h-1a6 6 0 0 1-5-2.7L8.5 18.5a1.5 1.5 0 0 1 2.5-1.7" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="logo__text">SignLearn</span>
    </span>
  );
}
