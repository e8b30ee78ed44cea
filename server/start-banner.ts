// What `npm start` prints once everything is up: where the app is, where the landing page is,
// and (on the local emulators) the demo learner to log in with.
import { DEMO_LEARNER } from '../src/lib/demo/demo-learner.ts';
import { DEMO_TEACHER } from '../src/lib/demo/demo-teacher.ts';

export function startBanner(options: { learningUrl: string; landingUrl: string; demoLearner: boolean }): string {
  const lines = [
    '',
    '  SignLearn is running:',
    `    learning app   ${options.learningUrl}   <- open this one`,
    `    landing page   ${options.landingUrl}   (the marketing page)`,
  ];
  if (options.demoLearner) {
    lines.push(`    demo learner   ${DEMO_LEARNER.email} / ${DEMO_LEARNER.password}   (local emulators only; also on the login page)`);
    lines.push(`    demo teacher   ${DEMO_TEACHER.email} / ${DEMO_TEACHER.password}   (records and publishes signs at /teach)`);
  }
  lines.push('  Press Ctrl-C to stop.', '');
  return lines.join('\n');
}
