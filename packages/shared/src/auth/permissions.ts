// App home images (issue 25, h-crmwb).

import { bannerPermissionNodes } from '../banners/permissions.ts';
import { biGroups } from '../bi/groups.ts';
import { projectRealmChildren } from '../clinic/permissions.ts';
// The photograph room (issue 23, h-photo).
import { photoPermissionNodes } from '../clinic/photos/permissions.ts';
// 顾客评价 (issue 25, h-coupons).
import { evaluatePermissionNodes } from '../clinic/reviews/permissions.ts';
// Appointments and visits (issue 23).
import { bookingPermissionNodes } from '../clinic/visits/permissions.ts';
import { recordPermissionNodes } from '../clinic/visits/record-permissions.ts';
import { workflowPermissionNodes } from '../clinic/workflow.ts';
// Declaration forms (issue 25, h-decl).
import { declarationPermissionNodes } from '../declarations/permissions.ts';
// Meal orders (issue 25, h-meals).
import { mealPermissionNodes } from '../meals/permissions.ts';
// Quizzes (issue 25, h-quiz).
import { quizPermissionNodes } from '../quizzes/permissions.ts';
// Staff sign-in (issue 25, h-signin).
import { signInPermissionNodes } from '../sign-in/permissions.ts';
// Supervision (issue 25, h-check).
import { supervisionPermissionNodes } from '../supervision/permissions.ts';
import type { PermissionNode } from './permission-node.ts';

/**
 * The permission tree: menu realms whose leaves are permission keys (`crm:customer:save`).
 * Keys are code, not data: routes name the key they need and the role editor ticks them.
 * A realm is added here when its feature is built, so the role editor never offers a
 * permission for a page that does not exist.
 */
// Its own file, so the features' permission lists that this tree gathers need not import the tree.
export type { PermissionNode } from './permission-node.ts';

const leaf = (key: string, title: string, titleEn: string): PermissionNode => ({ key, title, titleEn });

const crmActions: Record<string, [string, string]> = {
  save: ['新建', 'Create'],
  update: ['编辑', 'Edit'],
  index: ['查看列表', 'List'],
  read: ['查看详情', 'Detail'],
  excelimport: ['导入', 'Import'],
  excelexport: ['导出', 'Export'],
  delete: ['删除', 'Delete'],
  transfer: ['转移', 'Transfer'],
  transform: ['转化', 'Convert'],
  putinpool: ['放入公海', 'Put into pool'],
  lock: ['锁定/解锁', 'Lock'],
  teamsave: ['编辑团队成员', 'Team members'],
  dealStatus: ['设置成交状态', 'Deal status'],
  status: ['上架/下架', 'Shelf status'],
  distribute: ['分配', 'Distribute'],
  receive: ['领取', 'Receive'],
  discard: ['作废', 'Discard'],
  lookIdCardUrl: ['查看身份证照片', 'View ID image'],
  editIdCardUrl: ['上传身份证照片', 'Edit ID image'],
  charge: ['收费', 'Charge'],
  waive: ['免除欠款', 'Waive arrears'],
  verify: ['划扣', 'Use sessions'],
  undoAny: ['撤销往日划扣', 'Undo an earlier day'],
  // Refunds (issue 22): asking for one goes to the 退费审核 approval; paying it out is `charge`.
  refund: ['申请退费', 'Request refunds'],
};

function crmKind(key: string, title: string, titleEn: string, actions: string[]): PermissionNode {
  return {
    key,
    title,
    titleEn,
    children: actions.map((a) => {
      const names = crmActions[a];
      if (!names) throw new Error(`unknown CRM action ${a}`);
      return leaf(a, names[0], names[1]);
    }),
  };
}

const basic = ['save', 'update', 'index', 'read', 'excelimport', 'excelexport', 'delete'];

const projectChildren = projectRealmChildren();

export const permissionTree: PermissionNode[] = [
  {
    key: 'crm',
    title: '客户管理',
    titleEn: 'CRM',
    children: [
      crmKind('leads', '线索', 'Leads', [...basic, 'transfer', 'transform']),
      crmKind('customer', '客户', 'Customers', [
        ...basic,
        'transfer',
        'putinpool',
        'lock',
        'teamsave',
        'dealStatus',
        'distribute',
        'receive',
        'lookIdCardUrl',
        'editIdCardUrl',
      ]),
      crmKind('pool', '公海', 'Customer pool', ['index', 'distribute', 'receive', 'excelexport', 'delete']),
      crmKind('contacts', '联系人', 'Contacts', [...basic, 'transfer']),
      crmKind('business', '商机', 'Opportunities', [...basic, 'transfer', 'teamsave']),
      crmKind('contract', '合同', 'Contracts', [...basic, 'transfer', 'teamsave', 'discard']),
      crmKind('receivables', '回款', 'Receivables', [...basic, 'transfer', 'teamsave']),
      crmKind('receivablesPlan', '回款计划', 'Receivable plans', ['save', 'update', 'delete']),
      crmKind('product', '产品', 'Products', [...basic, 'status']),
      crmKind('store', '门店', 'Shops', ['save', 'update', 'index', 'read', 'excelimport', 'excelexport', 'delete']),
      // The clinic's money path (issue 22): opening, editing and voiding unpaid orders (开单).
      crmKind('dealRecord', '开单与收费', 'Orders', [
        'save',
        'update',
        'discard',
        'charge',
        'waive',
        'verify',
        'undoAny',
        'refund',
      ]),
      {
        key: 'agency',
        title: '回访任务',
        titleEn: 'Return visits',
        children: [
          leaf('handle', '接受和完成回访任务', 'Accept and complete'),
          leaf('assign', '分配和撤销回访任务', 'Assign and revoke'),
        ],
      },
      // 客户查重 (issue 25, h-screening): /crm/screening, every owner's records by phone, ID or name.
      { key: 'screening', title: '客户查重', titleEn: 'Duplicate check', children: [leaf('read', '查重', 'Search')] },
      // The call centre (issue 25, h-call): dial from a record, the call log in one's data scope, extensions and the provider.
      {
        key: 'call',
        title: '呼叫中心',
        titleEn: 'Call centre',
        children: [
          leaf('call', '拨打电话', 'Make calls'),
          leaf('index', '通话记录', 'Call log'),
          leaf('manage', '分机与话务设置', 'Extensions and provider'),
        ],
      },
    ],
  },
  {
    key: 'oa',
    title: '办公',
    titleEn: 'Office',
    children: [
      {
        key: 'examine',
        title: '审批',
        titleEn: 'Approvals',
        children: [leaf('use', '发起和处理审批', 'Use approvals')],
      },
      {
        key: 'task',
        title: '任务',
        titleEn: 'Tasks',
        children: [leaf('use', '创建和处理任务', 'Use tasks')],
      },
      {
        key: 'event',
        title: '日程',
        titleEn: 'Schedule',
        children: [leaf('use', '使用日程', 'Use the calendar')],
      },
      {
        key: 'location',
        title: '员工位置',
        titleEn: 'User locations',
        children: [leaf('view', '查看位置地图', 'View the location map')],
      },
      {
        key: 'notice',
        title: '公告',
        titleEn: 'Notices',
        children: [
          leaf('read', '查看公告', 'Read notices'),
          leaf('save', '发布公告', 'Publish notices'),
          leaf('update', '编辑公告', 'Edit notices'),
          leaf('delete', '删除公告', 'Delete notices'),
        ],
      },
      {
        key: 'journal',
        title: '日志',
        titleEn: 'Work logs',
        children: [leaf('use', '写日志和查看日志', 'Write and read work logs')],
      },
      {
        key: 'plan',
        title: '策划方案',
        titleEn: 'Planning documents',
        children: [leaf('use', '编写和查看策划方案', 'Write and read planning documents')],
      },
      // 流程 (spec 2.3 /workflow): one leaf per built station, `oa:workflow:<station>`.
      ...workflowPermissionNodes(),
      // Appointments (issue 23): the booking board, `oa:booking:<leaf>`.
      ...bookingPermissionNodes,
      // The visit list (issue 23, h-records): /record and /entryDetails, `oa:record:<leaf>`.
      ...recordPermissionNodes,
      // Customer photos (issue 23, h-photo): `oa:photo:delete`.
      ...photoPermissionNodes,
      // Meal orders (issue 25, h-meals): `oa:meal:order`, `oa:meal:manage`.
      ...mealPermissionNodes,
      // Staff sign-in (issue 25, h-signin): `oa:signIn:read`, the statistics.
      ...signInPermissionNodes,
      // Supervision (issue 25, h-check): /workbench/check, `oa:check:<leaf>`.
      ...supervisionPermissionNodes,
      // Quizzes (issue 25, h-quiz): /workbench/answer, `oa:quiz:take` and `oa:quiz:manage`.
      ...quizPermissionNodes,
      // Declaration forms (issue 25, h-decl): /workbench/declaration, `oa:declaration:<leaf>`.
      ...declarationPermissionNodes,
      // 顾客评价 (issue 25, h-coupons): `oa:evaluate:<leaf>`.
      ...evaluatePermissionNodes,
      // App home images (issue 25, h-crmwb): /workbench/changeApp, `oa:banner:manage`.
      ...bannerPermissionNodes,
    ],
  },
  // 商业智能 (/bi, issue 24): one read leaf per page group, `bi:<group>:read`; the menus hide a
  // group whose `bi[group]` is missing, and the server refuses its calls (无权访问).
  {
    key: 'bi',
    title: '商业智能',
    titleEn: 'Statistics',
    children: [
      ...Object.entries(biGroups).map(([key, [title, titleEn]]) => ({
        key,
        title,
        titleEn,
        children: [leaf('read', '查看', 'View')],
      })),
      // The wall screen's links (h-rfm, /bi/screenLinks): bi:screen:manage.
      {
        key: 'screen',
        title: '数据大屏',
        titleEn: 'Wall screen',
        children: [leaf('manage', '管理大屏链接', 'Manage links')],
      },
    ],
  },
  // 配置 (spec 2.3 /project): the realm appears with its first page.
  ...(projectChildren.length
    ? [{ key: 'project', title: '项目配置', titleEn: 'Configuration', children: projectChildren }]
    : []),
  {
    key: 'manage',
    title: '系统管理',
    titleEn: 'Administration',
    children: [
      {
        key: 'backstage',
        title: '管理后台',
        titleEn: 'Admin backend',
        children: [leaf('look', '进入管理后台', 'Enter')],
      },
      {
        key: 'system',
        title: '企业首页',
        titleEn: 'Company settings',
        children: [
          leaf('read', '查看', 'View'),
          leaf('update', '编辑', 'Edit'),
          leaf('dict', '系统字典', 'System dictionaries'),
        ],
      },
      {
        key: 'users',
        title: '员工与部门管理',
        titleEn: 'Employees and departments',
        children: [
          leaf('read', '查看', 'View'),
          leaf('userSave', '新建员工', 'Create employee'),
          leaf('userUpdate', '编辑员工', 'Edit employee'),
          leaf('status', '禁用/启用员工', 'Disable/enable'),
          leaf('resetPassword', '重置密码', 'Reset password'),
          leaf('deptSave', '新建部门', 'Create department'),
          leaf('deptUpdate', '编辑部门', 'Edit department'),
          leaf('deptDelete', '删除部门', 'Delete department'),
          leaf('hrApply', '执行调岗与转正', 'Apply transfers and confirmations'),
        ],
      },
      {
        key: 'permission',
        title: '角色权限管理',
        titleEn: 'Roles and permissions',
        children: [leaf('read', '查看', 'View'), leaf('update', '编辑', 'Edit')],
      },
      {
        // Spec 3.5: manage.crm field/pool/setting/achievement; each leaf arrives with its page.
        key: 'crm',
        title: '客户管理设置',
        titleEn: 'CRM settings',
        children: [
          leaf('field', '自定义字段', 'Custom fields'),
          leaf('pool', '公海规则', 'Pool rules'),
          leaf('setting', '客户数量限制', 'Customer limits'),
          leaf('productCategory', '产品类别设置', 'Product categories'),
          leaf('businessType', '商机状态组设置', 'Opportunity stage groups'),
          leaf('achievement', '业绩目标设置', 'Performance targets'),
        ],
      },
      {
        key: 'oa',
        title: '办公审批管理',
        titleEn: 'Approval management',
        children: [leaf('examine', '审批流程管理', 'Approval flows')],
      },
      // Applications (issue 25, h-apps): /manager/application switches whole areas on or off.
      {
        key: 'application',
        title: '应用管理',
        titleEn: 'Applications',
        children: [leaf('update', '启用/停用应用', 'Switch on or off')],
      },
      {
        // Feedback (issue 25, h-feedback): /manager/system-issue.
        key: 'feedback',
        title: '意见反馈',
        titleEn: 'Feedback',
        children: [leaf('read', '查看', 'View'), leaf('handle', '处理与回复', 'Handle and reply')],
      },
    ],
  },
];

/** Every permission key of the tree, e.g. `manage:users:read`. */
export function allPermissionKeys(tree: PermissionNode[] = permissionTree, prefix = ''): string[] {
  return tree.flatMap((n) => {
    const key = prefix ? `${prefix}:${n.key}` : n.key;
    return n.children?.length ? allPermissionKeys(n.children, key) : [key];
  });
}

const knownKeys = new Set(allPermissionKeys());
export const isPermissionKey = (key: string): boolean => knownKeys.has(key);

/**
 * Does a dotted or colon path (`manage.users.read`, `oa`) name a node of the tree, a realm or
 * group as well as a leaf? The web's access keys must: a misspelt one would hide a page for good.
 */
export function isPermissionPath(path: string): boolean {
  let nodes: PermissionNode[] | undefined = permissionTree;
  for (const part of path.split(/[.:]/)) {
    const node: PermissionNode | undefined = nodes?.find((n) => n.key === part);
    if (!node) return false;
    nodes = node.children;
  }
  return path !== '';
}

/**
 * Role types and the realms each type's permission tree shows (`getMenuListByType`): a realm is
 * a top node (`crm`) or one branch of one (`manage:crm`, the CRM settings of the admin backend,
 * which a CRM administrator role holds together with `manage:backstage` to reach them).
 */
export const RoleType = { custom: 0, system: 1, crm: 2, office: 7, project: 8 } as const;
export type RoleType = (typeof RoleType)[keyof typeof RoleType];
export const roleTypeList: { roleType: RoleType; name: string; nameEn: string; realms: string[] }[] = [
  { roleType: 1, name: '系统管理角色', nameEn: 'System roles', realms: ['manage'] },
  // CRM roles carry the statistics too (bi, issue 24), as the original's CRM roles did.
  { roleType: 2, name: '客户管理角色', nameEn: 'CRM roles', realms: ['crm', 'bi', 'manage:backstage', 'manage:crm'] },
  { roleType: 7, name: '办公管理角色', nameEn: 'Office roles', realms: ['oa'] },
  ...(projectChildren.length
    ? [{ roleType: RoleType.project, name: '项目配置角色', nameEn: 'Configuration roles', realms: ['project'] }]
    : []),
  {
    roleType: 0,
    name: '自定义角色',
    nameEn: 'Custom roles',
    realms: ['crm', 'oa', 'bi', ...(projectChildren.length ? ['project'] : []), 'manage'],
  },
];

export function menuTreeForRoleType(roleType: number): PermissionNode[] {
  const realms = roleTypeList.find((t) => t.roleType === roleType)?.realms ?? [];
  return permissionTree.flatMap((n) => {
    if (realms.includes(n.key)) return [n];
    const branches = (n.children ?? []).filter((c) => realms.includes(`${n.key}:${c.key}`));
    return branches.length ? [{ ...n, children: branches }] : [];
  });
}

/** The nested object the menus read: `{crm:{customer:{save:true}}, manage:{...}, ...}`. */
export type AuthObject = { [key: string]: AuthObject | true };

export function buildAuthObject(keys: Iterable<string>): AuthObject {
  const root: AuthObject = {};
  for (const key of keys) {
    const parts = key.split(':');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = true;
        return;
      }
      const next = node[part];
      if (next === undefined || next === true) node[part] = {};
      node = node[part] as AuthObject;
    });
  }
  return root;
}

/** Does the auth object grant a dotted or colon path (`manage.users.read`, `crm:customer`)? */
export function authHas(auth: AuthObject | undefined, path: string): boolean {
  let node: AuthObject | true | undefined = auth;
  for (const part of path.split(/[.:]/)) {
    if (node === undefined || node === true) return false;
    node = node[part];
  }
  return node !== undefined;
}
