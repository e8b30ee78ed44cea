// Every repository path a code comment of engine/, server/ or bench/ names exists, as
// tests/app/docs.test.ts checks for the docs, with the same rules for what a path is:
// placeholders (<code>, {language}, *, ...) and generated folders left out, trailing punctuation
// and :line dropped. Comments are read from each file's syntax tree (TypeScript's parser), so a
// path in a string or an import is not a comment's.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { ROOT } from '../../server/paths.ts';

/** The folders whose code comments are checked. */
const FOLDERS = ['engine', 'server', 'bench'];
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

const sourceFiles = (folder: string): string[] =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !file.split(/[\\/]/).includes('node_modules'))
    .map((file) => join(folder, file));

test('the path finder reads comments only, and leaves placeholders and other projects\' paths alone', () => {
  const text = "// see engine/src/core/constants.ts.\nimport x from 'bench/not/a/comment.ts';\n/** ref: pose-format's Pose.read (src/python/pose_format/pose.py); data/<NAME>.json */\nconst s = '// bench/in/a/string.ts';\n";
  expect(comments('x.ts', text).flatMap(repositoryPaths)).toEqual(['engine/src/core/constants.ts']);
});

test('every repository path a code comment of engine/, server/ and bench/ names exists', () => {
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
