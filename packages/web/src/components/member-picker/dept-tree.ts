import type { DeptNode } from './types';

/** Flatten a nested department tree, depth first. */
export function flattenDepts(tree: DeptNode[] | undefined): DeptNode[] {
  const out: DeptNode[] = [];
  const walk = (nodes: DeptNode[]) => {
    for (const n of nodes) {
      out.push(n);
      if (n.children?.length) walk(n.children);
    }
  };
  walk(tree ?? []);
  return out;
}

/** The departments on the way from the top to `id` (inclusive); empty when not found. */
export function deptPath(tree: DeptNode[] | undefined, id: number): DeptNode[] {
  const walk = (nodes: DeptNode[], trail: DeptNode[]): DeptNode[] | null => {
    for (const n of nodes) {
      const here = [...trail, n];
      if (n.id === id) return here;
      const found = n.children?.length ? walk(n.children, here) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(tree ?? [], []) ?? [];
}

/** Ids of `id` and every department below it. */
export function subtreeIds(tree: DeptNode[] | undefined, id: number): Set<number> {
  const node = flattenDepts(tree).find((d) => d.id === id);
  return new Set(flattenDepts(node ? [node] : []).map((d) => d.id));
}
