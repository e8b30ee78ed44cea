// App-wide providers: the toaster (top-right, product.md §2 Screens) and the auth-state bootstrap.
import { useEffect, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { setAuthState } from '@/lib/auth/auth-state.ts';
import { readSession } from '@/lib/session-storage/session-storage.ts';

/** Pages that show the same to everyone: they render without knowing who is signed in. */
const PUBLIC_PATHS = new Set(['/login', '/register', '/forgot_password', '/help_center']);

/** Runs `task` once, at the visitor's first interaction with the page or after `delayMs`,
 * whichever comes first; returns a function that cancels it. */
function onFirstInteraction(task: () => void, delayMs: number): () => void {
  const events = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
  const run = () => {
    cancel();
    task();
  };
  const timer = window.setTimeout(run, delayMs);
  const cancel = () => {
    window.clearTimeout(timer);
    for (const type of events) window.removeEventListener(type, run, true);
  };
  for (const type of events) window.addEventListener(type, run, { capture: true, passive: true });
  return cancel;
}

/**
 * Starts the Firebase auth listener through a dynamic import, so the Firebase SDK is never part
 * of the first-load bundle. On the marketing host it starts only when a user email is known
 * from this tab's session; otherwise the visitor is anonymous at once. On the learning host's
 * public pages (login, register...) of a visitor not known to be signed in, it starts at the first
 * interaction or 3 s in, so the SDK (70 KB) does not compete with the page's own code for the
 * network; the form's submit loads it in any case (src/lib/firebase/on-demand.ts).
 */
function AuthBootstrap({ eager }: { eager: boolean }) {
  useEffect(() => {
    const knownUser = readSession('email') !== null;
    if (!eager && !knownUser) {
      setAuthState({ status: 'ready', profile: null });
      return;
    }
    const start = () => {
      import('@/lib/auth/auth-listener.ts')
        .then((listener) => listener.startAuthListener())
        .catch((error: unknown) => {
          console.error('Failed to start the auth listener', error);
          setAuthState({ status: 'ready', profile: null });
        });
    };
    if (!knownUser && PUBLIC_PATHS.has(window.location.pathname)) return onFirstInteraction(start, 3000);
    start();
  }, [eager]);
  return null;
}

export function AppProviders({ learningHost, children }: { learningHost: boolean; children: ReactNode }) {
  return (
    <>
      <AuthBootstrap eager={learningHost} />
      {children}
      <Toaster position="top-right" richColors closeButton />
    </>
  );
}
