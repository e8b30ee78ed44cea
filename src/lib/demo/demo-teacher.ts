// The demo teacher: an account `npm start` seeds on the local emulators beside the demo learner
// (server/demo-teacher.ts), made a teacher (`teachers/{uid}`, which only an administrator can
// write: database.rules.json), so the teacher's page (/teach) can be tried in one step. Like the
// demo learner it exists only on an emulator backend of a `demo-` project.

export const DEMO_TEACHER = {
  username: 'DemoTeacher',
  email: 'teacher@signlearn.test',
  password: 'teach123!',
} as const;
