// The documentation says what is: the README is a front page whose table lists every page once;
// each page stays readable (at most 400 lines); every relative link and every repository path a
// page names exists in the repository, and so does every source file it names by its name alone;
// and no page cites what a clone does not hold (a specification or style file outside the
// repository, issue numbers).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../../server/paths.ts';

const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');
const readme = read('README.md');

const markdownUnder = (folder: string): string[] =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join(folder, file));

/** The pages under docs/, every one a reader can be sent to. */
const docsPages = markdownUnder('docs');
/** Hand-written pages: the front page, the docs and the bench's own READMEs (bench/*.md beside them are written by the bench). */
const pages = ['README.md', ...docsPages, 'bench/README.md', ...markdownUnder('bench').filter((page) => /^bench\/[^/]+\/README\.md$/.test(page))];
/** Also checked for links and paths: the notices and the data folders' READMEs. */
const linkedPages = [...pages, 'NOTICES.md', ...markdownUnder('data').filter((page) => /^data\/[^/]+\/README\.md$/.test(page))];

test('the README is a front page: about 150 lines at most, npm start and npm test first', () => {
  expect(readme.split('\n').length).toBeLessThanOrEqual(160);
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  expect(firstBlock.split('\n').filter(Boolean).map((line) => line.split('#')[0]?.trim())).toEqual(['npm start', 'npm test']);
});

test("the README's table lists every page under docs/ once, and the bench's README", () => {
  const table = readme.slice(readme.indexOf('## Where to read next'));
  const listed = [...table.matchAll(/^\|.*\]\(([^)#\s]+)(?:#[^)]*)?\)/gm)].map((match) => match[1]!);
  const twice = listed.filter((page, i) => listed.indexOf(page) !== i);
  expect(twice).toEqual([]);
  expect([...listed].sort()).toEqual([...docsPages, 'bench/README.md'].sort());
});

test('no page is over 400 lines', () => {
  const long = pages.map((page) => [page, read(page).split('\n').length] as const).filter(([, lines]) => lines > 400);
  expect(long).toEqual([]);
});

test('every relative link points at a file that exists', () => {
  const broken: string[] = [];
  for (const page of linkedPages) {
    for (const [, target] of read(page).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^(https?|mailto):/.test(target!)) continue;
      if (!existsSync(join(ROOT, dirname(page), target!))) broken.push(`${page}: ${target}`);
    }
  }
  expect(broken).toEqual([]);
});

/** Top-level folders whose paths a page names from the repository's root. */
const ROOTS = ['bench', 'data', 'docs', 'engine', 'patches', 'public', 'scripts', 'server', 'src', 'tests', '.ci'];
/** Made by setup, the bench or the tests, never committed. */
const GENERATED = ['public/models', 'public/gifs', 'bench/results'];
const PATH = new RegExp(`(?<![\\w./@-])(?:${ROOTS.map((r) => r.replace('.', '\\.')).join('|')})/[^\\s\`'"()\\[\\],;|]*`, 'g');

/** The repository paths a page names, in backticks or in plain text: placeholders (<code>,
 * {language}, *, ...) and generated folders left out, trailing punctuation and :line dropped. */
function repositoryPaths(text: string): string[] {
  const paths: string[] = [];
  for (const [token] of text.matchAll(PATH)) {
    if (/[<>{}*$…]|\.\.\./.test(token)) continue;
    const path = token.replace(/#.*$/, '').replace(/:\d+$/, '').replace(/[.:]+$/, '');
    if (GENERATED.some((folder) => path === folder || path.startsWith(`${folder}/`))) continue;
    paths.push(path);
  }
  return paths;
}

test('the path finder finds paths and leaves placeholders, URLs and packages alone', () => {
  expect(repositoryPaths('see `engine/src/core/constants.ts`, and bench/signers.md. Also src/app/: the shell')).toEqual([
    'engine/src/core/constants.ts',
    'bench/signers.md',
    'src/app/',
  ]);
  expect(repositoryPaths('`data/fingerspelling-<code>` users/{uid} https://github.com/a/b/src/x.ts node_modules/x/src/y @scope/src/z public/gifs/asq')).toEqual([]);
});

test('every repository path a page names exists', () => {
  const missing: string[] = [];
  for (const page of linkedPages) {
    for (const path of repositoryPaths(read(page))) {
      if (!existsSync(join(ROOT, path))) missing.push(`${page}: ${path}`);
    }
  }
  expect(missing).toEqual([]);
});

/** Every file of the repository's top-level folders (installed packages left out), relative to the root. */
const repositoryFiles = ROOTS.filter((folder) => existsSync(join(ROOT, folder))).flatMap((folder) =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.split(/[\\/]/).includes('node_modules'))
    .map((file) => `${folder}/${file.split('\\').join('/')}`),
);
/** A kind of file, not a file: "an `index.ts` that re-exports a folder". */
const KINDS_OF_FILE = ['index.ts'];
/** Other projects whose own files a page cites ("tfjs-models' `detector.ts`"). */
const OTHER_PROJECT = /\btfjs-models'/;

/** The source files a page names in backticks by their name or the end of their path (`session-clock.ts`,
 * `tracker/landmark_tracker.ts`): paths from the root and from a folder named beside them (`../x.ts`) are read elsewhere. */
function sourceFileNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/`([\w/-]+\.(?:ts|tsx|mts))`/g)) {
    const name = match[1]!;
    if (ROOTS.some((root) => name.startsWith(`${root}/`)) || KINDS_OF_FILE.includes(name)) continue;
    if (OTHER_PROJECT.test(text.slice(text.lastIndexOf('\n', match.index) + 1, match.index))) continue;
    names.push(name);
  }
  return names;
}

test('the file-name finder reads backticked source names, and leaves root paths, other projects and kinds of file alone', () => {
  expect(sourceFileNames("`session-clock.ts` and `tracker/landmark_tracker.ts`; `src/app/router.tsx`; an `index.ts`\nas tfjs-models' `detector.ts` does; `../node/x.ts`; `a.json`")).toEqual([
    'session-clock.ts',
    'tracker/landmark_tracker.ts',
  ]);
});

test('every source file a page names by its name alone is a file of the repository', () => {
  const missing: string[] = [];
  let named = 0;
  for (const page of linkedPages) {
    for (const name of sourceFileNames(read(page))) {
      named++;
      if (!repositoryFiles.some((file) => file.endsWith(`/${name}`))) missing.push(`${page}: ${name}`);
    }
  }
  expect(missing).toEqual([]);
  expect(named).toBeGreaterThan(50);
});

test('no page cites what a clone does not hold', () => {
  const cited: string[] = [];
  for (const page of pages) {
    read(page)
      .split('\n')
      .forEach((line, i) => {
        if (/\bSPEC \d|(?<![\w-])(?:SPEC|STYLE)\.md|\.\.\/shared\b/.test(line) || /\bissues? \d+/i.test(line)) cited.push(`${page}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(cited).toEqual([]);
});
