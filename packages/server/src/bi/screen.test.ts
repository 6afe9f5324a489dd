import { todayIn } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { orgIds, people } from '../test/people.ts';

/**
 * /largeScreen: today's figures by a screen link (docs/open-links.md, purpose largeScreen). Today
 * sunli (销售一部) earns 100 cash and zhenghao (销售二部) 50 cash and 30 consumption; two days ago
 * sunli earned 20. The company's screen shows all of it, 销售一部's only sunli's.
 */
let t: TestApp;
const { call, ids: uid, signIn } = people(() => t);
let dept: Record<string, number>;
let n = 0;

async function earn(who: string, kind: number, amount: number, day: string) {
  n += 1;
  await t.database.db.execute(
    sql`insert into clinic_performance (kind, user_id, role, base, rate, amount, source_kind, source_id, business_day, idempotency_key)
      values (${kind}, ${uid[who]}, 'sales', ${amount}, 100, ${amount}, 'order_line', ${n}, ${day}::date, ${`screen:${n}`})`,
  );
}
const open = (token: string) => t.post('/largeScreen/figures', { token });

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'zhaoqiang', 'sunli']);
  dept = (await orgIds(t)).dept;
  const today = todayIn();
  const twoDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
  await earn('sunli', 1, 100, today);
  await earn('zhenghao', 1, 50, today);
  await earn('zhenghao', 2, 30, today);
  await earn('sunli', 1, 20, twoDaysAgo);
});
afterAll(() => t?.close());

describe('/largeScreen', () => {
  it("opens the company's screen with its link: today's figures and the week's trend", async () => {
    const made = await call('admin', '/bi/screenLink/create', { label: '大厅', days: 30 });
    expect(made).toMatchObject({ code: 0, data: { path: expect.stringMatching(/^\/largeScreen\?token=/) } });
    const res = await open(made.data.token);
    expect(res).toMatchObject({
      code: 0,
      data: {
        title: '全公司',
        day: todayIn(),
        figures: { visitCount: 0, dealVisits: 0, cashPerformance: 150, consumptionPerformance: 30 },
        consultants: [],
      },
    });
    const trend = res.data.trend as { day: string; cashPerformance: number; consumptionPerformance: number }[];
    expect(trend).toHaveLength(7);
    expect(trend.at(-1)).toEqual({ day: todayIn(), cashPerformance: 150, consumptionPerformance: 30 });
    expect(trend.at(-3)!.cashPerformance).toBe(20);
    expect(trend.reduce((s, d) => s + d.cashPerformance, 0)).toBe(170);
  });

  it("a department's screen shows its people only", async () => {
    const made = await call('admin', '/bi/screenLink/create', { deptId: dept.销售一部 });
    const res = await open(made.data.token);
    expect(res.data).toMatchObject({
      title: '销售一部',
      figures: { cashPerformance: 100, consumptionPerformance: 0 },
    });
    const list = await call('admin', '/bi/screenLink/list', {});
    expect(list.data.list.map((l: { subject: unknown }) => l.subject)).toContainEqual({
      deptId: dept.销售一部,
      deptName: '销售一部',
    });
  });

  it('refuses a revoked link and a made-up one, in Chinese', async () => {
    const made = await call('admin', '/bi/screenLink/create', {});
    expect(await open(made.data.token)).toMatchObject({ code: 0 });
    expect(await call('admin', '/bi/screenLink/revoke', { linkId: made.data.linkId })).toMatchObject({ code: 0 });
    expect(await open(made.data.token)).toMatchObject({ code: 403, msg: '链接已被撤销，请向工作人员索取新的链接' });
    expect(await open('A'.repeat(32))).toMatchObject({ code: 403, msg: '链接无效，请向工作人员索取新的链接' });
    expect(await t.post('/largeScreen/figures', {})).toMatchObject({ code: 400 });
  });

  it("links are made within the maker's scope and permission", async () => {
    // A sales manager (本部门及下属部门) makes one for their department, not for the company nor another department.
    expect(await call('zhaoqiang', '/bi/screenLink/create', { deptId: dept.销售一部 })).toMatchObject({ code: 0 });
    expect(await call('zhaoqiang', '/bi/screenLink/create', {})).toMatchObject({
      code: 403,
      msg: '无权为全公司生成大屏链接，请选择部门',
    });
    expect(await call('zhaoqiang', '/bi/screenLink/create', { deptId: dept.销售二部 })).toMatchObject({
      code: 403,
      msg: '无权查看该部门的数据',
    });
    expect(await call('sunli', '/bi/screenLink/list', {})).toMatchObject({ code: 403, msg: '无权访问' });
  });
});
