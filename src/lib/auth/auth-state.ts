// The signed-in state of the page (product.md §3 Data "derived profile", section 4 "the auth context
// is loading until the first auth-state callback"). Firebase-free, so the landing bundle can
// read it; auth-listener.ts fills it in once loaded.
import { atom, getDefaultStore, useAtomValue } from 'jotai';

export interface AuthProfile {
  uid: string;
  email: string;
  avatar: string | null;
  name: string;
  accessToken: string;
  /** True only when both email and access token are present. */
  isAuthenticated: boolean;
}

export type AuthState = { status: 'loading' } | { status: 'ready'; profile: AuthProfile | null };

export const authStateAtom = atom<AuthState>({ status: 'loading' });

export const authStore = getDefaultStore();

export function useAuthState(): AuthState {
  return useAtomValue(authStateAtom, { store: authStore });
}

/** The signed-in profile, or null (also while loading). */
export function useAuthProfile(): AuthProfile | null {
  const state = useAuthState();
  return state.status === 'ready' ? state.profile : null;
}

/** Display name: the stored username when there is one, else the part of the email before @. */
export function displayName(email: string, username: string | null | undefined): string {
  if (username && username.trim() !== '') return username;
  return email.split('@')[0] ?? email;
}

export function makeProfile(user: { uid: string; email: string | null; photoURL: string | null }, accessToken: string, username: string | null): AuthProfile {
  const email = user.email ?? '';
  return {
    uid: user.uid,
    email,
    avatar: user.photoURL,
    name: displayName(email, username),
    accessToken,
    isAuthenticated: email !== '' && accessToken !== '',
  };
}

export function setAuthState(state: AuthState): void {
  authStore.set(authStateAtom, state);
}

/** After a username change or sign-up the shown name follows the stored username. */
export function setProfileUsername(username: string): void {
  const state = authStore.get(authStateAtom);
  if (state.status !== 'ready' || !state.profile) return;
  setAuthState({ status: 'ready', profile: { ...state.profile, name: displayName(state.profile.email, username) } });
}
