import { signInRuleNodes } from '../sign-in/permissions.ts';
import { settingsPermissionNodes } from './settings/pages.ts';

/** A node of the permission tree (`auth/permissions.ts` PermissionNode; declared here so the tree imports this file, not the reverse). */
type PermissionNode = { key: string; title: string; titleEn: string; children?: PermissionNode[] };

/**
 * The 配置 realm (`project`, spec 2.3 /project): one node per configuration page, keyed by the
 * page's route name (`index`, `partConfig`, `setMeal`, …), each with its leaves. The pages of the
 * project catalogue and of the settings pages declare their nodes in their own lists so each
 * feature adds its pages without touching the other's.
 */
export const catalogueNodes: PermissionNode[] = [
  {
    key: 'index',
    title: '项目',
    titleEn: 'Projects',
    children: [
      { key: 'read', title: '查看', titleEn: 'View' },
      { key: 'save', title: '新建', titleEn: 'Create' },
      { key: 'update', title: '编辑', titleEn: 'Edit' },
      { key: 'delete', title: '删除', titleEn: 'Delete' },
      { key: 'status', title: '启用/停用', titleEn: 'Enable / disable' },
      { key: 'excelimport', title: '导入', titleEn: 'Import' },
      { key: 'excelexport', title: '导出', titleEn: 'Export' },
    ],
  },
  {
    key: 'partConfig',
    title: '部位',
    titleEn: 'Body parts',
    children: [
      { key: 'read', title: '查看', titleEn: 'View' },
      { key: 'update', title: '编辑', titleEn: 'Edit' },
    ],
  },
  {
    key: 'convertClass',
    title: '转换类别',
    titleEn: 'Conversion classes',
    children: [
      { key: 'read', title: '查看', titleEn: 'View' },
      { key: 'update', title: '编辑', titleEn: 'Edit' },
    ],
  },
];
// Settings pages (clinic/settings): one node per declared kind.
export const clinicSettingsNodes: PermissionNode[] = settingsPermissionNodes;

// Lottery activities (issue 25, h-lottery): configure, make customers' draw links, the draw records.
export const lotteryNodes: PermissionNode[] = [
  {
    key: 'lotteryActivityConfiguration',
    title: '抽奖活动',
    titleEn: 'Lottery activities',
    children: [
      { key: 'read', title: '查看', titleEn: 'View' },
      { key: 'update', title: '编辑', titleEn: 'Edit' },
      { key: 'link', title: '生成抽奖链接', titleEn: 'Make draw links' },
      { key: 'records', title: '抽奖记录与赠品发放', titleEn: 'Draw records and gifts' },
    ],
  },
];

export const projectRealmChildren = (): PermissionNode[] => [
  ...catalogueNodes,
  ...clinicSettingsNodes,
  ...lotteryNodes,
  // Staff sign-in rules (issue 25, h-signin): `project:SignInRules:read|update`.
  ...signInRuleNodes,
];
