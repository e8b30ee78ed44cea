// On the local emulators only (src/lib/demo/demo-learner.ts): the demo learner's email and
// password, and a button that logs in with them, so the app can be tried without registering.
import { DEMO_LEARNER, demoLearnerAvailable } from '@/lib/demo/demo-learner.ts';
import { readFirebaseSettings, type FirebaseEnv } from '@/lib/firebase/config.ts';

// Never in a production build, whose bundle carries no emulator defaults (src/vite-env.d.ts).
const production = typeof __SIGNLEARN_FIREBASE_TARGET__ !== 'undefined' && __SIGNLEARN_FIREBASE_TARGET__ === 'production';
const available = !production && demoLearnerAvailable(readFirebaseSettings(((import.meta as { env?: unknown }).env ?? {}) as FirebaseEnv));

export function DemoLearnerHint({ onLogIn, busy }: { onLogIn: (credentials: { email: string; password: string }) => void; busy: boolean }) {
  if (!available) return null;
  return (
    <aside className="demo-learner" aria-label="Demo learner">
      <p>
        Running on the local emulators: try the app as the demo learner, who has finished level 1 (email <code>{DEMO_LEARNER.email}</code>, password{' '}
        <code>{DEMO_LEARNER.password}</code>).
      </p>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => onLogIn({ email: DEMO_LEARNER.email, password: DEMO_LEARNER.password })}>
        Log in as the demo learner
      </button>
    </aside>
  );
}
