// The landing navbar (product.md §2 Screens): logo, links (home, how it works, features, start
// learning on the learning site), a 'Sign Up' button to the learning site's register page, and
// a mobile menu. When a user is signed in, the account menu replaces 'Sign Up'.
import { useId, useState, type ReactNode } from 'react';
import { Logo } from '@/components/logo.tsx';

export function LandingNavbar({ learnHref, registerHref, accountMenu }: {
  learnHref: string;
  registerHref: string;
  accountMenu: ReactNode | null;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);
  const links = (
    <>
      <a href="#top" onClick={close}>Home</a>
      <a href="#how_it_works" onClick={close}>How it works</a>
      <a href="#features" onClick={close}>Features</a>
      <a href={learnHref}>Start learning</a>
    </>
  );
  return (
    <header className="landing-nav">
      <div className="landing-nav__bar">
        <a href="#top" className="landing-nav__logo" aria-label="SignLearn home">
          <Logo />
        </a>
        <nav className="landing-nav__links" aria-label="Main">
          {links}
        </nav>
        <div className="landing-nav__actions">
          {accountMenu ?? (
            <a href={registerHref} className="button button--primary landing-nav__signup">
              Sign Up
            </a>
          )}
          <button
            type="button"
            className="landing-nav__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((v) => !v)}
          >
            <span aria-hidden="true">{open ? '✕' : '☰'}</span>
          </button>
        </div>
      </div>
      <nav id={menuId} className="landing-nav__mobile" aria-label="Mobile" hidden={!open}>
        {links}
        {accountMenu ? null : (
          <a href={registerHref} className="button button--primary">
            Sign Up
          </a>
        )}
      </nav>
    </header>
  );
}
