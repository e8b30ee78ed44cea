// Connects the page's auth state to Firebase's auth-state listener. Loaded lazily (dynamic
// import) so the Firebase SDK never lands in the landing or login first-load bundle.
import { onAuthChange } from '@/lib/firebase/auth.ts';
import { getUsername } from '@/lib/data/users.ts';
import { readSession, writeSession } from '@/lib/session-storage/session-storage.ts';
import { makeProfile, setAuthState, setProfileUsername } from './auth-state.ts';

let unsubscribe: (() => void) | null = null;

/** Starts listening once per page; later calls are no-ops. */
export function startAuthListener(): void {
  if (unsubscribe) return;
  unsubscribe = onAuthChange((user) => {
    if (!user) {
      setAuthState({ status: 'ready', profile: null });
      return;
    }
    void user
      .getIdToken()
      .catch(() => '')
      .then((token) => {
        const stored = readSession('uid') === user.uid ? readSession('username') : null;
        writeSession('uid', user.uid);
        if (user.email) writeSession('email', user.email);
        setAuthState({ status: 'ready', profile: makeProfile(user, token, stored) });
        if (stored) return;
        getUsername(user.uid)
          .then((username) => {
            if (!username) return;
            writeSession('username', username);
            setProfileUsername(username);
          })
          // product.md §8 Errors: a failed username fetch is logged; the email-derived name stays.
          .catch((error: unknown) => console.error('Failed to fetch username', error));
      });
  });
}
