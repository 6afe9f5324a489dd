import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { repoRoot } from '../paths.ts';

/**
 * The static import graph of packages/*\/src (issue 27): one node per source file, an edge for
 * every import or re-export that loads the other module at run time. `import type`, `export type`
 * and imports naming only `type` specifiers are erased, and `import()` loads lazily, so neither
 * counts. `@crm/shared` and the web's `@/` resolve to their files; packages from npm are left out.
 */
export type ImportGraph = Map<string, string[]>;

const packagesDir = () => path.join(repoRoot, 'packages');
const sourceFile = /\.(ts|tsx)$/;

function walk(dir: string, out: string[]) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (sourceFile.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
}

function resolveFile(base: string): string | undefined {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

function resolveSpecifier(from: string, spec: string): string | undefined {
  const pkgs = packagesDir();
  if (spec === '@crm/shared') return path.join(pkgs, 'shared/src/index.ts');
  if (spec === '@crm/shared/pinyin') return path.join(pkgs, 'shared/src/search/pinyin.ts');
  if (spec.startsWith('@/')) return resolveFile(path.join(pkgs, 'web/src', spec.slice(2)));
  if (spec.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), spec));
  return undefined;
}

/**
 * The specifiers of a file's imports that stay at run time; with `lazy` the `import()` calls too,
 * with `types` the erased type imports too (a type still ties the two files' designs).
 */
export function runtimeImports(file: string, text: string, lazy = false, types = false): string[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  if (lazy) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [arg] = node.arguments;
        if (arg && ts.isStringLiteralLike(arg)) out.push(arg.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(src);
  }
  for (const st of src.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      if (types) {
        out.push(st.moduleSpecifier.text);
        continue;
      }
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0
          ? bindings.elements.every((e) => e.isTypeOnly)
          : false;
      if (!onlyTypes) out.push(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      if (types) {
        out.push(st.moduleSpecifier.text);
        continue;
      }
      if (st.isTypeOnly) continue;
      const clause = st.exportClause;
      if (
        clause &&
        ts.isNamedExports(clause) &&
        clause.elements.length > 0 &&
        clause.elements.every((e) => e.isTypeOnly)
      )
        continue;
      out.push(st.moduleSpecifier.text);
    }
  }
  return out;
}

/** Every source file of the three packages with the files it imports at run time (repo-relative). */
export function importGraph(lazy = false, types = false): ImportGraph {
  const files: string[] = [];
  for (const pkg of readdirSync(packagesDir())) {
    const src = path.join(packagesDir(), pkg, 'src');
    if (existsSync(src)) walk(src, files);
  }
  const rel = (f: string) => path.relative(repoRoot, f);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of runtimeImports(file, readFileSync(file, 'utf8'), lazy, types)) {
      const target = resolveSpecifier(file, spec);
      if (target) targets.add(rel(target));
    }
    graph.set(rel(file), [...targets].sort());
  }
  return graph;
}

export type ImportCycle = { files: string[]; loop: string[] };

/**
 * The import loops: each strongly connected group of files (Tarjan) with one loop through it
 * (a shortest path back to its first file), so the message names the files to untie.
 */
export function importCycles(graph: ImportGraph): ImportCycle[] {
  return stronglyConnected(graph).map((files) => ({ files, loop: loopThrough(graph, new Set(files), files[0]!) }));
}

function stronglyConnected(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  // Iterative Tarjan: the web's import chains are deeper than a comfortable recursion.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.next < edges.length) {
        const to = edges[top.next++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== top.node);
        const selfLoop = (graph.get(top.node) ?? []).includes(top.node);
        if (group.length > 1 || selfLoop) groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** A shortest loop from `start` back to itself inside its group (breadth first). */
function loopThrough(graph: ImportGraph, group: Set<string>, start: string): string[] {
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!group.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(from.get(path[0]!)!);
        return [...path, start];
      }
      if (!from.has(to)) {
        from.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}
