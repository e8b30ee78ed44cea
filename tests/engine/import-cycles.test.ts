// No import circles: two files that import each other, directly or through others, cannot be read,
// changed or tested one without the other. Type-only imports count (scripts/import-graph.ts reads
// them from each file's syntax tree), and so does an `import()` called at run time: a lazily loaded
// module (code splitting, a stage loaded on demand) does not import back the file that loads it;
// what both need sits in a file below them.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drawLayers, importCycles, importGraph, listSourceFiles } from '../../scripts/import-graph.ts';

const root = join(import.meta.dirname, '..', '..');

describe('import circles', () => {
  it('none in engine/, src/ and bench/, counting type-only imports and import()', { timeout: 60_000 }, () => {
    const files = listSourceFiles(root, ['engine', 'src', 'bench']);
    for (const folder of ['engine/', 'src/', 'bench/']) expect(files.filter((file) => file.startsWith(folder)).length).toBeGreaterThan(20);
    const graph = importGraph(root, files);
    // The graph holds the lazy loads (the app's landmark sources are each loaded by import()).
    expect(graph.get('src/features/camera/landmarks/create-landmark-source.ts')).toContain('src/features/camera/landmarks/tracker-landmark-source.ts');
    expect(importCycles(graph)).toEqual([]);
  });

  it('draws the tracker folder in layers, every import pointing down', { timeout: 60_000 }, () => {
    const graph = importGraph(root, listSourceFiles(root, ['engine/src/tracker']));
    const lines = drawLayers(graph, 'engine/src/tracker');
    expect(lines[0]).toMatch(/^layer \d+$/);
    // The file that wires the stages sits alone on top: nothing in the folder but the runtimes' entry points imports it.
    const top = lines.slice(1, lines.findIndex((line, i) => i > 0 && line.startsWith('layer')));
    expect(top.join('\n')).toMatch(/browser\/tracker_worker\.ts|node\/node_tracker\.ts|node\/node_track_file\.ts/);
  });

  it('finds a circle through a type-only import, and one through import() only when asked', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    try {
      mkdirSync(join(dir, 'engine'));
      writeFileSync(join(dir, 'engine', 'package.json'), '{}');
      writeFileSync(join(dir, 'engine', 'a.ts'), "import { b } from './b.ts';\nexport type A = number;\nexport const a = b;\n");
      writeFileSync(join(dir, 'engine', 'b.ts'), "import type { A } from './a.ts';\nexport const b: A = 1;\n");
      writeFileSync(join(dir, 'engine', 'c.ts'), "export async function load() { return import('./d.ts'); }\nexport type C = import('./e.ts').E;\n");
      writeFileSync(join(dir, 'engine', 'd.ts'), "import type { load } from './c.ts';\nexport type D = typeof load;\n");
      writeFileSync(join(dir, 'engine', 'e.ts'), 'export type E = string;\n');
      const files = listSourceFiles(dir, ['engine']);
      expect(files).toEqual(['engine/a.ts', 'engine/b.ts', 'engine/c.ts', 'engine/d.ts', 'engine/e.ts']);
      expect(importGraph(dir, files, ['static']).get('engine/c.ts')).toEqual(['engine/e.ts']);
      expect(importCycles(importGraph(dir, files, ['static']))).toEqual([['engine/a.ts', 'engine/b.ts']]);
      expect(importCycles(importGraph(dir, files))).toEqual([['engine/a.ts', 'engine/b.ts'], ['engine/c.ts', 'engine/d.ts']]);
      expect(() => drawLayers(importGraph(dir, files), 'engine')).toThrow(/import circle/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
