// The import directions of eslint.config.js, enforced by lint: the app's (app -> features ->
// shared, no cross-feature imports; docs/engineer/code-style.md), the engine's (standalone, layered folders, no React
// or Firebase), the server's and the bench's. `npm test` runs it (about 20 s). Each zone is also
// shown to catch a planted import in the wrong direction, linted as if it were a file there.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

const errorsOf = (results: ESLint.LintResult[]) =>
  results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${r.filePath}:${m.line} ${m.ruleId}: ${m.message}`));

describe('lint', () => {
  it('reports no errors in src/, engine/, server/ and bench/', { timeout: 180_000 }, async () => {
    expect(errorsOf(await eslint.lintFiles(['src', 'engine', 'server', 'bench']))).toEqual([]);
  });

  // [file the planted import is linted as, the import, what the error must say]
  const planted: [string, string, RegExp][] = [
    ['src/features/lessons/planted.ts', "import { PracticeScreen } from '../camera/screen/practice-screen.tsx';", /feature does not import another feature/],
    ['src/lib/data/planted.ts', "import { PracticeScreen } from '../../features/camera/screen/practice-screen.tsx';", /Shared code does not import features/],
    ['engine/src/core/planted.ts', "import { DEFAULT_LANGUAGE } from '../../../src/lib/data/paths.ts';", /engine is a standalone package/],
    ['engine/src/match/planted.ts', "import { PracticeLoop } from '../practice/practice_loop.ts';", /may import only lower layers/],
    ['engine/src/reference/planted.ts', "import { matchFrame } from '../match/match_frame.ts';", /may import only lower layers/],
    ['engine/src/practice/planted.ts', "import { TrackerStage } from '../tracker/constants.ts';", /may import only lower layers/],
    ['engine/src/practice/planted2.ts', "import { readJsonFile } from '../node/read_json_file.ts';", /may import only lower layers/],
    ['engine/src/tracker/hand_path.ts', "import { LandmarkTracker } from './landmark_tracker.ts';", /only the runtimes \(browser\/, node\/\) import landmark_tracker/],
    ['engine/src/tracker/webgpu/planted.ts', "import { HandPath } from '../hand_path.ts';", /graph helpers \(calculators\/, webgpu\/\) do not import its stages/],
    ['engine/src/feedback/planted.ts', "import { useState } from 'react';", /No React in the engine/],
    ['engine/src/practice/planted3.ts', "import { getDatabase } from 'firebase/database';", /No Firebase in the engine/],
    ['server/planted.ts', "import { newClient } from '../tests/backend/helpers.ts';", /server never imports/],
    ['server/planted2.ts', "import { PracticeScreen } from '../src/features/camera/screen/practice-screen.tsx';", /server never imports/],
    ['bench/lib/planted.ts', "import { PracticeScreen } from '../../src/features/camera/screen/practice-screen.tsx';", /bench never imports/],
    ['bench/lib/planted2.ts', "import { newClient } from '../../tests/backend/helpers.ts';", /bench never imports/],
  ];

  it.each(planted)('catches a wrong-direction import planted in %s', { timeout: 60_000 }, async (filePath, code, expected) => {
    const errors = errorsOf(await eslint.lintText(`${code}\nexport const used = [${code.match(/\{ (\w+) \}/)?.[1] ?? 'null'}];\n`, { filePath }));
    expect(errors.join('\n')).toMatch(expected);
  });
});
