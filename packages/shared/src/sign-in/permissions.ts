/** A node of the permission tree (declared here so the tree imports this file, not the reverse). */
type PermissionNode = { key: string; title: string; titleEn: string; children?: PermissionNode[] };

/**
 * Staff sign-in (issue 25). The rules page sits in the 配置 realm (`project:SignInRules:*`); the
 * statistics on the workbench need `oa:signIn:read` (data scope of that key). Every member of
 * staff makes their own phone link and signs without any key.
 */
export const signInRuleNodes: PermissionNode[] = [
  {
    key: 'SignInRules',
    title: '签到规则',
    titleEn: 'Sign-in rules',
    children: [
      { key: 'read', title: '查看', titleEn: 'View' },
      { key: 'update', title: '编辑', titleEn: 'Edit' },
    ],
  },
];

export const signInPermissionNodes: PermissionNode[] = [
  {
    key: 'signIn',
    title: '考勤签到',
    titleEn: 'Staff sign-in',
    children: [{ key: 'read', title: '查看签到统计', titleEn: 'Read sign-in statistics' }],
  },
];

export const SIGN_RULE_READ = 'project:SignInRules:read';
export const SIGN_RULE_UPDATE = 'project:SignInRules:update';
export const SIGN_STATS_READ = 'oa:signIn:read';
