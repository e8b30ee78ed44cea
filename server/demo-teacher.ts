// Seeds the demo teacher (src/lib/demo/demo-teacher.ts) on the local emulators: an Auth account
// with the printed password, its user record and username, and `teachers/{uid}` (the role the
// database rules grant: it may record and publish signs). Refuses any backend that is not a local
// emulator of a `demo-` project before sending anything, as the demo learner does. Idempotent.
import { DEMO_TEACHER } from '../src/lib/demo/demo-teacher.ts';
import { usernameKey } from '../src/lib/data/username-rules.ts';
import { adminGet, adminUpdate, type AdminDatabase } from './admin-rest.ts';
import { ensureDemoAccount } from './demo-account.ts';
import { assertDemoBackend, type DemoBackend } from './demo-learner.ts';

export async function seedDemoTeacher(backend: DemoBackend, options: { fetch?: typeof fetch } = {}): Promise<{ uid: string }> {
  assertDemoBackend(backend);
  const { email, password, username } = DEMO_TEACHER;
  const { uid } = await ensureDemoAccount(backend, { email, password }, options.fetch ?? fetch, 'demo teacher');
  const admin: AdminDatabase = { databaseUrl: backend.databaseUrl, accessToken: 'owner' };
  const updates: Record<string, unknown> = { [`teachers/${uid}`]: true };
  if ((await adminGet(admin, `users/${uid}/info`)) === null) {
    updates[`users/${uid}`] = { info: { username, email, maxLevel: 1 }, currentLanguage: 'american' };
    updates[`usernames/${usernameKey(username)}`] = { uid };
  }
  await adminUpdate(admin, '', updates);
  return { uid };
}
