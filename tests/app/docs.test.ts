// The README is a front page (issue 27): short, the two commands first, and every page it sends a
// reader to exists; the pages under docs/ link to files that exist (they moved one or two folders
// deeper than the README they came from).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../../server/paths.ts';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const pages = ['README.md', 'NOTICES.md', ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md')).map((file) => join('docs', file))];

test('the README is a front page: about 150 lines at most, npm start and npm test first', () => {
  expect(readme.split('\n').length).toBeLessThanOrEqual(160);
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  expect(firstBlock.split('\n').filter(Boolean).map((line) => line.split('#')[0]?.trim())).toEqual(['npm start', 'npm test']);
  for (const page of ['docs/learner.md', 'docs/teacher.md', 'docs/engineer/README.md']) expect(readme).toContain(`](${page})`);
});

test('every relative link of the README, NOTICES and docs/ points at a file that exists', () => {
  const broken: string[] = [];
  for (const page of pages) {
    for (const [, target] of readFileSync(join(ROOT, page), 'utf8').matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^(https?|mailto):/.test(target as string)) continue;
      if (!existsSync(join(ROOT, dirname(page), target as string))) broken.push(`${page}: ${target}`);
    }
  }
  expect(broken).toEqual([]);
});
