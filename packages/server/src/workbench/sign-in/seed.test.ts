import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, todayIn } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { demoKit } from '../../db/demo-kit.ts';
import { serverDir } from '../../paths.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orgIds, people } from '../../test/people.ts';
import { seedSignInDemo } from './seed.ts';

/** The living demo's part: the demo store's rule and the last days' signs (on time, late, 外勤, 缺卡). */
let t: TestApp;
const { call, signIn } = people(() => t);
let store: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.transaction(async (tx) => seedSignInDemo(await demoKit(tx)));
  store = (await orgIds(t)).dept.客服部!;
  await signIn(['wangzong']);
});
afterAll(() => t?.close());

it('gives the demo store a rule and signs that the statistics count', async () => {
  const rules = await call('wangzong', '/OaSignIn/ruleList');
  expect(rules.data).toEqual([
    expect.objectContaining({ deptId: store, fieldAllowed: true, workdays: [1, 2, 3, 4, 5] }),
  ]);
  const [kinds] = await queryRows<{ n: number; late: number; field: number; weekend: number }>(
    t.database.db,
    sql`select count(*)::int as n, count(*) filter (where status = 2)::int as late,
          count(*) filter (where field)::int as field,
          count(*) filter (where extract(isodow from day) > 5)::int as weekend
        from oa_sign_record`,
  );
  expect(kinds!.n).toBeGreaterThan(20);
  expect(kinds!.late).toBeGreaterThan(0);
  expect(kinds!.field).toBeGreaterThan(0);
  expect(kinds!.weekend).toBe(0);
  const month = addDays(todayIn(), -1).slice(0, 7);
  const stats = await call('wangzong', '/OaSignIn/month', { month, deptId: store });
  expect(stats.data.people.some((p: { signedDays: number }) => p.signedDays > 0)).toBe(true);
});

it('grants the keys to an installation’s standard roles through the migration', async () => {
  const db = t.database.db;
  const keys = sql`(p.permission like 'project:SignInRules:%' or p.permission = 'oa:signIn:read')`;
  const held = async () =>
    (
      await queryRows<{ role: string; permission: string }>(
        db,
        sql`select r.role_name as role, p.permission from sys_role_permission p join sys_role r on r.role_id = p.role_id
          where ${keys} order by 1, 2`,
      )
    ).map((r) => `${r.role}:${r.permission}`);
  const seeded = await held();
  // An installation from before the feature: nobody holds them; the migration's block grants what the seed does.
  await db.execute(sql`delete from sys_role_permission p where ${keys}`);
  const file = readFileSync(path.join(serverDir, 'drizzle/0078_sign_in.sql'), 'utf8');
  const block = file.slice(file.indexOf('-- hand-written:'));
  for (const statement of block.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
  expect(await held()).toEqual(seeded);
  expect(seeded).toEqual([
    '人事管理员:oa:signIn:read',
    '人事管理员:project:SignInRules:read',
    '人事管理员:project:SignInRules:update',
    '外勤主管:oa:signIn:read',
    '客户管理员:oa:signIn:read',
    '客户管理员:project:SignInRules:read',
    '客户管理员:project:SignInRules:update',
    '项目配置管理员:project:SignInRules:read',
    '项目配置管理员:project:SignInRules:update',
  ]);
});
