import { allPermissionKeys, formatTime, parseTime } from '@crm/shared';
import { pinyinSearchKey } from '@crm/shared/pinyin';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/tokens.ts';
// The living demo (issue 26): each feature's history, next to the feature.
import { seedChatDemo } from '../chat/seed.ts';
// Lottery activities (issue 25, h-lottery).
import { seedLotteryLivingDemo } from '../clinic/lottery/seed.ts';
import { seedClinicMoneyDemo } from '../clinic/money/seed.ts';
// Photos in the living demo (issue 23, h-visit23).
import { seedPhotosLivingDemo } from '../clinic/photos/living-seed.ts';
// 顾客评价 (issue 25, h-coupons).
import { seedReviewsLivingDemo } from '../clinic/reviews/seed.ts';
// Clinic settings (issue 22).
import { seedClinicSettingsDemo } from '../clinic/settings/seed.ts';
// 会员卡号 in the living demo (issue 23, h-visit23).
import { seedCardsLivingDemo } from '../clinic/visits/card.ts';
// Visits (issue 23).
import { seedVisitsLivingDemo } from '../clinic/visits/living-seed.ts';
import { recordBulkVisitStories } from '../clinic/visits/record-moves.ts';
import { seedVisitsDemo } from '../clinic/visits/seed.ts';
// Inpatients (issue 23, h-ward).
import { seedWardDemo, seedWardLivingDemo } from '../clinic/ward/seed.ts';
import { queryRows } from '../core/sql.ts';
import { zoneSql } from '../core/times.ts';
import { seedOpportunitiesDemo, seedSalesDemo } from '../crm/business/seed.ts';
// The call centre (issue 25, h-call).
import { seedCallCentreDemo } from '../crm/call-centre/living-seed.ts';
import { seedContactsDemo } from '../crm/contacts/seed.ts';
import { seedContractsDemo } from '../crm/contract/seed.ts';
import { seedCustomersDemo } from '../crm/customer/seed.ts';
import { seedLeadsDemo } from '../crm/leads/seed.ts';
import { seedStoreDemo } from '../crm/store/seed.ts';
import { saveAllowances } from '../oa/examine/forms/leave-balance.ts';
import { seedApprovalsDemo } from '../oa/examine/seed.ts';
import { seedJournalDemo } from '../oa/journal/seed.ts';
import { seedNoticesDemo } from '../oa/notice/seed.ts';
import { seedEventsDemo } from '../oa/schedule/seed.ts';
import { seedTasksDemo } from '../oa/task/seed.ts';
// Declaration forms (issue 25, h-decl).
import { seedDeclarationsDemo } from '../workbench/declarations/seed.ts';
// Meal orders (issue 25, h-meals).
import { seedMealsDemo } from '../workbench/meals/seed.ts';
// Quizzes (issue 25, h-quiz).
import { seedQuizzesDemo } from '../workbench/quizzes/seed.ts';
// Staff sign-in (issue 25, h-signin).
import { seedSignInDemo } from '../workbench/sign-in/seed.ts';
// Supervision (issue 25, h-check).
import { seedSupervisionDemo } from '../workbench/supervision/living-seed.ts';
import type { Db } from './client.ts';
import { demoKit } from './demo-kit.ts';
import { departments, rolePermissions, roles, userRoles, users } from './schema.ts';

/** Demo password of every seeded user; the README lists them. */
export const DEMO_PASSWORD = '123456a';

const crm = (kinds: string[], actions: string[]) => kinds.flatMap((k) => actions.map((a) => `crm:${k}:${a}`));
const all = allPermissionKeys();
const known = new Set(all);
const keep = (keys: string[]) => keys.filter((k) => known.has(k));
/** Statistics (/bi, issue 24): every page group, for the demo's managers and CRM administrator. */
const biAll = all.filter((k) => k.startsWith('bi:'));

/** The seeded roles (DECISIONS.md): name → type, data scope, permissions. */
export const demoRoles = {
  超级管理员: { roleType: 1, dataType: 5, isSuper: true, permissions: [] as string[] },
  系统管理员: {
    roleType: 1,
    dataType: 5,
    isSuper: false,
    // The call centre (issue 25, h-call): extensions and the provider go with the system settings.
    permissions: [...all.filter((k) => k.startsWith('manage:')), 'crm:call:manage'],
  },
  人事管理员: {
    roleType: 1,
    dataType: 5,
    isSuper: false,
    permissions: [
      'manage:backstage:look',
      ...all.filter((k) => k.startsWith('manage:users:')),
      // Meal orders (issue 25, h-meals): administration runs the canteen.
      'oa:meal:manage',
      // Staff sign-in (issue 25, h-signin): HR sets the rules and reads the statistics.
      ...keep(['project:SignInRules:read', 'project:SignInRules:update', 'oa:signIn:read']),
    ],
  },
  审批流管理员: {
    roleType: 1,
    dataType: 5,
    isSuper: false,
    permissions: ['manage:backstage:look', 'manage:oa:examine'],
  },
  客户管理员: {
    roleType: 2,
    dataType: 5,
    isSuper: false,
    // Every CRM action, and the CRM settings of the admin backend (field designer, customer limits).
    permissions: [
      ...all.filter((k) => k.startsWith('crm:')),
      'manage:backstage:look',
      'manage:crm:field',
      'manage:crm:pool',
      'manage:crm:setting',
      'manage:crm:productCategory',
      'manage:crm:businessType',
      'manage:crm:achievement',
      // Clinic settings (issue 22): the general manager configures the clinic's 配置 pages.
      ...all.filter((k) =>
        /^project:(setMeal|discountConfig|recharge|doctorManage|markManage|openFormConfig|deptOperatorConfig|rotationConfig):/.test(
          k,
        ),
      ),
      ...biAll,
      // Cashier (issue 22): the general manager may work the desk.
      ...keep(['oa:workflow:cashierDesk']),
      // Visits (issue 23): the booking board (with the stores' hours) and the triage desk.
      ...all.filter((k) => k.startsWith('oa:booking:') || k === 'oa:workflow:triage'),
      // The visit list (issue 23, h-records).
      ...all.filter((k) => k.startsWith('oa:record:')),
      // The consultation room (h-witness): the manager may see and work it too.
      ...keep(['oa:workflow:witness']),
      // Nurses' station (issue 23, h-nurse).
      'oa:workflow:nursesStation',
      // Inpatients and follow-up plans (issue 23, h-ward).
      ...keep(['oa:workflow:isHospitalized', 'project:followUpConfig:read', 'project:followUpConfig:update']),
      // The photograph room (issue 23, h-photo): the station and deleting any photo.
      ...keep(['oa:workflow:photograph', 'oa:photo:delete']),
      // Meal orders (issue 25, h-meals): menus, counts and statistics.
      'oa:meal:manage',
      // Supervision (issue 25, h-check): templates, plans and the summary.
      ...keep(['oa:check:manage', 'oa:check:summary']),
      // Quizzes (issue 25, h-quiz): banks, quizzes and every result.
      'oa:quiz:take',
      'oa:quiz:manage',
      // Declaration forms (issue 25, h-decl): design, issue and audit every submission.
      'oa:declaration:fill',
      'oa:declaration:manage',
      'oa:declaration:audit',
      // Lottery activities (issue 25, h-lottery).
      ...all.filter((k) => k.startsWith('project:lotteryActivityConfiguration:')),
      // 顾客评价 (issue 25, h-coupons): reviews, follow-up, coupon rules, issuing by hand.
      ...all.filter((k) => k.startsWith('oa:evaluate:')),
      // Staff sign-in (issue 25, h-signin): the rules and every person's statistics.
      ...keep(['project:SignInRules:read', 'project:SignInRules:update', 'oa:signIn:read']),
      // App home images (issue 25, h-crmwb): the mobile home's banners.
      'oa:banner:manage',
    ],
  },
  销售经理: {
    roleType: 2,
    dataType: 4,
    isSuper: false,
    permissions: keep([
      ...crm(
        ['leads', 'customer', 'contacts', 'business', 'contract', 'receivables', 'receivablesPlan'],
        [
          'save',
          'update',
          'index',
          'read',
          'excelexport',
          'transfer',
          'teamsave',
          'lock',
          'putinpool',
          'dealStatus',
          'transform',
          'distribute',
        ],
      ),
      ...crm(['pool'], ['index', 'distribute', 'receive']),
      ...crm(['product'], ['index', 'read']),
      ...crm(['store'], ['save', 'update', 'index', 'read']),
      // Clinic money: open, edit and void unpaid orders.
      ...crm(['dealRecord'], ['save', 'update', 'discard', 'refund']),
      'crm:customer:lookIdCardUrl',
      'crm:agency:handle',
      'crm:agency:assign',
      // 客户查重 (issue 25, h-screening).
      'crm:screening:read',
      // The call centre (issue 25, h-call): dial the records they work with; their call log.
      'crm:call:call',
      'crm:call:index',
      ...biAll,
      // Quizzes (issue 25, h-quiz): a manager runs quizzes; results in their departments.
      'oa:quiz:take',
      'oa:quiz:manage',
      // Declaration forms (issue 25, h-decl): a manager issues forms and audits their departments'.
      'oa:declaration:fill',
      'oa:declaration:manage',
      'oa:declaration:audit',
    ]),
  },
  销售: {
    roleType: 2,
    dataType: 1,
    isSuper: false,
    permissions: keep([
      ...crm(
        ['leads', 'customer', 'contacts', 'business', 'contract'],
        ['save', 'update', 'index', 'read', 'transform', 'putinpool', 'teamsave'],
      ),
      ...crm(['receivables'], ['save', 'index', 'read']),
      ...crm(['receivablesPlan'], ['save', 'update']),
      ...crm(['pool'], ['index', 'receive']),
      ...crm(['product'], ['index', 'read']),
      ...crm(['store'], ['save', 'update', 'index', 'read']),
      // Clinic money: open, edit and void unpaid orders.
      ...crm(['dealRecord'], ['save', 'update', 'discard', 'refund']),
      'crm:agency:handle',
      // 客户查重 (issue 25, h-screening).
      'crm:screening:read',
      // The call centre (issue 25, h-call): dial the records they work with; their call log.
      'crm:call:call',
      'crm:call:index',
    ]),
  },
  财务: {
    roleType: 2,
    dataType: 5,
    isSuper: false,
    permissions: keep([
      ...crm(['contract', 'receivables'], ['index', 'read', 'excelexport']),
      ...crm(['receivables'], ['save', 'update']),
      ...crm(['receivablesPlan'], ['save', 'update', 'delete']),
      ...crm(['customer', 'product'], ['index', 'read']),
      // Clinic money: the cashier's desk (charge, top up, repay, void unpaid orders, waive arrears).
      ...crm(['dealRecord'], ['charge', 'discard', 'waive']),
      // Cashier (issue 22): finance works the desk too.
      'oa:workflow:cashierDesk',
    ]),
  },
  顾问: {
    roleType: 2,
    dataType: 2,
    isSuper: false,
    permissions: keep([
      ...crm(['customer'], ['save', 'update', 'index', 'read', 'lookIdCardUrl', 'editIdCardUrl']),
      ...crm(['store'], ['save', 'update', 'index', 'read']),
      // Clinic money: consultants open orders.
      ...crm(['dealRecord'], ['save', 'update', 'discard', 'refund']),
      ...crm(['product'], ['index', 'read']),
      'crm:agency:handle',
      // 客户查重 (issue 25, h-screening).
      'crm:screening:read',
      // The call centre (issue 25, h-call): dial the records they work with; their call log.
      'crm:call:call',
      'crm:call:index',
      // The consultation room (h-witness): the visits triage assigns them.
      'oa:workflow:witness',
    ]),
  },
  普通员工: {
    roleType: 7,
    dataType: 1,
    isSuper: false,
    permissions: [
      'oa:examine:use',
      'oa:task:use',
      'oa:event:use',
      'oa:notice:read',
      'oa:journal:use',
      'oa:plan:use',
      // Meal orders (issue 25, h-meals): every member of staff orders their meals.
      'oa:meal:order',
      // Supervision (issue 25, h-check): staff inspect when a plan assigns them.
      'oa:check:inspect',
      // Quizzes (issue 25, h-quiz): every member of staff takes the quizzes assigned to them.
      'oa:quiz:take',
      // Declaration forms (issue 25, h-decl): every member of staff fills in the forms issued to them.
      'oa:declaration:fill',
    ],
  },
  /** Managers who follow their people in the field (docs/decisions.md "User-location map"). */
  外勤主管: {
    roleType: 7,
    dataType: 2,
    isSuper: false,
    permissions: [
      'oa:location:view',
      'oa:journal:use',
      'oa:plan:use',
      // Staff sign-in (issue 25, h-signin): their people's sign-in statistics.
      'oa:signIn:read',
    ],
  },
  /** Who publishes company notices (docs/decisions.md "Notices"): every notice, whoever wrote it. */
  公告管理员: {
    roleType: 7,
    dataType: 5,
    isSuper: false,
    permissions: ['oa:notice:read', 'oa:notice:save', 'oa:notice:update', 'oa:notice:delete'],
  },
  // Cashier (issue 22): the desk's station and its money keys; reads every customer (the desk serves all).
  收银员: {
    roleType: 2,
    dataType: 5,
    isSuper: false,
    permissions: keep([
      'oa:workflow:cashierDesk',
      ...crm(['dealRecord'], ['charge', 'discard', 'waive']),
      ...crm(['customer'], ['index', 'read']),
    ]),
  },
  // Visits (issue 23): the front desk books, registers arrivals and assigns consultants; everything
  // but the stores' hours, which the manager sets.
  前台: {
    roleType: 2,
    dataType: 5,
    isSuper: false,
    permissions: keep([
      ...all.filter((k) => k.startsWith('oa:booking:') && k !== 'oa:booking:settings'),
      'oa:workflow:triage',
      // The visit list (issue 23, h-records): the front desk reads it, the manager exports it.
      'oa:record:read',
      ...crm(['customer'], ['index', 'read', 'save', 'update']),
      ...crm(['store'], ['index', 'read']),
      // 客户查重 (issue 25, h-screening).
      'crm:screening:read',
      // The call centre (issue 25, h-call): dial the records they work with; their call log.
      'crm:call:call',
      'crm:call:index',
      // Lottery (issue 25, h-lottery): the front desk hands out draw links and gifts.
      'project:lotteryActivityConfiguration:read',
      'project:lotteryActivityConfiguration:link',
      'project:lotteryActivityConfiguration:records',
    ]),
  },
  // Nurses' station (issue 23, h-nurse): the station, 划扣 and its same-day undo; reads every customer.
  护士: {
    roleType: 2,
    dataType: 5,
    isSuper: false,
    permissions: keep([
      'oa:workflow:nursesStation',
      ...crm(['dealRecord'], ['verify']),
      ...crm(['customer'], ['index', 'read']),
    ]),
  },
  // The photograph room (issue 23, h-photo): photographs every visiting customer (reads them all).
  拍照员: {
    roleType: 2,
    dataType: 5,
    isSuper: false,
    permissions: keep(['oa:workflow:photograph', ...crm(['customer'], ['index', 'read'])]),
  },
  /**
   * Clinic: project catalogue. Who configures the clinic (配置): every key of the `project` realm,
   * read from the tree so each configuration page's permissions are held as soon as it exists.
   */
  项目配置管理员: {
    roleType: 8,
    dataType: 5,
    isSuper: false,
    permissions: all.filter((k) => k.startsWith('project:')),
  },
} as const;
export type DemoRole = keyof typeof demoRoles;

type DemoUser = {
  username: string;
  realname: string;
  dept: string;
  post: string;
  parent?: string;
  roles: DemoRole[];
  mobile: string;
  sex: 1 | 2;
};

/** Departments: name → parent name. */
const demoDepts: [string, string | null][] = [
  ['总经办', null],
  ['销售部', null],
  ['销售一部', '销售部'],
  ['销售二部', '销售部'],
  ['财务部', null],
  ['人事行政部', null],
  ['客服部', null],
];

export const demoUsers: DemoUser[] = [
  {
    username: 'admin',
    realname: '系统管理员',
    dept: '总经办',
    post: '系统管理员',
    roles: ['超级管理员'],
    mobile: '13800000000',
    sex: 1,
  },
  {
    username: 'wangzong',
    realname: '王建国',
    dept: '总经办',
    post: '总经理',
    roles: ['客户管理员', '普通员工', '外勤主管', '项目配置管理员'],
    mobile: '13800000001',
    sex: 1,
  },
  {
    username: 'liming',
    realname: '李明',
    dept: '销售部',
    post: '销售总监',
    parent: 'wangzong',
    roles: ['销售经理', '普通员工', '外勤主管'],
    mobile: '13800000002',
    sex: 1,
  },
  {
    username: 'zhaoqiang',
    realname: '赵强',
    dept: '销售一部',
    post: '销售一部经理',
    parent: 'liming',
    roles: ['销售经理', '普通员工', '外勤主管'],
    mobile: '13800000003',
    sex: 1,
  },
  {
    username: 'sunli',
    realname: '孙丽',
    dept: '销售一部',
    post: '销售代表',
    parent: 'zhaoqiang',
    roles: ['销售', '普通员工'],
    mobile: '13800000004',
    sex: 2,
  },
  {
    username: 'zhoujie',
    realname: '周杰',
    dept: '销售一部',
    post: '销售代表',
    parent: 'zhaoqiang',
    roles: ['销售', '普通员工'],
    mobile: '13800000005',
    sex: 1,
  },
  {
    username: 'wufang',
    realname: '吴芳',
    dept: '销售二部',
    post: '销售二部经理',
    parent: 'liming',
    roles: ['销售经理', '普通员工', '外勤主管'],
    mobile: '13800000006',
    sex: 2,
  },
  {
    username: 'zhenghao',
    realname: '郑浩',
    dept: '销售二部',
    post: '销售代表',
    parent: 'wufang',
    roles: ['销售', '普通员工'],
    mobile: '13800000007',
    sex: 1,
  },
  {
    username: 'chenjing',
    realname: '陈静',
    dept: '财务部',
    post: '财务经理',
    parent: 'wangzong',
    roles: ['财务', '普通员工'],
    mobile: '13800000008',
    sex: 2,
  },
  {
    username: 'liuyang',
    realname: '刘洋',
    dept: '财务部',
    post: '会计',
    parent: 'chenjing',
    roles: ['财务', '普通员工'],
    mobile: '13800000009',
    sex: 1,
  },
  {
    username: 'huangmin',
    realname: '黄敏',
    dept: '人事行政部',
    post: '人事行政经理',
    parent: 'wangzong',
    roles: ['人事管理员', '普通员工', '公告管理员'],
    mobile: '13800000010',
    sex: 2,
  },
  {
    username: 'yangfan',
    realname: '杨帆',
    dept: '人事行政部',
    post: '行政专员',
    parent: 'huangmin',
    roles: ['审批流管理员', '普通员工'],
    mobile: '13800000011',
    sex: 1,
  },
  {
    username: 'hexue',
    realname: '何雪',
    dept: '客服部',
    post: '美学顾问',
    parent: 'wangzong',
    roles: ['顾问', '普通员工'],
    mobile: '13800000012',
    sex: 2,
  },
  // Cashier (issue 22): the front desk's cashier.
  {
    username: 'lina',
    realname: '李娜',
    dept: '财务部',
    post: '收银员',
    parent: 'chenjing',
    roles: ['收银员', '普通员工'],
    mobile: '13800000013',
    sex: 2,
  },
  // Visits (issue 23): the front desk of the demo store (客服部).
  {
    username: 'zhangyu',
    realname: '张雨',
    dept: '客服部',
    post: '前台接待',
    parent: 'hexue',
    roles: ['前台', '普通员工'],
    mobile: '13800000014',
    sex: 2,
  },
  // Nurses' station (issue 23, h-nurse): the demo store's nurse.
  {
    username: 'wangjing',
    realname: '王静',
    dept: '客服部',
    post: '护士',
    parent: 'hexue',
    roles: ['护士', '普通员工'],
    mobile: '13800000015',
    sex: 2,
  },
  // The photograph room (issue 23, h-photo): the demo store's photographer.
  {
    username: 'zhoumin',
    realname: '周敏',
    dept: '客服部',
    post: '拍照师',
    parent: 'hexue',
    roles: ['拍照员', '普通员工'],
    mobile: '13800000031',
    sex: 2,
  },
];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The standard roles (DECISIONS.md), which every installation starts with; answers name → id. */
async function insertRoles(tx: Tx): Promise<Map<string, number>> {
  const roleIds = new Map<string, number>();
  for (const [name, r] of Object.entries(demoRoles)) {
    const [row] = await tx
      .insert(roles)
      .values({ name, roleType: r.roleType, dataType: r.dataType, isSuper: r.isSuper })
      .returning({ id: roles.id });
    roleIds.set(name, row!.id);
    if (r.permissions.length)
      await tx.insert(rolePermissions).values(r.permissions.map((permission) => ({ roleId: row!.id, permission })));
  }
  return roleIds;
}

export async function hasUsers(db: Db): Promise<boolean> {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sys_user`);
  return Number(existing?.n) > 0;
}

/**
 * A production start on an empty database (SEED_DEMO=0): the standard roles, one department and
 * the super administrator `admin` with the password the operator chose (ADMIN_PASSWORD).
 */
export async function seedInitialAdmin(db: Db, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const roleIds = await insertRoles(tx);
    const [dept] = await tx.insert(departments).values({ name: '总经办', pid: 0 }).returning({ id: departments.id });
    const [user] = await tx
      .insert(users)
      .values({ username: 'admin', passwordHash, realname: '系统管理员', deptId: dept!.id, post: '系统管理员' })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: user!.id, roleId: roleIds.get('超级管理员')! });
  });
}

/**
 * Seed the demo organisation when the database has no users yet. Answers whether it seeded.
 * `living: false` leaves out the company's history (seedLivingDemo): the API tests' template is
 * the organisation alone, so each test file states the records it counts.
 */
export async function seedDemo(db: Db, { living = true }: { living?: boolean } = {}): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const hashes = await Promise.all(demoUsers.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    const deptIds = new Map<string, number>();
    for (const [name, parent] of demoDepts) {
      const [row] = await tx
        .insert(departments)
        .values({ name, pid: parent ? (deptIds.get(parent) ?? 0) : 0, sort: deptIds.size })
        .returning({ id: departments.id });
      deptIds.set(name, row!.id);
    }
    const roleIds = await insertRoles(tx);
    const userIds = new Map<string, number>();
    for (const [i, u] of demoUsers.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          username: u.username,
          passwordHash: hashes[i]!,
          realname: u.realname,
          deptId: deptIds.get(u.dept)!,
          post: u.post,
          parentId: u.parent ? userIds.get(u.parent)! : null,
          mobile: u.mobile,
          sex: u.sex,
          num: `E${String(i + 1).padStart(4, '0')}`,
        })
        .returning({ id: users.id });
      userIds.set(u.username, row!.id);
      await tx.insert(userRoles).values(u.roles.map((r) => ({ userId: row!.id, roleId: roleIds.get(r)! })));
    }
    // Department heads: the senior person of each department.
    const heads: [string, string][] = [
      ['总经办', 'wangzong'],
      ['销售部', 'liming'],
      ['销售一部', 'zhaoqiang'],
      ['销售二部', 'wufang'],
      ['财务部', 'chenjing'],
      ['人事行政部', 'huangmin'],
      ['客服部', 'hexue'],
    ];
    for (const [dept, head] of heads)
      await tx.execute(
        sql`update sys_dept set owner_user_id = ${userIds.get(head)!} where dept_id = ${deptIds.get(dept)!}`,
      );
    // Shops first: the demo customers name shops 1–3 as theirs.
    await seedStoreDemo(tx, userIds);
    await seedCustomers(tx, userIds);
    await seedSalesDemo(tx, userIds);
    await seedPositions(tx, userIds);
    // Yearly leave allowances, so the leave form shows the days left (issue 26).
    await saveAllowances(tx, [
      { leaveType: 1, days: 5 },
      { leaveType: 3, days: 10 },
      { leaveType: 5, days: 3 },
    ]);
    // Clinic settings (issue 22): after the shop seed, whose projects the set meals sell.
    await seedClinicSettingsDemo(tx, { user: userIds, dept: deptIds, role: roleIds });
    // Visits (issue 23): 客服部 as the store and its walk-in rotation.
    await seedVisitsDemo(tx, { user: userIds, dept: deptIds });
    // Inpatients (issue 23, h-ward): beds and the discharge follow-up plan.
    await seedWardDemo(tx, { dept: deptIds });
    await fillSearchKeys(tx);
    if (living) await seedLivingDemo(tx);
  });
  return true;
}

/**
 * The living demo company (issue 26): a few months of history relative to the company's today,
 * so every persona's first screen and to-do tiles have work and the statistics show figures.
 * Deterministic (each feature's fixed pseudo-random seed); on the seeded organisation, in the
 * caller's transaction. The approvals, reviews and money go through the real services.
 */
export async function seedLivingDemo(tx: Tx): Promise<void> {
  const kit = await demoKit(tx);
  const customers = await seedCustomersDemo(kit);
  await seedLeadsDemo(kit, customers);
  await seedContactsDemo(kit, customers);
  const opportunities = await seedOpportunitiesDemo(kit, customers);
  await seedContractsDemo(kit, customers, opportunities);
  await seedTasksDemo(kit);
  await seedEventsDemo(kit);
  await seedJournalDemo(kit);
  await seedNoticesDemo(kit);
  await seedApprovalsDemo(kit);
  await seedChatDemo(kit);
  await seedClinicMoneyDemo(kit, customers);
  // Appointments and visits (h-bi3): after the money demo, whose sale orders they open.
  await seedVisitsLivingDemo(kit, customers);
  // Inpatients (issue 23, h-ward): today's treated customer waits to be admitted
  // (after the visits: it adds one only for a customer treated today without a visit).
  await seedWardLivingDemo(kit);
  // Photos (issue 23, h-visit23): buyers' 术前/术后 photos; the bytes are drawn at start (main.ts).
  await seedPhotosLivingDemo(kit);
  // 会员卡号 (issue 23, h-visit23): a few customers carry cards.
  await seedCardsLivingDemo(kit);
  // Lottery activities and today's draws (issue 25, h-lottery).
  await seedLotteryLivingDemo(kit);
  // Their stories for /entryDetails (issue 23): the bulk-written visits get their arrival and status.
  await recordBulkVisitStories(kit.db);
  // Meal orders (issue 25, h-meals): this week's menu in the demo store and the staff's orders.
  await seedMealsDemo(kit);
  // Staff sign-in (issue 25, h-signin): the demo store's rule and the last days' signs.
  await seedSignInDemo(kit);
  // Supervision (issue 25, h-check): a template, a finished inspection with its rectification task, a planned one.
  await seedSupervisionDemo(kit);
  // Quizzes (issue 25, h-quiz): the 客服部 monthly quiz with two results.
  await seedQuizzesDemo(kit);
  // Declaration forms (issue 25, h-decl): last month's audited form and this week's open one for 客服部.
  await seedDeclarationsDemo(kit);
  // 顾客评价 (issue 25, h-coupons): rules, reviews of the treatments above, coupons, one spent.
  await seedReviewsLivingDemo(kit);
  // The call centre (issue 25, h-call): extensions, and past calls with their follow-ups and recordings.
  await seedCallCentreDemo(kit);
}

/**
 * Demo customers (README personas): the salespeople's own, some contacted already and some due
 * today, a few in the pool (no owner), and one who is also an advisor with an account (何雪).
 * Shop ids 1–3 stand for the demo shops of the shop seed.
 */
type DemoCustomer = {
  name: string;
  mobile: string;
  owner: string | null;
  shop: number;
  gender: 1 | 2;
  dueToday?: boolean;
  followed?: boolean;
  signed?: { day: string; distributors: string[] };
  account?: string;
  deal?: boolean;
};

const demoCustomers: DemoCustomer[] = [
  { name: '林婉清', mobile: '13912340001', owner: 'sunli', shop: 1, gender: 2, dueToday: true, followed: true },
  { name: '陈雨桐', mobile: '13912340002', owner: 'sunli', shop: 1, gender: 2, dueToday: true },
  { name: '王思琪', mobile: '13912340003', owner: 'sunli', shop: 2, gender: 2, followed: true, deal: true },
  {
    name: '赵美玲',
    mobile: '13912340004',
    owner: 'sunli',
    shop: 2,
    gender: 2,
    signed: { day: '2026-10-08', distributors: ['hexue'] },
  },
  { name: '刘子涵', mobile: '13912340005', owner: 'zhoujie', shop: 1, gender: 2, dueToday: true, followed: true },
  { name: '张一鸣', mobile: '13912340006', owner: 'zhoujie', shop: 3, gender: 1 },
  { name: '孙晓雅', mobile: '13912340007', owner: 'zhenghao', shop: 3, gender: 2, dueToday: true },
  { name: '周若曦', mobile: '13912340008', owner: 'zhenghao', shop: 2, gender: 2, followed: true },
  { name: '何雪', mobile: '13800000012', owner: 'zhenghao', shop: 3, gender: 2, account: 'hexue' },
  { name: '吴静怡', mobile: '13912340010', owner: null, shop: 1, gender: 2 },
  { name: '郑可欣', mobile: '13912340011', owner: null, shop: 2, gender: 2 },
  { name: '黄梓萱', mobile: '13912340012', owner: null, shop: 3, gender: 2 },
];

async function seedCustomers(tx: Tx, userIds: Map<string, number>) {
  const admin = userIds.get('admin')!;
  // 15:00 of today in the company's zone (a setting, Asia/Shanghai by default), as every time here.
  const today3pm = sql`(date_trunc('day', now() at time zone ${zoneSql()}) + interval '15 hours') at time zone ${zoneSql()}`;
  for (const [i, c] of demoCustomers.entries()) {
    const owner = c.owner ? userIds.get(c.owner)! : null;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into crm_customer (customer_name, mobile, has_old_customer, gender, shop_owner_id, relation,
            id_card, has_sign, sign_time, sign_item_user_ids, deal_status, user_id, owner_user_id, create_user_id,
            batch_id, next_time)
          values (${c.name}, ${c.mobile}, ${i % 3 !== 0}, ${c.gender}, ${c.shop},
            coalesce((select u.realname from crm_store s join sys_user u on u.user_id::text = s.relation
                      where s.id = ${c.shop}), ''),
            ${`51010419900101${String(1000 + i)}`}, ${Boolean(c.signed)}, ${c.signed?.day ?? null},
            ${(c.signed?.distributors ?? []).map((u) => userIds.get(u)!).join(',')}, ${c.deal ? 1 : 0},
            ${c.account ? userIds.get(c.account)! : null}, ${owner}, ${owner ?? admin},
            ${`seed-customer-${i + 1}`}, ${c.dueToday ? today3pm : null})
          returning customer_id as id`,
    );
    if (c.followed && owner)
      await tx.execute(
        sql`insert into crm_follow_record (label, record_id, category, content, create_user_id)
            values (2, ${row!.id}, '打电话', '电话沟通了项目需求，约好到店面诊', ${owner})`,
      );
  }
}

/**
 * A few positions of the day the demo starts (BD09, around Chengdu's centre, as the mobile client
 * would upload them), so the location map has something to show.
 */
async function seedPositions(tx: Tx, userIds: Map<string, number>) {
  const day = formatTime(new Date()).slice(0, 10);
  const tracks: [string, [string, number, number][]][] = [
    [
      'sunli',
      [
        ['09:05', 104.072_61, 30.663_42],
        ['11:40', 104.081_35, 30.657_08],
        ['15:20', 104.068_12, 30.648_77],
      ],
    ],
    [
      'zhoujie',
      [
        ['10:10', 104.064_53, 30.672_15],
        ['14:45', 104.058_27, 30.667_91],
      ],
    ],
    ['zhenghao', [['09:30', 104.090_44, 30.641_36]]],
  ];
  for (const [username, points] of tracks)
    for (const [time, longitude, latitude] of points)
      await tx.execute(
        sql`insert into oa_position (user_id, type, longitude, latitude, synchronization_time)
            values (${userIds.get(username)!}, 3, ${longitude}, ${latitude}, ${parseTime(`${day} ${time}:00`)!.toISOString()})`,
      );
}

/** The demo records were written by SQL, not by the record save: give their names the pinyin search key too. */
async function fillSearchKeys(tx: Tx) {
  for (const [table, id, name] of [
    ['crm_customer', 'customer_id', 'customer_name'],
    ['crm_store', 'id', 'shop_name'],
  ] as const) {
    const rows = await queryRows<{ id: number; name: string }>(
      tx,
      sql`select ${sql.identifier(id)} as id, ${sql.identifier(name)} as name from ${sql.identifier(table)}`,
    );
    for (const r of rows)
      await tx.execute(
        sql`update ${sql.identifier(table)} set search_key = ${pinyinSearchKey(r.name)} where ${sql.identifier(id)} = ${r.id}`,
      );
  }
}
