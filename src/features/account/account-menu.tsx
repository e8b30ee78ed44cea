// The account menu (product.md §2 Screens): avatar letter, name and email, then links and 'log out'.
// A menu button (aria-haspopup, aria-expanded) opens a role="menu" list; arrow keys move between
// items, Escape and a click outside close it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { Link, useLocation } from 'wouter';
import { useAuthProfile } from '@/lib/auth/auth-state.ts';
import { useClickOutside } from '@/hooks/use-click-outside.ts';
import { signOut } from '@/lib/firebase/auth.ts';
import { clearSession } from '@/lib/session-storage/session-storage.ts';
import { LanguageMenuItems } from '@/components/language-choice.tsx';
import { accountMessages } from './messages.ts';

const links = [
  { href: '/change_username', label: 'Change username' },
  { href: '/change_password', label: 'Change password' },
  { href: '/feedback', label: 'Send feedback' },
  { href: '/help_center', label: 'FAQ' },
] as const;

export default function AccountMenu({ hrefBase = '' }: { hrefBase?: string }) {
  const profile = useAuthProfile();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();
  useClickOutside(anchor, () => setOpen(false), open);

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
  }, [open]);

  if (!profile) return null;
  const initial = (profile.name || profile.email).charAt(0).toUpperCase();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  const logOut = async () => {
    try {
      await signOut();
      clearSession();
      toast.success(accountMessages.loggedOut);
      setOpen(false);
      if (hrefBase) window.location.assign(`${hrefBase}/`);
      else navigate('/');
    } catch (error) {
      console.error('Logout failed', error);
      toast.error(accountMessages.logoutFailed);
    }
  };

  return (
    <div className="menu-anchor" ref={anchor}>
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${profile.name}`}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {profile.avatar ? (
          <img className="avatar" src={profile.avatar} alt="" />
        ) : (
          <span className="avatar" aria-hidden="true">
            {initial}
          </span>
        )}
      </button>
      {open ? (
        <ul className="menu" id={menuId} role="menu" aria-label="Account" ref={menu} onKeyDown={onMenuKey}>
          <li role="none" className="account-menu__profile">
            <span className="avatar" aria-hidden="true">
              {initial}
            </span>
            <span>
              <span className="account-menu__name" data-testid="account-name">
                {profile.name}
              </span>
              <br />
              <span className="account-menu__email">{profile.email}</span>
            </span>
          </li>
          <li role="separator" className="menu__separator" />
          {links.map((link) =>
            hrefBase ? (
              <li role="none" key={link.href}>
                <a role="menuitem" className="menu__item" href={`${hrefBase}${link.href}`} tabIndex={-1}>
                  {link.label}
                </a>
              </li>
            ) : (
              <li role="none" key={link.href}>
                <Link role="menuitem" className="menu__item" href={link.href} tabIndex={-1} onClick={() => setOpen(false)}>
                  {link.label}
                </Link>
              </li>
            ),
          )}
          <li role="separator" className="menu__separator" />
          <LanguageMenuItems uid={profile.uid} homeHref={`${hrefBase}/`} />
          <li role="separator" className="menu__separator" />
          <li role="none">
            <button type="button" role="menuitem" className="menu__item" tabIndex={-1} onClick={() => void logOut()}>
              Log out
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
