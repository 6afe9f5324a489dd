import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, todayIn, weekStartOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { demoKit } from '../../db/demo-kit.ts';
import { serverDir } from '../../paths.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orgIds, people } from '../../test/people.ts';
import { seedMealsDemo } from './seed.ts';

/** The living demo's part (issue 26): this week's menu in the demo store and orders to count. */
let t: TestApp;
const { call, signIn } = people(() => t);
let store: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.transaction(async (tx) => seedMealsDemo(await demoKit(tx)));
  store = (await orgIds(t)).dept.客服部!;
  await signIn(['wangzong', 'zhangyu']);
});
afterAll(() => t?.close());

it('serves this week’s weekdays in the demo store, with orders counted', async () => {
  const today = todayIn();
  const week = await call('zhangyu', '/OaMeal/week', { storeId: store, day: today });
  expect(week).toMatchObject({ code: 0, data: { weekStart: weekStartOf(today) } });
  const served = week.data.days.map((d: { meals: { meal: number }[] }) => d.meals.map((m) => m.meal));
  expect(served).toEqual([[1, 2], [1, 2], [1, 2], [1, 2], [1], [], []]);
  const lastMonday = addDays(weekStartOf(today), -7);
  const day = await call('wangzong', '/OaMeal/day', { day: lastMonday });
  expect(day.data.lunch).toBeGreaterThan(0);
  expect(day.data.stores).toEqual([expect.objectContaining({ storeName: '客服部' })]);
  // Nothing is seeded past tomorrow: people order those meals themselves.
  const [later] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from oa_meal_order where day > ${addDays(today, 1)}`,
  );
  expect(later!.n).toBe(0);
  const [seeded] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from oa_meal_order`);
  expect(seeded!.n).toBeGreaterThan(10);
});

it('grants the keys to an installation’s standard roles through migration 0068', async () => {
  const db = t.database.db;
  const held = async () =>
    (
      await queryRows<{ role: string; permission: string }>(
        db,
        sql`select r.role_name as role, p.permission from sys_role_permission p join sys_role r on r.role_id = p.role_id
          where p.permission like 'oa:meal:%' order by 1, 2`,
      )
    ).map((r) => `${r.role}:${r.permission}`);
  const seeded = await held();
  // An installation from before the feature: nobody holds them; the migration's block grants what the seed does.
  await db.execute(sql`delete from sys_role_permission where permission like 'oa:meal:%'`);
  const file = readFileSync(path.join(serverDir, 'drizzle/0070_meal_orders.sql'), 'utf8');
  const block = file.slice(file.indexOf('-- hand-written:'));
  for (const statement of block.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
  expect(await held()).toEqual(seeded);
  expect(seeded).toEqual(['人事管理员:oa:meal:manage', '客户管理员:oa:meal:manage', '普通员工:oa:meal:order']);
});
