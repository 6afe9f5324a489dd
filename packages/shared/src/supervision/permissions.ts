/** A node of the permission tree (declared here so the tree imports this file, not the reverse). */
type PermissionNode = { key: string; title: string; titleEn: string; children?: PermissionNode[] };

/** Supervision (/workbench/check, issue 25): the leaves under `oa:check:`. */
export const CheckPermission = {
  /** Checklist templates and inspection plans: create, edit, cancel. */
  manage: 'oa:check:manage',
  /** Work the plans one is the assigned inspector of (start, record, submit). */
  inspect: 'oa:check:inspect',
  /** The summary per shop or department, and its export. */
  summary: 'oa:check:summary',
} as const;

export const supervisionPermissionNodes: PermissionNode[] = [
  {
    key: 'check',
    title: '督导检查',
    titleEn: 'Supervision',
    children: [
      { key: 'manage', title: '管理检查模板和检查计划', titleEn: 'Manage templates and plans' },
      { key: 'inspect', title: '执行指派给我的检查', titleEn: 'Inspect when assigned' },
      { key: 'summary', title: '查看和导出检查汇总', titleEn: 'View and export the summary' },
    ],
  },
];
