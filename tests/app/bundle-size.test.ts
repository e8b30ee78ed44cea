// The landing page's first-load JavaScript stays under 150 KB gzipped, and neither the landing
// nor the login bundle carries the engine or the models (scripts/bundle-size.mjs builds and checks).
import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';

test('landing first-load JS is under budget; no engine/models in landing or login', { timeout: 180_000 }, () => {
  const output = execFileSync(process.execPath, ['scripts/bundle-size.mjs'], { cwd: process.cwd(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  console.log(output.split('\n').filter((line) => line.includes('first-load')).join('\n'));
  const kb = Number(/landing first-load JS: ([\d.]+) KB/.exec(output)?.[1]);
  expect(kb).toBeGreaterThan(0);
  expect(kb).toBeLessThan(150);
});
