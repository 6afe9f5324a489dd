import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, runtimeImports } from './import-graph.ts';

/**
 * No import loop anywhere in packages/*\/src (issue 27): a loop makes the load order decide which
 * module sees the other's exports still undefined, and ties features that should stand alone.
 * What two modules share moves to a lower module; a dynamic import or an `import type` that hides
 * a run-time dependency is no fix.
 */
describe('the import graph', () => {
  it('reads only the imports that stay at run time', () => {
    const text = [
      "import type { A } from './erased-a.ts';",
      "import { type B, type C } from './erased-bc.ts';",
      "export type { D } from './erased-d.ts';",
      "import { type E, f } from './kept-f.ts';",
      "import g from './kept-g.ts';",
      "import * as h from './kept-h.ts';",
      "import './kept-effect.ts';",
      "export * from './kept-star.ts';",
      "export { i } from './kept-i.ts';",
      "const lazy = () => import('./lazy.ts');",
    ].join('\n');
    expect(runtimeImports('x.ts', text)).toEqual([
      './kept-f.ts',
      './kept-g.ts',
      './kept-h.ts',
      './kept-effect.ts',
      './kept-star.ts',
      './kept-i.ts',
    ]);
    expect(runtimeImports('x.ts', text, true)).toContain('./lazy.ts');
    expect(runtimeImports('x.ts', text, false, true)).toEqual(
      expect.arrayContaining(['./erased-a.ts', './erased-bc.ts', './erased-d.ts', './kept-f.ts']),
    );
  });

  it('finds a loop and names its files in order', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(importCycles(graph)).toEqual([
      { files: ['a.ts', 'b.ts', 'c.ts'], loop: ['a.ts', 'b.ts', 'c.ts', 'a.ts'] },
      { files: ['e.ts'], loop: ['e.ts', 'e.ts'] },
    ]);
  });

  it('has no loop in the three packages', () => {
    const graph = importGraph();
    // The walk saw the packages (a wrong root would pass with an empty graph).
    expect(graph.has('packages/server/src/app.ts')).toBe(true);
    expect(graph.get('packages/server/src/app.ts')?.length).toBeGreaterThan(10);
    const loops = importCycles(graph).map(({ files, loop }) => `${files.length} files, e.g. ${loop.join('\n  → ')}`);
    expect(loops, `import loops:\n${loops.join('\n\n')}`).toEqual([]);
  });

  // A type names another file's design as much as a value does: a loop through types alone still
  // ties the files together (what both need moves to a lower file, as for values).
  it('has no loop in the three packages, type imports counted', () => {
    const graph = importGraph(false, true);
    const edges = (g: Map<string, string[]>) => [...g.values()].reduce((n, to) => n + to.length, 0);
    expect(edges(graph) - edges(importGraph())).toBeGreaterThan(100);
    const loops = importCycles(graph).map(({ files, loop }) => `${files.length} files, e.g. ${loop.join('\n  → ')}`);
    expect(loops, `import loops:\n${loops.join('\n\n')}`).toEqual([]);
  });

  // The web loads pages and widgets with import(): a page that imports back what lazily loads it
  // (the route table, the kinds' widget list) is still a loop at run time.
  it('has no loop in the web package, lazy imports counted', () => {
    const web = (g: Map<string, string[]>) => new Map([...g].filter(([file]) => file.startsWith('packages/web/src/')));
    const edges = (g: Map<string, string[]>) => [...g.values()].reduce((n, to) => n + to.length, 0);
    const graph = web(importGraph(true));
    // The walk read the lazy imports (the route tables load every page with one).
    expect(edges(graph) - edges(web(importGraph()))).toBeGreaterThan(100);
    const loops = importCycles(graph).map(({ files, loop }) => `${files.length} files, e.g. ${loop.join('\n  → ')}`);
    expect(loops, `import loops:\n${loops.join('\n\n')}`).toEqual([]);
  });
});
