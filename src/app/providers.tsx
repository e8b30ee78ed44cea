// App-wide providers: the toaster (top-right, SPEC section 2) and the auth-state bootstrap.
import { useEffect, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { setAuthState } from '@/lib/auth/auth-state.ts';
import { readSession } from '@/lib/session-storage/session-storage.ts';

/**
 * Starts the Firebase auth listener through a dynamic import, so the Firebase SDK is never part
 * of the first-load bundle. On the marketing host it starts only when a user email is known
 * from this tab's session; otherwise the visitor is anonymous at once.
 */
function AuthBootstrap({ eager }: { eager: boolean }) {
  useEffect(() => {
    if (!eager && !readSession('email')) {
      setAuthState({ status: 'ready', profile: null });
      return;
    }
    import('@/lib/auth/auth-listener.ts')
      .then((listener) => listener.startAuthListener())
      .catch((error: unknown) => {
        console.error('Failed to start the auth listener', error);
        setAuthState({ status: 'ready', profile: null });
      });
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
