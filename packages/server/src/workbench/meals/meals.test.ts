import { addDays, todayIn, weekStartOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { download, sheetRows } from '../../crm/records/excel/test-support.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { orgIds, people } from '../../test/people.ts';

/**
 * Meal orders on the demo organisation: 客服部 is the store; wangzong (客户管理员) and huangmin
 * (人事管理员) run the canteen with every user in scope; every member of staff (普通员工) orders.
 * liming (销售经理 of 销售部) is given the manager's key through 外勤主管 (self and subordinates),
 * so the scope tests show his people only: zhaoqiang, sunli, zhoujie, wufang, zhenghao.
 */
let t: TestApp;
const { call, ids, signIn, tokens } = people(() => t);
let store: number;
let notStore: number;
const today = todayIn();
const tomorrow = addDays(today, 1);
const yesterday = addDays(today, -1);
const month = tomorrow.slice(0, 7);

const slot = (day: string, meal: number, price: string | null = '15') => ({
  day,
  meal,
  dishes: ['红烧肉', '清炒时蔬'],
  price,
});
/** Serve lunch and dinner on every day of `day`'s week. */
const serveWeek = (day: string) => {
  const monday = weekStartOf(day);
  const slots = [0, 1, 2, 3, 4, 5, 6].flatMap((i) => [slot(addDays(monday, i), 1), slot(addDays(monday, i), 2, null)]);
  return call('wangzong', '/OaMeal/saveMenu', { storeId: store, day, slots });
};
const orders = async (who: string) =>
  queryRows<{ day: string; meal: number; store_id: number; create_user_id: number }>(
    t.database.db,
    sql`select day::text as day, meal, store_id, create_user_id from oa_meal_order where user_id = ${ids[who]!} order by day, meal`,
  );

beforeAll(async () => {
  t = await createTestApp();
  const org = await orgIds(t);
  store = org.dept.客服部!;
  notStore = org.dept.财务部!;
  await signIn(['admin', 'wangzong', 'huangmin', 'liming', 'sunli', 'zhoujie', 'hexue', 'zhangyu']);
  await t.database.db.execute(sql`insert into sys_role_permission (role_id, permission)
    select role_id, 'oa:meal:manage' from sys_role where role_name = '外勤主管'`);
  for (const day of new Set([yesterday, today, tomorrow])) expect(await serveWeek(day)).toMatchObject({ code: 0 });
});
afterAll(() => t?.close());

describe('menus', () => {
  it('saves a week and answers it with the cut-offs', async () => {
    const res = await call('sunli', '/OaMeal/week', { storeId: store, day: tomorrow });
    expect(res).toMatchObject({ code: 0, data: { storeName: '客服部', lunchCutoff: '10:00', dinnerCutoff: '16:00' } });
    expect(res.data.weekStart).toBe(weekStartOf(tomorrow));
    const day = res.data.days.find((d: { day: string }) => d.day === tomorrow);
    expect(day.meals).toMatchObject([
      { meal: 1, dishes: ['红烧肉', '清炒时蔬'], price: 1500, open: true, orderStoreId: null },
      { meal: 2, price: null, open: true },
    ]);
  });

  it('refuses bad menus with what is wrong', async () => {
    const save = (slots: unknown[], storeId = store) =>
      call('wangzong', '/OaMeal/saveMenu', { storeId, day: tomorrow, slots: raw(slots) });
    expect(await save([{ day: tomorrow, meal: 1, dishes: [] }])).toMatchObject({ code: 400, msg: '菜品不能为空' });
    expect(await save([{ day: tomorrow, meal: 3, dishes: ['面'] }])).toMatchObject({
      code: 400,
      msg: '请选择午餐或晚餐',
    });
    expect(await save([{ day: tomorrow, meal: 1, dishes: ['面'], price: '-1' }])).toMatchObject({
      code: 400,
      msg: '请输入正确的价格（最多两位小数）',
    });
    const far = addDays(tomorrow, 30);
    expect(await save([{ day: far, meal: 1, dishes: ['面'] }])).toMatchObject({ code: 400, msg: `${far}不在本周内` });
    expect(await save([slot(tomorrow, 1), slot(tomorrow, 1)])).toMatchObject({ code: 400, msg: `${tomorrow}午餐重复` });
    expect(await save([slot(tomorrow, 1)], notStore)).toMatchObject({ code: 400, msg: '门店不存在或未开通预约' });
    expect(
      await call('wangzong', '/OaMeal/saveSetting', { storeId: store, lunchCutoff: '25:00', dinnerCutoff: '16:00' }),
    ).toMatchObject({ code: 400, msg: '截止时间格式不正确（格式：HH:mm）' });
  });

  it('is the canteen manager’s: staff may not edit menus, cut-offs or read the statistics', async () => {
    expect(await call('sunli', '/OaMeal/saveMenu', { storeId: store, day: tomorrow, slots: [] })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(
      await call('sunli', '/OaMeal/saveSetting', { storeId: store, lunchCutoff: '11:00', dinnerCutoff: '17:00' }),
    ).toMatchObject({ code: 403 });
    expect(await call('sunli', '/OaMeal/day', { day: tomorrow })).toMatchObject({ code: 403 });
    expect(await call('sunli', '/OaMeal/month', { month })).toMatchObject({ code: 403 });
    const sheet = await download(t, '/OaMeal/excelExport', { month }, tokens.sunli);
    expect(sheet.json()).toMatchObject({ code: 403 });
  });

  it('refuses a body it does not understand', async () => {
    expect(await call('sunli', '/OaMeal/order', raw({ mealDay: tomorrow, lunch: true }))).toMatchObject({
      code: 400,
      msg: '请求中没有本接口可识别的参数',
    });
  });
});

describe('ordering', () => {
  it('orders lunch once however often it is clicked', async () => {
    const first = await call('sunli', '/OaMeal/order', { storeId: store, day: tomorrow, meal: 1 });
    expect(first).toMatchObject({ code: 0, data: { userId: ids.sunli, day: tomorrow, meal: 1, price: 1500 } });
    const again = await call('sunli', '/OaMeal/order', { storeId: store, day: tomorrow, meal: 1 });
    expect(again.data.orderId).toBe(first.data.orderId);
    // Two at once (a double click reaching the server together) still make one order.
    const both = await Promise.all(
      [1, 2].map(() => call('sunli', '/OaMeal/order', { storeId: store, day: tomorrow, meal: 2 })),
    );
    expect(both.map((r) => r.code)).toEqual([0, 0]);
    expect(both[0]!.data.orderId).toBe(both[1]!.data.orderId);
    expect((await orders('sunli')).map((o) => [o.day, Number(o.meal)])).toEqual([
      [tomorrow, 1],
      [tomorrow, 2],
    ]);
    const week = await call('sunli', '/OaMeal/week', { storeId: store, day: tomorrow });
    const day = week.data.days.find((d: { day: string }) => d.day === tomorrow);
    expect(day.meals.map((m: { orderStoreId: number; count: number }) => [m.orderStoreId, m.count])).toEqual([
      [store, 1],
      [store, 1],
    ]);
  });

  it('refuses a meal the store does not serve', async () => {
    const far = addDays(tomorrow, 30);
    expect(await call('sunli', '/OaMeal/order', { storeId: store, day: far, meal: 1 })).toMatchObject({
      code: 400,
      msg: `${far}客服部没有供应午餐`,
    });
  });

  it('lets only the canteen manager order for someone else, within their data scope', async () => {
    expect(
      await call('sunli', '/OaMeal/order', { storeId: store, day: tomorrow, meal: 1, userId: ids.zhoujie }),
    ).toMatchObject({
      code: 403,
      msg: '只有食堂管理员可以为他人订餐或取消',
    });
    const placed = await call('wangzong', '/OaMeal/order', {
      storeId: store,
      day: tomorrow,
      meal: 1,
      userId: ids.zhoujie,
    });
    expect(placed).toMatchObject({ code: 0, data: { userId: ids.zhoujie, realname: '周杰' } });
    expect((await orders('zhoujie'))[0]!.create_user_id).toBe(ids.wangzong);
    // liming's scope is himself and his people: not the store's staff.
    expect(
      await call('liming', '/OaMeal/order', { storeId: store, day: tomorrow, meal: 1, userId: ids.hexue }),
    ).toMatchObject({
      code: 403,
      msg: '无权为该员工订餐',
    });
    expect(
      await call('liming', '/OaMeal/order', { storeId: store, day: tomorrow, meal: 2, userId: ids.zhoujie }),
    ).toMatchObject({
      code: 0,
    });
  });

  it('cancels before the cut-off, once', async () => {
    await call('hexue', '/OaMeal/order', { storeId: store, day: tomorrow, meal: 2 });
    expect(await call('hexue', '/OaMeal/cancel', { day: tomorrow, meal: 2 })).toMatchObject({ code: 0 });
    expect(await orders('hexue')).toEqual([]);
    expect(await call('hexue', '/OaMeal/cancel', { day: tomorrow, meal: 2 })).toMatchObject({
      code: 400,
      msg: '没有该餐的订餐记录',
    });
  });

  it('refuses ordering and cancelling from the cut-off on, naming it', async () => {
    expect(await call('hexue', '/OaMeal/order', { storeId: store, day: yesterday, meal: 1 })).toMatchObject({
      code: 400,
      msg: '已过订餐截止时间（10:00），不能再订或取消',
    });
    // Today's lunch while it is open, then the store moves its cut-off to midnight.
    const late = { storeId: store, lunchCutoff: '23:59', dinnerCutoff: '16:00' };
    expect(await call('wangzong', '/OaMeal/saveSetting', late)).toMatchObject({
      code: 0,
      data: { lunchCutoff: '23:59' },
    });
    expect(await call('zhangyu', '/OaMeal/order', { storeId: store, day: today, meal: 1 })).toMatchObject({ code: 0 });
    const early = { storeId: store, lunchCutoff: '00:00', dinnerCutoff: '16:00' };
    expect(await call('wangzong', '/OaMeal/saveSetting', early)).toMatchObject({ code: 0 });
    const closed = { code: 400, msg: '已过订餐截止时间（00:00），不能再订或取消' };
    expect(await call('zhangyu', '/OaMeal/cancel', { day: today, meal: 1 })).toMatchObject(closed);
    expect(await call('hexue', '/OaMeal/order', { storeId: store, day: today, meal: 1 })).toMatchObject(closed);
    expect(await orders('zhangyu')).toHaveLength(1);
    await call('wangzong', '/OaMeal/saveSetting', { storeId: store, lunchCutoff: '10:00', dinnerCutoff: '16:00' });
  });

  it('keeps a served meal someone ordered on the menu', async () => {
    const res = await call('wangzong', '/OaMeal/saveMenu', { storeId: store, day: tomorrow, slots: [] });
    expect(res).toMatchObject({ code: 400 });
    expect(res.msg).toMatch(/^\d{4}-\d{2}-\d{2}(午餐|晚餐)已有\d+人订餐，不能取消供应$/);
    // Refused as a whole: the week is served as before.
    const week = await call('sunli', '/OaMeal/week', { storeId: store, day: tomorrow });
    expect(week.data.days.flatMap((d: { meals: unknown[] }) => d.meals)).toHaveLength(14);
  });
});

describe('the canteen', () => {
  it('counts a day per store and department with the names', async () => {
    const res = await call('huangmin', '/OaMeal/day', { day: tomorrow, storeId: store });
    expect(res).toMatchObject({ code: 0, data: { lunch: 2, dinner: 2 } });
    expect(res.data.stores).toEqual([{ storeId: store, storeName: '客服部', lunch: 2, dinner: 2 }]);
    expect(res.data.rows).toEqual([
      expect.objectContaining({
        storeName: '客服部',
        deptName: '销售一部',
        lunch: 2,
        dinner: 2,
        lunchNames: ['周杰', '孙丽'].sort(),
        dinnerNames: ['周杰', '孙丽'].sort(),
      }),
    ]);
  });

  it('shows a manager only the people of their data scope', async () => {
    await call('wangzong', '/OaMeal/order', { storeId: store, day: tomorrow, meal: 1, userId: ids.hexue });
    const all = await call('wangzong', '/OaMeal/day', { day: tomorrow });
    expect(all.data.lunch).toBe(3);
    const mine = await call('liming', '/OaMeal/day', { day: tomorrow });
    expect(mine.data.lunch).toBe(2);
    expect(mine.data.rows.flatMap((r: { lunchNames: string[] }) => r.lunchNames)).not.toContain('何雪');
    const stats = await call('liming', '/OaMeal/month', { month });
    expect(stats.data.people.map((p: { realname: string }) => p.realname).sort()).toEqual(['周杰', '孙丽'].sort());
  });

  it('sums a month per person and department, and exports it', async () => {
    const res = await call('wangzong', '/OaMeal/month', { month, storeId: store });
    expect(res).toMatchObject({ code: 0 });
    const sunli = res.data.people.find((p: { userId: number }) => p.userId === ids.sunli);
    expect(sunli).toMatchObject({ deptName: '销售一部', lunch: 1, dinner: 1, amount: 1500 });
    const dept = res.data.depts.find((d: { deptName: string }) => d.deptName === '销售一部');
    expect(dept).toMatchObject({ people: 2, lunch: 2, dinner: 2, amount: 3000 });
    const sheet = await download(t, '/OaMeal/excelExport', { month, storeId: store }, tokens.wangzong);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(sheet.rawPayload);
    expect(rows[0]).toEqual(['姓名', '部门', '午餐（份）', '晚餐（份）', '合计（份）', '金额']);
    expect(rows.find((r) => r[0] === '孙丽')).toEqual(['孙丽', '销售一部', 1, 1, 2, 15]);
    expect(rows.at(-1)).toEqual([
      '合计',
      null,
      res.data.total.lunch,
      res.data.total.dinner,
      res.data.total.lunch + res.data.total.dinner,
      res.data.total.amount / 100,
    ]);
    expect(await call('wangzong', '/OaMeal/month', { month: '2026-13' })).toMatchObject({
      code: 400,
      msg: '请选择正确的月份（格式：yyyy-MM）',
    });
  });
});
