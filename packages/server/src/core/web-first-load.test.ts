import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.ts';
import { importGraph } from './import-graph.ts';

/**
 * The web's first workbench load (docs/architecture.md "First load"): the signed-in shell holds
 * each area's first-paint half only (`area.tsx`: top-menu entry, page addresses, permissions);
 * an area's views (`routes.tsx`: menu titles, icons, page components) load when the area opens
 * (packages/web/src/shell/area-views.tsx). One static import of a views module from the shell or
 * the workbench home would bring every menu back into the first load, which only the browser's
 * budget test would notice, and without naming the import: this names the chain.
 */
describe("the web shell's first load", () => {
  it("reaches no area's views through a static import", () => {
    const graph = importGraph();
    const web = 'packages/web/src';
    const loaders = readFileSync(path.join(repoRoot, web, 'shell/area-views.tsx'), 'utf8');
    const views = [...loaders.matchAll(/import\('@\/([\w/-]+)'\)/g)].map((m) => `${web}/${m[1]}.tsx`);
    expect(views).toHaveLength(6);
    for (const file of views) expect(graph.has(file), file).toBe(true);

    // Breadth-first from what the first workbench load runs, keeping the way each file was reached.
    const starts = ['main.tsx', 'shell/layout/AppShell.tsx', 'workbench/home/HomePage.tsx'].map((f) => `${web}/${f}`);
    const from = new Map<string, string | undefined>(starts.map((f) => [f, undefined]));
    const queue = [...starts];
    for (let file = queue.shift(); file; file = queue.shift())
      for (const next of graph.get(file) ?? [])
        if (!from.has(next)) {
          from.set(next, file);
          queue.push(next);
        }
    const chain = (file: string) => {
      const out = [file];
      for (let prev = from.get(file); prev; prev = from.get(prev)) out.unshift(prev);
      return out.join('\n  → ');
    };
    // The walk went through the shell (a wrong start would pass with nothing reached).
    expect(from.has(`${web}/shell/areas.ts`)).toBe(true);
    expect(views.filter((f) => from.has(f)).map(chain)).toEqual([]);
  });
});
