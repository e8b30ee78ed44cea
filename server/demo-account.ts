// A demo account's Auth side on the local emulators (the demo learner's, server/demo-learner.ts,
// and the demo teacher's, server/demo-teacher.ts): signed in with its printed password, that
// password set back when it was changed through the app, or the account created. The caller has
// refused any backend that is not a local emulator of a demo- project (assertDemoBackend).
import type { DemoBackend } from './demo-learner.ts';

interface IdentityAnswer {
  localId?: string;
  users?: Array<{ localId?: string }>;
  error?: { message?: string };
}

/** The account's uid, and whether this call created it. `who` names it in errors. */
export async function ensureDemoAccount(backend: DemoBackend, account: { email: string; password: string }, send: typeof fetch, who: string): Promise<{ uid: string; created: boolean }> {
  const { email, password } = account;
  const identity = async (path: string, body: unknown, admin = false): Promise<{ ok: boolean; answer: IdentityAnswer }> => {
    const response = await send(`http://${backend.authHost}/identitytoolkit.googleapis.com/v1/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(admin ? { Authorization: 'Bearer owner' } : {}) },
      body: JSON.stringify(body),
    });
    return { ok: response.ok, answer: (await response.json().catch(() => ({}))) as IdentityAnswer };
  };
  const key = 'key=demo-api-key'; // the emulator accepts any key

  let uid: string | undefined;
  let created = false;
  const signIn = await identity(`accounts:signInWithPassword?${key}`, { email, password, returnSecureToken: true });
  if (signIn.ok) uid = signIn.answer.localId;
  if (!uid) {
    // The account exists with another password (changed through the app), or not at all.
    const lookup = await identity(`projects/${backend.projectId}/accounts:lookup`, { email: [email] }, true);
    uid = lookup.answer.users?.[0]?.localId;
    if (uid) {
      const update = await identity(`projects/${backend.projectId}/accounts:update`, { localId: uid, password }, true);
      if (!update.ok) throw new Error(`${who}: could not set the password back: ${update.answer.error?.message ?? 'unknown error'}`);
    } else {
      const signUp = await identity(`accounts:signUp?${key}`, { email, password, returnSecureToken: true });
      uid = signUp.answer.localId;
      if (!signUp.ok || !uid) throw new Error(`${who}: could not create the account: ${signUp.answer.error?.message ?? 'unknown error'}`);
      created = true;
    }
  }
  return { uid, created };
}
