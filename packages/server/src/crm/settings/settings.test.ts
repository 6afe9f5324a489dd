import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/**
 * The CRM settings calls (docs/api/crm-settings.md): follow-up categories and performance
 * targets. wangzong is the CRM administrator; sunli a salesperson; chenjing finance.
 */
let t: TestApp;
const { tokens: tok, ids: uid, signIn } = people(() => t);
const dept: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'wangzong', 'sunli', 'chenjing']);
  for (const r of await queryRows<{ dept_id: number; name: string }>(
    t.database.db,
    sql`select dept_id, name from sys_dept`,
  ))
    dept[r.name] = Number(r.dept_id);
});
afterAll(() => t.close());

const customerId = async () =>
  Number(
    (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select customer_id as id from crm_customer where owner_user_id = ${uid.sunli} limit 1`,
      )
    )[0]!.id,
  );

describe('CrmRecord record options', () => {
  it('answers the default categories, and a follow-up must take one of them', async () => {
    expect((await t.post('/CrmRecord/queryRecordOptions', {}, tok.sunli)).data).toEqual([
      '打电话',
      '发短信',
      '上门拜访',
    ]);
    const id = await customerId();
    const bad = await t.post('/CrmCustomer/addRecord', { id, category: '飞鸽传书', content: '试试' }, tok.sunli);
    expect(bad.msg).toBe('请选择设置中的跟进方式');
  });

  it('saves a new list that the follow-ups then accept', async () => {
    const saved = await t.post('/CrmRecord/setRecordOptions', { value: ['打电话', '微信沟通'] }, tok.wangzong);
    expect(saved.msg).toBe('success');
    expect((await t.post('/CrmRecord/queryRecordOptions', {}, tok.sunli)).data).toEqual(['打电话', '微信沟通']);
    const id = await customerId();
    expect(
      (await t.post('/CrmCustomer/addRecord', { id, category: '微信沟通', content: '加了微信' }, tok.sunli)).msg,
    ).toBe('success');
    expect((await t.post('/CrmCustomer/addRecord', { id, category: '上门拜访', content: '拜访' }, tok.sunli)).msg).toBe(
      '请选择设置中的跟进方式',
    );
  });

  it.each([
    [{ value: ['打电话', ''] }, '跟进方式不能为空'],
    [{ value: ['打电话', '打电话'] }, '跟进方式不能重复'],
    [{ value: ['很长'.repeat(16)] }, '跟进方式不能超过30个字符'],
  ])('refuses %j with %s', async (body, msg) => {
    expect((await t.post('/CrmRecord/setRecordOptions', body, tok.wangzong)).msg).toBe(msg);
  });

  it('refuses without manage:crm:setting and without a session', async () => {
    expect((await t.post('/CrmRecord/setRecordOptions', { value: ['打电话'] }, tok.sunli)).msg).toBe('无权访问');
    expect((await t.post('/CrmRecord/queryRecordOptions', {})).code).not.toBe(0);
  });
});

describe('achievement targets', () => {
  it('stores and edits monthly targets per department and per user', async () => {
    const months = [100, 200, 300, 0, 0, 0, 0, 0, 0, 0, 0, 1000.5];
    const set = await t.post(
      '/achievement/setAchievement',
      { year: 2026, status: 2, type: 1, list: [{ objId: dept.销售一部, months }] },
      tok.wangzong,
    );
    expect(set.msg).toBe('success');
    const list = await t.post('/achievement/queryAchievementList', { year: 2026, status: 2, type: 1 }, tok.wangzong);
    expect(list.msg).toBe('success');
    const row = list.data.find((r: { objId: number }) => r.objId === dept.销售一部);
    expect(row).toMatchObject({ name: '销售一部', months, yearTarget: 1600.5 });
    // Another measure and year stay empty.
    const other = await t.post('/achievement/queryAchievementList', { year: 2026, status: 1, type: 1 }, tok.wangzong);
    expect(other.data.find((r: { objId: number }) => r.objId === dept.销售一部).yearTarget).toBe(0);

    const user = { objId: uid.sunli, months: Array(12).fill(50) };
    expect(
      (await t.post('/achievement/setAchievement', { year: 2026, status: 1, type: 2, list: [user] }, tok.wangzong)).msg,
    ).toBe('success');
    const edited = { objId: uid.sunli, months: Array(12).fill(80) };
    await t.post('/achievement/setAchievement', { year: 2026, status: 1, type: 2, list: [edited] }, tok.wangzong);
    const users = await t.post(
      '/achievement/queryAchievementList',
      { year: 2026, status: 1, type: 2, deptId: dept.销售一部 },
      tok.wangzong,
    );
    expect(users.data.find((r: { objId: number }) => r.objId === uid.sunli)).toMatchObject({
      yearTarget: 960,
      deptName: '销售一部',
    });
    expect(users.data.every((r: { deptName: string }) => r.deptName === '销售一部')).toBe(true);
  });

  it.each([
    [
      { year: 2026, status: 1, type: 1, list: [{ objId: 1, months: Array(12).fill(-1) }] },
      '货币的整数部分须少于10位，小数部分须少于2位',
    ],
    [
      { year: 2026, status: 1, type: 1, list: [{ objId: 1, months: Array(12).fill(1.555) }] },
      '货币的整数部分须少于10位，小数部分须少于2位',
    ],
    [{ year: 2026, status: 3, type: 1, list: [] }, '请选择考核指标'],
    [{ year: 2026, status: 1, type: 5, list: [] }, '请选择目标对象'],
    [{ year: 1900, status: 1, type: 1, list: [] }, '年份有误'],
  ])('refuses %j with %s', async (body, msg) => {
    expect((await t.post('/achievement/setAchievement', body, tok.wangzong)).msg).toBe(msg);
  });

  it('refuses unknown departments and users, and people without manage:crm:achievement', async () => {
    const months = Array(12).fill(1);
    expect(
      (
        await t.post(
          '/achievement/setAchievement',
          { year: 2026, status: 1, type: 1, list: [{ objId: 99999, months }] },
          tok.wangzong,
        )
      ).msg,
    ).toBe('部门不存在');
    expect(
      (
        await t.post(
          '/achievement/setAchievement',
          { year: 2026, status: 1, type: 2, list: [{ objId: 99999, months }] },
          tok.wangzong,
        )
      ).msg,
    ).toBe('员工不存在');
    expect((await t.post('/achievement/queryAchievementList', { year: 2026, status: 1, type: 1 }, tok.sunli)).msg).toBe(
      '无权访问',
    );
    expect(
      (await t.post('/achievement/queryAchievementList', { year: 2026, status: 1, type: 1 }, tok.chenjing)).msg,
    ).toBe('无权访问');
  });
});
