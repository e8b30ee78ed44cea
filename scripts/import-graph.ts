// The import graph of the repository's TypeScript, read from each file's syntax tree with the
// TypeScript compiler (`import`, `import type`, `export ... from`, `import('x').T` in a type, and
// `import()` called at run time, kept apart), and the circles in it. Type-only imports count: a circle of types is still two files that cannot be
// read one without the other. tests/engine/import-cycles.test.ts fails on any circle among the
// files of engine/, src/ and bench/.
//   node --import tsx scripts/import-graph.ts                      circles in engine/, src/, bench/
//   node --import tsx scripts/import-graph.ts --draw engine/src/tracker   a folder in layers
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;
const RESOLVABLE = ['', '.ts', '.tsx', '.mts', '.d.mts', '.d.ts', '/index.ts', '/index.tsx'];

/** Every TypeScript file under `folders` (relative to `root`), as paths relative to `root` with '/'. */
export function listSourceFiles(root: string, folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name)) files.push(relative(root, path).split(sep).join('/'));
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(join(root, folder));
  return files;
}

/** The package's `exports` ('@signlearn/engine/<name>' -> engine/src/<name>.ts) and the app's '@/' alias. */
function aliases(root: string): (specifier: string) => string | null {
  const engineExports = (JSON.parse(readFileSync(join(root, 'engine', 'package.json'), 'utf8')) as { exports?: Record<string, string> }).exports ?? {};
  return (specifier) => {
    if (specifier.startsWith('@signlearn/engine/')) {
      const target = engineExports['./' + specifier.slice('@signlearn/engine/'.length)];
      return target ? join(root, 'engine', target) : null;
    }
    if (specifier.startsWith('@/')) return join(root, 'src', specifier.slice(2));
    return null;
  };
}

/** How a file reaches another: at load (an import, a type-only import, a re-export) or lazily (`import()` called at run time). */
export type ImportKind = 'static' | 'dynamic';

/** The module specifiers of a file, with how each is imported (read from its syntax tree). */
function specifiersOf(file: string, text: string): Array<{ specifier: string; kind: ImportKind }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Array<{ specifier: string; kind: ImportKind }> = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, kind: 'static' });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      // `import('./x.ts').T` in a type: a type-only import.
      found.push({ specifier: node.argument.literal.text, kind: 'static' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, kind: 'dynamic' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The files each file imports (relative to `root`), restricted to `files`: relative specifiers
 * and the repository's aliases; packages are left out. `kinds`: which imports count (both by
 * default).
 */
export function importGraph(root: string, files: readonly string[], kinds: readonly ImportKind[] = ['static', 'dynamic']): Map<string, string[]> {
  const known = new Set(files);
  const alias = aliases(root);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const { specifier, kind } of specifiersOf(file, readFileSync(join(root, file), 'utf8'))) {
      if (!kinds.includes(kind)) continue;
      const base = specifier.startsWith('.') ? resolve(root, dirname(file), specifier) : alias(specifier);
      if (base === null) continue;
      const stem = base.replace(/\.(js|mjs)$/, '');
      for (const ending of RESOLVABLE) {
        for (const candidate of [base + ending, stem + ending]) {
          const path = relative(root, candidate).split(sep).join('/');
          if (known.has(path)) targets.add(path);
        }
      }
    }
    targets.delete(file);
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The graph's circles: each strongly connected component of two files or more (Tarjan), files sorted, circles by their first file. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles.sort((x, y) => x[0]!.localeCompare(y[0]!));
}

/**
 * A folder's files in layers, drawn from their imports within the folder: layer 0 imports none of
 * the folder's files, each file sits one layer above the highest file it imports, so every arrow
 * points down. Returns the lines to print (a file per line, with what it imports).
 */
export function drawLayers(graph: Map<string, string[]>, folder: string): string[] {
  const prefix = folder.endsWith('/') ? folder : folder + '/';
  const inside = [...graph.keys()].filter((f) => f.startsWith(prefix));
  const depth = new Map<string, number>();
  const depthOf = (file: string, seen: Set<string>): number => {
    if (depth.has(file)) return depth.get(file)!;
    if (seen.has(file)) throw new Error(`import circle through ${file}`);
    seen.add(file);
    const below = (graph.get(file) ?? []).filter((f) => f.startsWith(prefix)).map((f) => depthOf(f, seen));
    const d = below.length === 0 ? 0 : Math.max(...below) + 1;
    depth.set(file, d);
    return d;
  };
  for (const file of inside) depthOf(file, new Set());
  const lines: string[] = [];
  const top = Math.max(...inside.map((f) => depth.get(f)!));
  for (let d = top; d >= 0; d--) {
    lines.push(`layer ${d}`);
    for (const file of inside.filter((f) => depth.get(f) === d).sort()) {
      const imports = (graph.get(file) ?? []).filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
      lines.push(`  ${file.slice(prefix.length)}${imports.length ? ' -> ' + imports.join(', ') : ''}`);
    }
  }
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const draw = process.argv.indexOf('--draw');
  if (draw !== -1) {
    const folder = process.argv[draw + 1]!;
    console.log(drawLayers(importGraph(root, listSourceFiles(root, [folder])), folder).join('\n'));
  } else {
    const files = listSourceFiles(root, ['engine', 'src', 'bench']);
    const atLoad = importCycles(importGraph(root, files, ['static']));
    const any = importCycles(importGraph(root, files));
    console.log(`${files.length} files; circles of imports at load (type-only ones included): ${atLoad.length}; counting import() too: ${any.length}`);
    for (const cycle of any) console.log(`  ${atLoad.some((c) => c.join() === cycle.join()) ? 'at load' : 'through import()'}: ${cycle.join(' <-> ')}`);
    if (any.length > 0) process.exitCode = 1;
  }
}
