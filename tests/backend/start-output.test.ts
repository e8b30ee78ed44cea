// What `npm start` prints: Vite's own address line leads to the app (the learning host), not to
// the landing page; the banner names the app, the landing page and, on the emulators, the demo
// learner. The Vite line is checked on a real Vite dev server's output.
import { afterAll, describe, expect, test } from 'vitest';
import { startAppServer, type AppServer } from '../../server/app-server.ts';
import { startBanner } from '../../server/start-banner.ts';
import { viteLineForLearners } from '../../server/vite-output.ts';
import { isLearningHost } from '@/lib/host/learning-host.ts';
import { DEMO_LEARNER } from '@/lib/demo/demo-learner.ts';
import { freePort } from './helpers.ts';

let app: AppServer | undefined;
afterAll(async () => {
  await app?.stop();
});

describe('npm start output', () => {
  test("Vite's Local line names the learning host, with the landing page beside it", async () => {
    const port = await freePort();
    const learningUrl = `http://learn.localhost:${port}`;
    const printed: string[] = [];
    app = await startAppServer({ port, env: { FORCE_COLOR: '1' }, onOutput: (line) => printed.push(viteLineForLearners(line, learningUrl)) });
    await expect.poll(() => printed.find((line) => line.includes('Local:')), { timeout: 30_000 }).toBeDefined();
    const local = printed.find((line) => line.includes('Local:'))!;
    expect(local).toBe(`  ➜  Local:   ${learningUrl}/  (the learning app; http://127.0.0.1:${port}/ is the landing page)`);
    // The first address on the line is one the host rule serves the app on.
    const first = new URL(/http:\/\/\S+/.exec(local)![0]);
    expect(isLearningHost(first.hostname)).toBe(true);
  });

  test('other lines pass unchanged', () => {
    expect(viteLineForLearners('  VITE v8.3.8  ready in 2045 ms', 'http://learn.localhost:5173')).toBe('  VITE v8.3.8  ready in 2045 ms');
    expect(viteLineForLearners('  ➜  Network: use --host to expose', 'http://learn.localhost:5173')).toBe('  ➜  Network: use --host to expose');
  });

  test('the banner names the app first, and the demo learner only when it was seeded', () => {
    const options = { learningUrl: 'http://learn.localhost:5173', landingUrl: 'http://localhost:5173' };
    const withDemo = startBanner({ ...options, demoLearner: true });
    expect(withDemo).toMatch(/learning app {3}http:\/\/learn\.localhost:5173 {3}<- open this one/);
    expect(withDemo).toContain(`demo learner   ${DEMO_LEARNER.email} / ${DEMO_LEARNER.password}`);
    const withoutDemo = startBanner({ ...options, demoLearner: false });
    expect(withoutDemo).not.toContain(DEMO_LEARNER.email);
    expect(withoutDemo).not.toContain(DEMO_LEARNER.password);
  });
});
