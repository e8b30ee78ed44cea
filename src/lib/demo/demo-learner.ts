// The demo learner: an account `npm start` seeds on the local emulators (server/demo-learner.ts)
// so the app can be tried without registering; the login page offers it there. It exists only
// on an emulator backend of a `demo-` project (Firebase's prefix for projects that have no
// cloud counterpart), never on a real Firebase project.

export const DEMO_LEARNER = {
  username: 'DemoLearner',
  email: 'demo@signlearn.test',
  password: 'demo123!',
} as const;

/** Firebase's convention: a `demo-` project id is local only and never reaches Google. */
export const isDemoProjectId = (projectId: string): boolean => projectId.startsWith('demo-');

/** True when the app talks to local emulators under a `demo-` project: the only place where
 * the demo learner exists (FirebaseSettings of src/lib/firebase/config.ts). */
export function demoLearnerAvailable(settings: { options: { projectId: string }; emulators: unknown }): boolean {
  return settings.emulators !== null && isDemoProjectId(settings.options.projectId);
}
