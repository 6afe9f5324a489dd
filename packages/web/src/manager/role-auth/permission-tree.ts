import type { PermissionNode } from '@crm/shared';

/** A node of the role editor's tree: `key` is the full permission path (`crm:customer:save`). */
export type PermissionTreeNode = { key: string; title: string; className?: string; children?: PermissionTreeNode[] };

/** Full keys for the tree widget; leaves are the permission keys the server stores. */
export function toTreeData(nodes: PermissionNode[], lang: 'zh' | 'en', prefix = ''): PermissionTreeNode[] {
  return nodes.map((n) => {
    const key = prefix ? `${prefix}:${n.key}` : n.key;
    const branch = !!n.children?.length;
    return {
      key,
      title: lang === 'en' ? n.titleEn : n.title,
      // Leaves line up side by side under their parent (see manager.css).
      className: branch ? 'perm-branch' : 'perm-leaf',
      children: branch ? toTreeData(n.children!, lang, key) : undefined,
    };
  });
}

export function leafKeys(nodes: PermissionTreeNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? leafKeys(n.children) : [n.key]));
}

export function branchKeys(nodes: PermissionTreeNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.key, ...branchKeys(n.children)] : []));
}

/** Only the leaves that belong to this tree: parents are derived by the widget, never saved. */
export function permissionsToSave(checked: string[], tree: PermissionTreeNode[]): string[] {
  const leaves = new Set(leafKeys(tree));
  return checked.filter((k) => leaves.has(k)).sort();
}
