// STYLE.md: the import direction (app -> features -> shared, no cross-feature imports) is
// enforced by lint, and `npm test` runs it (about 15 s).
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

test('eslint (import boundaries, hooks, TypeScript rules) reports no errors in src/', { timeout: 120_000 }, async () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const results = await eslint.lintFiles(['src']);
  const errors = results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${r.filePath}:${m.line} ${m.ruleId}: ${m.message}`));
  expect(errors).toEqual([]);
});
