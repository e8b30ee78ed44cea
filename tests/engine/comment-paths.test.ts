// Every repository path a code comment of engine/, server/, bench/, src/, scripts/ or tests/ names
// exists, as tests/app/docs.test.ts checks for the docs, with the same rules for what a path is:
// placeholders (<code>, {language}, *, ...) and generated folders left out, trailing punctuation
// and :line dropped. Comments are read from each file's syntax tree (TypeScript's parser), so a
// path in a string or an import is not a comment's. And no file of those folders (the docs aside,
// which tests/app/docs.test.ts reads) cites what a clone does not hold: a specification or style
// file outside the repository, or issue numbers; a comment says why the code is as it is now.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { ROOT } from '../../server/paths.ts';

/** The folders whose code comments are checked. */
const FOLDERS = ['engine', 'server', 'bench', 'src', 'scripts', 'tests'];
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs)$/;
/** Top-level folders whose paths a comment names from the repository's root (as tests/app/docs.test.ts). */
const ROOTS = ['bench', 'data', 'docs', 'engine', 'patches', 'public', 'scripts', 'server', 'src', 'tests', '.ci'];
/** Made by setup, the bench or the tests, never committed. */
const GENERATED = ['public/models', 'public/gifs', 'bench/results'];
const PATH = new RegExp(`(?<![\\w./@-])(?:${ROOTS.map((r) => r.replace('.', '\\.')).join('|')})/[^\\s\`'"()\\[\\],;|]*`, 'g');
/** Other projects whose own files a comment cites ("pose-format's src/python/...", "fingerpose's src/..."). */
const OTHER_PROJECT = /\b(?:pose-format|fingerpose)(?:'s)?\b/;

/** The repository paths a comment names: a path after another project's name on its line is that project's. */
function repositoryPaths(comment: string): string[] {
  const paths: string[] = [];
  for (const match of comment.matchAll(PATH)) {
    const token = match[0];
    if (/[<>{}*$…]|\.\.\./.test(token)) continue;
    const lineBefore = comment.slice(comment.lastIndexOf('\n', match.index) + 1, match.index);
    if (OTHER_PROJECT.test(lineBefore)) continue;
    const path = token.replace(/#.*$/, '').replace(/:\d+$/, '').replace(/[.:]+$/, '');
    if (GENERATED.some((folder) => path === folder || path.startsWith(`${folder}/`))) continue;
    paths.push(path);
  }
  return paths;
}

/** The text of every comment in `text`, read from its syntax tree. */
function comments(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, /\.(js|mjs|cjs)$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TSX);
  const seen = new Set<number>();
  const found: string[] = [];
  const take = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      found.push(text.slice(range.pos, range.end));
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return found;
}

/** The files under `folder` whose names match `pattern`, installed packages and generated folders left out. */
const filesUnder = (folder: string, pattern: RegExp): string[] =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !file.split(/[\\/]/).includes('node_modules'))
    .map((file) => join(folder, file).split('\\').join('/'))
    .filter((file) => !GENERATED.some((generated) => file.startsWith(`${generated}/`)));
const sourceFiles = (folder: string): string[] => filesUnder(folder, SOURCE);

/** Text files read for citations: code, styles, pages, data and scripts; Markdown is the docs test's. */
const TEXT = /\.(ts|tsx|mts|js|mjs|cjs|css|html|json|wat|sh)$/;
/** A specification's section, a specification or style file, the folder outside the clone, an issue number. */
const CITATION = /\bSPEC \d|(?<![\w-])(?:SPEC|STYLE)\.md|\.\.\/shared\b|\bissues? \d+/i;

test('the path finder reads comments only, and leaves placeholders and other projects\' paths alone', () => {
  const text = "// see engine/src/core/constants.ts.\nimport x from 'bench/not/a/comment.ts';\n/** ref: pose-format's Pose.read (src/python/pose_format/pose.py); data/<NAME>.json */\nconst s = '// bench/in/a/string.ts';\n";
  expect(comments('x.ts', text).flatMap(repositoryPaths)).toEqual(['engine/src/core/constants.ts']);
});

test('every repository path a code comment of engine/, server/, bench/, src/, scripts/ and tests/ names exists', () => {
  const missing: string[] = [];
  let named = 0;
  for (const file of FOLDERS.flatMap(sourceFiles)) {
    for (const comment of comments(file, readFileSync(join(ROOT, file), 'utf8'))) {
      for (const path of repositoryPaths(comment)) {
        named++;
        if (!existsSync(join(ROOT, path))) missing.push(`${file}: ${path}`);
      }
    }
  }
  expect(missing).toEqual([]);
  expect(named).toBeGreaterThan(100);
}, 120_000);

test('the citation finder finds what a clone does not hold, and leaves words like it alone', () => {
  // Each example is joined from two halves, so that this file does not cite them itself.
  const cited = [['as SPEC', ' 4 says'], ['see SPEC', '.md'], ['STYLE', '.md: names'], ['from ..', '/shared/x'], ['fixed in issue', ' 12'], ['Issues', ' 3 and 4']];
  expect(cited.map((halves) => halves.join('')).filter((line) => !CITATION.test(line))).toEqual([]);
  const plain = ['PASSWORD_SPECIAL_CHARACTERS', 'a SPECIAL case', 'STYLE_GUIDE', 'no issue with 2 hands', 'shared/x', 'my-SPEC' + '.md.ts'];
  expect(plain.filter((line) => CITATION.test(line))).toEqual([]);
});

test('no file of engine/, src/, server/, bench/, scripts/ and tests/ cites a specification, a style file or an issue', () => {
  const cited: string[] = [];
  const files = ['engine', 'src', 'server', 'bench', 'scripts', 'tests'].flatMap((folder) => filesUnder(folder, TEXT));
  expect(files.length).toBeGreaterThan(500);
  for (const file of files) {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (CITATION.test(line)) cited.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(cited).toEqual([]);
}, 120_000);
