import type { PermissionNode } from '../auth/permission-node.ts';

/** Declaration forms (/workbench/declaration, issue 25): staff fill the forms issued to them. */
export const DECL_FILL = 'oa:declaration:fill';
/** Design forms and issue them as tasks; the creator also audits their own tasks' submissions. */
export const DECL_MANAGE = 'oa:declaration:manage';
/** Audit every task's submissions, limited by this leaf's data scope. */
export const DECL_AUDIT = 'oa:declaration:audit';

export const declarationPermissionNodes: PermissionNode[] = [
  {
    key: 'declaration',
    title: '填报',
    titleEn: 'Declarations',
    children: [
      { key: 'fill', title: '填写申报表', titleEn: 'Fill in declarations' },
      { key: 'manage', title: '设计和下发申报表', titleEn: 'Design and issue declarations' },
      { key: 'audit', title: '审核申报表', titleEn: 'Audit declarations' },
    ],
  },
];
