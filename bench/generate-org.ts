/**
 * Generate a large organisation for benchmarks: ~200 departments (group → head-office centres and
 * regions → branch companies → sales/service/admin departments), 10,000 users with supervisor
 * chains (CEO → region → branch → department head → team leader → staff) and roles.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/generate-org.ts          # a PostgreSQL database
 *   npx tsx bench/generate-org.ts --data-dir bench/out/pglite          # a PGlite data folder (default)
 *   options: --users 10000 --depts 200 --reset
 *
 * The database is migrated and the demo organisation seeded first (admin / 123456a); generated users
 * log in with the same password. Deterministic: the same options give the same organisation.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../packages/server/src/auth/tokens.ts';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { type Db, openDatabase } from '../packages/server/src/db/client.ts';
import { departments, userRoles, users } from '../packages/server/src/db/schema.ts';
import { DEMO_PASSWORD, type DemoRole, seedDemo } from '../packages/server/src/db/seed.ts';

/** Marks generated departments, so --reset can remove them again. */
export const GEN_REMARK = 'bench:generated';
const BATCH = 1000;

// ---- deterministic randomness -------------------------------------------------------------------

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(20261122);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

// Common surnames, most frequent first (a rough frequency weighting: earlier names are picked more often).
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split(
    '',
  );
const GIVEN =
  '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国建华文杰晓东志强海燕欣怡子涵梓萱一诺浩然宇轩思远雨桐佳怡俊杰晨曦嘉怡婷婷鑫博文雅琪梦瑶天宇子豪紫涵'.split(
    '',
  );
const surname = () => SURNAMES[Math.floor(rand() ** 1.8 * SURNAMES.length)]!;
const fullName = () => surname() + pick(GIVEN) + (rand() < 0.7 ? pick(GIVEN) : '');

const REGIONS: [string, string[]][] = [
  ['华东大区', ['上海', '杭州', '南京', '苏州', '宁波', '合肥', '无锡', '温州']],
  ['华南大区', ['广州', '深圳', '东莞', '佛山', '厦门', '福州', '南宁', '海口']],
  ['华北大区', ['北京', '天津', '石家庄', '太原', '济南', '青岛', '呼和浩特', '唐山']],
  ['华中大区', ['武汉', '长沙', '郑州', '南昌', '宜昌', '洛阳', '襄阳', '株洲']],
  ['西南大区', ['成都', '重庆', '昆明', '贵阳', '绵阳', '南充', '遵义', '拉萨']],
  ['西北大区', ['西安', '兰州', '银川', '西宁', '乌鲁木齐', '宝鸡', '咸阳', '榆林']],
];
const HQ_CENTRES = ['财务中心', '人力资源中心', '市场中心', '信息技术中心', '采购中心', '法务部', '品牌部'];
const BRANCH_DEPTS = ['销售一部', '销售二部', '销售三部', '客服部', '综合管理部'];

type Kind = 'root' | 'hq' | 'region' | 'branch' | 'sales' | 'service' | 'admin';
type GenDept = { id: number; pid: number; name: string; kind: Kind; weight: number; headId?: number };
type GenUser = {
  id: number;
  username: string;
  realname: string;
  deptId: number;
  post: string;
  parentId: number | null;
  roles: DemoRole[];
  mobile: string;
  email: string;
  sex: number;
  num: string;
  status: number;
  createdAt: Date;
  lastLoginTime: Date | null;
};

// ---- the organisation ---------------------------------------------------------------------------

function buildDepts(targetDepts: number, firstId: number): GenDept[] {
  const perBranch = BRANCH_DEPTS.length;
  const fixed = 1 + HQ_CENTRES.length + REGIONS.length;
  const branchesPerRegion = Math.max(1, Math.round((targetDepts - fixed) / (REGIONS.length * (1 + perBranch))));
  let id = firstId;
  const out: GenDept[] = [];
  const root: GenDept = { id: id++, pid: 0, name: '美业集团', kind: 'root', weight: 0.5 };
  out.push(root);
  for (const name of HQ_CENTRES) out.push({ id: id++, pid: root.id, name, kind: 'hq', weight: 2.5 });
  for (const [regionName, cities] of REGIONS) {
    const region: GenDept = { id: id++, pid: root.id, name: regionName, kind: 'region', weight: 0.6 };
    out.push(region);
    for (let b = 0; b < branchesPerRegion; b++) {
      const city = cities[b] ?? `${regionName.slice(0, 2)}第${b + 1}`;
      const branch: GenDept = { id: id++, pid: region.id, name: `${city}分公司`, kind: 'branch', weight: 0.8 };
      out.push(branch);
      for (const name of BRANCH_DEPTS) {
        const kind: Kind = name.startsWith('销售') ? 'sales' : name === '客服部' ? 'service' : 'admin';
        const weight = kind === 'sales' ? 3 + rand() * 2 : kind === 'service' ? 2 + rand() : 1;
        // Names repeat across branches (every branch has a 销售一部), as in real organisations.
        out.push({ id: id++, pid: branch.id, name, kind, weight });
      }
    }
  }
  return out;
}

/** Split `total` over weights with the largest-remainder method. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (w / sum) * total);
  const out = raw.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    out[i]!++;
  }
  return out;
}

const HEAD_POST: Record<Kind, string> = {
  root: '总裁',
  hq: '总监',
  region: '大区总经理',
  branch: '分公司总经理',
  sales: '销售经理',
  service: '客服经理',
  admin: '综合管理部经理',
};
const STAFF_POSTS: Record<Kind, string[]> = {
  root: ['总裁助理', '董事会秘书'],
  hq: ['专员', '高级专员', '主管', '经理'],
  region: ['大区助理', '运营专员'],
  branch: ['总经理助理', '运营专员'],
  sales: ['销售代表', '高级销售代表', '美学顾问'],
  service: ['客服专员', '美学顾问', '回访专员'],
  admin: ['行政专员', '会计', '出纳', '人事专员'],
};

function rolesFor(kind: Kind, deptName: string, head: boolean, lead: boolean): DemoRole[] {
  if (kind === 'root') return head ? ['客户管理员', '普通员工'] : ['普通员工'];
  if (kind === 'hq') {
    if (deptName === '财务中心') return ['财务', '普通员工'];
    if (deptName === '人力资源中心') return head || rand() < 0.3 ? ['人事管理员', '普通员工'] : ['普通员工'];
    if (deptName === '信息技术中心') return head ? ['系统管理员', '普通员工'] : ['普通员工'];
    if (deptName === '市场中心') return ['客户管理员', '普通员工'];
    return ['普通员工'];
  }
  if (kind === 'region' || kind === 'branch') return head ? ['销售经理', '普通员工'] : ['普通员工'];
  if (kind === 'sales') return head || lead ? ['销售经理', '普通员工'] : ['销售', '普通员工'];
  if (kind === 'service') return ['顾问', '普通员工'];
  return head ? ['财务', '审批流管理员', '普通员工'] : rand() < 0.3 ? ['财务', '普通员工'] : ['普通员工'];
}

const MOBILE_PREFIXES = ['138', '139', '136', '137', '150', '151', '158', '186', '187', '189'];
const DAY = 86_400_000;

function buildUsers(depts: GenDept[], total: number, firstId: number, now: number): GenUser[] {
  let id = firstId;
  const out: GenUser[] = [];
  const person = (dept: GenDept, post: string, parentId: number | null, roles: DemoRole[]): GenUser => {
    const n = id - firstId + 1;
    const created = now - Math.floor(rand() * 3 * 365 * DAY);
    const status = rand() < 0.03 ? 0 : 1;
    const user: GenUser = {
      id: id++,
      username: `u${String(n).padStart(5, '0')}`,
      realname: fullName(),
      deptId: dept.id,
      post,
      parentId,
      roles,
      mobile: MOBILE_PREFIXES[n % MOBILE_PREFIXES.length]! + String(n).padStart(8, '0'),
      email: `u${n}@example.com`,
      sex: rand() < 0.62 ? 2 : 1,
      num: `B${String(n).padStart(6, '0')}`,
      status,
      createdAt: new Date(created),
      lastLoginTime: status === 1 && rand() < 0.8 ? new Date(now - Math.floor(rand() * 30 * DAY)) : null,
    };
    out.push(user);
    return user;
  };

  // Department heads first, parents before children, each reporting to the head of the parent department.
  const byId = new Map(depts.map((d) => [d.id, d]));
  for (const d of depts) {
    const parentHead = d.pid ? byId.get(d.pid)?.headId : undefined;
    d.headId = person(d, HEAD_POST[d.kind], parentHead ?? null, rolesFor(d.kind, d.name, true, false)).id;
  }
  // Everyone else by department weight; large departments get team leaders over groups of about eight.
  const counts = apportion(
    Math.max(0, total - depts.length),
    depts.map((d) => d.weight),
  );
  for (const [i, d] of depts.entries()) {
    let staff = counts[i]!;
    const leads: number[] = [];
    if (staff > 12) {
      const nLeads = Math.floor(staff / 9);
      for (let k = 0; k < nLeads; k++) {
        const post = d.kind === 'sales' ? '销售主管' : d.kind === 'service' ? '客服主管' : '主管';
        leads.push(person(d, post, d.headId!, rolesFor(d.kind, d.name, false, true)).id);
      }
      staff -= nLeads;
    }
    for (let k = 0; k < staff; k++) {
      const parent = leads.length ? leads[k % leads.length]! : d.headId!;
      person(d, pick(STAFF_POSTS[d.kind]), parent, rolesFor(d.kind, d.name, false, false));
    }
  }
  return out;
}

// ---- writing it ---------------------------------------------------------------------------------

async function maxId(db: Db, table: 'sys_dept' | 'sys_user'): Promise<number> {
  const col = table === 'sys_dept' ? sql`dept_id` : sql`user_id`;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(max(${col}), 0)::int as n from ${sql.raw(table)}`,
  );
  return Number(row?.n ?? 0);
}

export async function generateOrg(db: Db, opts: { users: number; depts: number; reset: boolean; log?: boolean }) {
  const say = (s: string) => opts.log !== false && console.log(s);
  const t0 = performance.now();
  if (await seedDemo(db)) say('seeded the demo organisation (admin / 123456a)');

  const [gen] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sys_dept where remark = ${GEN_REMARK}`,
  );
  if (Number(gen?.n) > 0) {
    if (!opts.reset) {
      const [u] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sys_user`);
      say(`already generated (${gen?.n} departments, ${u?.n} users in all); pass --reset to generate again`);
      return;
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from sys_user where num like 'B%' and username ~ '^u[0-9]+$'`);
      await tx.execute(sql`delete from sys_dept where remark = ${GEN_REMARK}`);
    });
    say('removed the previously generated organisation');
  }

  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sys_user`);
  const toMake = Math.max(0, opts.users - Number(existing?.n ?? 0));
  const now = Date.now();
  const depts = buildDepts(opts.depts, (await maxId(db, 'sys_dept')) + 1);
  const people = buildUsers(depts, toMake, (await maxId(db, 'sys_user')) + 1, now);
  // One bcrypt hash for everyone: hashing 10,000 passwords would take minutes and measure nothing.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const roleRows = await queryRows<{ role_id: number; role_name: string }>(
    db,
    sql`select role_id, role_name from sys_role`,
  );
  const roleId = new Map(roleRows.map((r) => [r.role_name, Number(r.role_id)]));

  await db.transaction(async (tx) => {
    for (let i = 0; i < depts.length; i += BATCH)
      await tx.insert(departments).values(
        depts.slice(i, i + BATCH).map((d, k) => ({
          id: d.id,
          pid: d.pid,
          name: d.name,
          ownerUserId: d.headId ?? null,
          sort: i + k,
          remark: GEN_REMARK,
        })),
      );
    for (let i = 0; i < people.length; i += BATCH)
      await tx.insert(users).values(
        people.slice(i, i + BATCH).map((u) => ({
          id: u.id,
          username: u.username,
          passwordHash,
          realname: u.realname,
          num: u.num,
          mobile: u.mobile,
          email: u.email,
          sex: u.sex,
          deptId: u.deptId,
          post: u.post,
          parentId: u.parentId,
          status: u.status,
          createdAt: u.createdAt,
          updatedAt: u.createdAt,
          lastLoginTime: u.lastLoginTime,
        })),
      );
    const links = people.flatMap((u) => u.roles.map((r) => ({ userId: u.id, roleId: roleId.get(r)! })));
    if (links.some((l) => l.roleId === undefined)) throw new Error('a demo role is missing from sys_role');
    for (let i = 0; i < links.length; i += BATCH) await tx.insert(userRoles).values(links.slice(i, i + BATCH));
    // Explicit ids were used: move the sequences past them.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('sys_dept', 'dept_id'), (select max(dept_id) from sys_dept))`,
    );
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('sys_user', 'user_id'), (select max(user_id) from sys_user))`,
    );
  });
  await db.execute(sql`analyze sys_dept, sys_user, sys_user_role, sys_role`);

  const depth = await queryRows<{ d: number }>(
    db,
    sql`with recursive c(user_id, d) as (
          select user_id, 1 from sys_user where parent_id is null
          union all select u.user_id, c.d + 1 from sys_user u join c on u.parent_id = c.user_id
        ) select max(d)::int as d from c`,
  );
  const [totals] = await queryRows<{ users: number; depts: number; links: number }>(
    db,
    sql`select (select count(*) from sys_user)::int as users, (select count(*) from sys_dept)::int as depts,
               (select count(*) from sys_user_role)::int as links`,
  );
  say(
    `generated ${depts.length} departments and ${people.length} users in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
      `now ${totals?.users} users, ${totals?.depts} departments, ${totals?.links} role grants, supervisor chains up to ${depth[0]?.d} deep`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '10000' },
      depts: { type: 'string', default: '200' },
      'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
      reset: { type: 'boolean', default: false },
    },
  });
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = openDatabase({ databaseUrl, dataDir: path.resolve(values['data-dir']) });
  console.log(databaseUrl ? `database: ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}` : `PGlite: ${values['data-dir']}`);
  try {
    await database.migrate();
    await generateOrg(database.db, { users: Number(values.users), depts: Number(values.depts), reset: values.reset });
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
