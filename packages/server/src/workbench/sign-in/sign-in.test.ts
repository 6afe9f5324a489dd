import { addDays, todayIn, weekdayOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { download, sheetRows } from '../../crm/records/excel/test-support.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { orgIds, people } from '../../test/people.ts';

/**
 * Staff sign-in on the demo organisation: huangmin (人事管理员) sets the rules and reads everyone;
 * liming (外勤主管 of 销售部: self and subordinates) reads his people; chenjing (财务) reads nothing.
 * 客服部's rule signs anywhere at any hour (a sign now is judged the same whenever the test runs:
 * work starts at 00:00 with no grace, so a sign-in is 迟到); 销售部's is an office day, inherited by
 * 销售一部 (sunli).
 */
let t: TestApp;
const { call, ids, signIn, tokens } = people(() => t);
let dept: Record<string, number>;
const office = { name: '总店', lat: 31.2304, lng: 121.4737, radius: 200 };
const near = { lat: 31.2314, lng: 121.4737 };
const far = { lat: 31.2404, lng: 121.4737 };
const allWeek = [1, 2, 3, 4, 5, 6, 7];
const rule = (deptId: number, more: object = {}) => ({
  deptId,
  workStart: '09:00',
  workEnd: '18:00',
  lateMinutes: 5,
  earlyMinutes: 10,
  places: [office],
  fieldAllowed: false,
  workdays: [1, 2, 3, 4, 5],
  ...more,
});
const open = (url: string, body: object) => t.post(url, body);
const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('token')!;

beforeAll(async () => {
  t = await createTestApp();
  dept = (await orgIds(t)).dept;
  await signIn(['admin', 'huangmin', 'liming', 'sunli', 'zhangyu', 'chenjing']);
});
afterAll(() => t?.close());

describe('rules', () => {
  it('saves, lists, replaces and deletes a department’s rule', async () => {
    const saved = await call('huangmin', '/OaSignIn/saveRule', rule(dept.财务部!));
    expect(saved).toMatchObject({ code: 0, data: { deptName: '财务部', workStart: '09:00', places: [office] } });
    const again = await call('huangmin', '/OaSignIn/saveRule', rule(dept.财务部!, { workStart: '08:30' }));
    expect(again.data.workStart).toBe('08:30');
    const list = await call('huangmin', '/OaSignIn/ruleList');
    expect(list.data.filter((r: { deptId: number }) => r.deptId === dept.财务部)).toHaveLength(1);
    expect(await call('huangmin', '/OaSignIn/deleteRule', { deptId: dept.财务部 })).toMatchObject({ code: 0 });
    expect(await call('huangmin', '/OaSignIn/deleteRule', { deptId: dept.财务部 })).toMatchObject({
      code: 404,
      msg: '签到规则不存在',
    });
  });

  it('refuses a wrong rule in Chinese and a caller without the key', async () => {
    const save = (more: object) => call('huangmin', '/OaSignIn/saveRule', rule(dept.财务部!, more));
    expect(await save({ workEnd: '08:00' })).toMatchObject({ code: 400, msg: '下班时间须晚于上班时间' });
    expect(await save({ places: [], fieldAllowed: false })).toMatchObject({
      code: 400,
      msg: '请至少设置一个签到地点，或允许外勤签到',
    });
    expect(await save({ places: [{ ...office, radius: 1 }] })).toMatchObject({ code: 400, msg: '范围须为10到5000米' });
    expect(await save({ workdays: [] })).toMatchObject({ code: 400, msg: '请至少选择一个工作日' });
    expect(await save({ deptId: 999999 })).toMatchObject({ code: 404, msg: '部门不存在' });
    expect(await call('huangmin', '/OaSignIn/saveRule', raw({ extra: 1 }))).toMatchObject({
      code: 400,
      msg: '请求中没有本接口可识别的参数',
    });
    expect(await call('sunli', '/OaSignIn/saveRule', rule(dept.财务部!))).toMatchObject({ code: 403 });
    expect(await call('sunli', '/OaSignIn/ruleList')).toMatchObject({ code: 403 });
  });
});

describe('the phone link', () => {
  const anyHour = (more: object = {}) =>
    rule(dept.客服部!, {
      workStart: '00:00',
      workEnd: '23:59',
      lateMinutes: 0,
      earlyMinutes: 0,
      workdays: allWeek,
      ...more,
    });

  it('is made by each person for themselves; a new one revokes the old', async () => {
    const first = await call('zhangyu', '/OaSignIn/myLink');
    expect(first).toMatchObject({ code: 0, data: { path: expect.stringMatching(/^\/signH5\?token=/) } });
    const second = await call('zhangyu', '/OaSignIn/myLink');
    expect(await open('/OaSignIn/h5/today', { token: tokenOf(first.data.path) })).toMatchObject({
      code: 403,
      msg: '链接已被撤销，请向工作人员索取新的链接',
    });
    const today = await open('/OaSignIn/h5/today', { token: tokenOf(second.data.path) });
    expect(today).toMatchObject({ code: 0, data: { realname: '张雨', deptName: '客服部' } });
    const [live] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sys_open_link where purpose = 'signIn' and subject @> ${JSON.stringify({ userId: ids.zhangyu })}::jsonb and revoke_time is null`,
    );
    expect(live?.n).toBe(1);
  });

  it('signs in range, refuses out of range, records 外勤 with a note when allowed, and maps the position', async () => {
    expect(await call('huangmin', '/OaSignIn/saveRule', anyHour())).toMatchObject({ code: 0 });
    const token = tokenOf((await call('zhangyu', '/OaSignIn/myLink')).data.path);
    const sign = (body: object) => open('/OaSignIn/h5/sign', { token, ...body });

    const inRange = await sign({ kind: 1, ...near });
    expect(inRange).toMatchObject({ code: 0, data: { kind: 1, status: 2, field: false, placeName: '总店' } });
    expect(await sign({ kind: 2, ...far })).toMatchObject({
      code: 400,
      msg: '不在签到范围内（距最近的总店1112米），不能签到',
    });
    expect(await sign({ kind: 2, ...far, note: '拜访客户' })).toMatchObject({ code: 400 });

    expect(await call('huangmin', '/OaSignIn/saveRule', anyHour({ fieldAllowed: true }))).toMatchObject({ code: 0 });
    expect(await sign({ kind: 2, ...far })).toMatchObject({ code: 400, msg: '不在签到范围内，外勤签到请填写说明' });
    const field = await sign({ kind: 2, ...far, note: '拜访客户' });
    expect(field).toMatchObject({ code: 0, data: { kind: 2, field: true, note: '拜访客户', placeName: '' } });

    const today = await open('/OaSignIn/h5/today', { token });
    expect(today.data.records.map((r: { kind: number }) => r.kind)).toEqual([1, 2]);
    expect(today.data).toMatchObject({ workday: true, rule: { deptName: '客服部' } });
    const positions = await queryRows<{ latitude: number }>(
      t.database.db,
      sql`select latitude from oa_position where user_id = ${ids.zhangyu} order by synchronization_time`,
    );
    expect(positions.map((p) => p.latitude)).toEqual([near.lat, far.lat]);
  });

  it('refuses a sign on a day that is not a workday, and without any rule', async () => {
    const token = tokenOf((await call('zhangyu', '/OaSignIn/myLink')).data.path);
    const today = (await open('/OaSignIn/h5/today', { token })).data.day as string;
    const others = allWeek.filter((d) => d !== weekdayOf(today));
    expect(await call('huangmin', '/OaSignIn/saveRule', anyHour({ workdays: others }))).toMatchObject({ code: 0 });
    expect(await open('/OaSignIn/h5/sign', { token, kind: 1, ...near })).toMatchObject({
      code: 400,
      msg: '今天不是工作日，无需签到',
    });
    const chen = tokenOf((await call('chenjing', '/OaSignIn/myLink')).data.path);
    expect(await open('/OaSignIn/h5/sign', { token: chen, kind: 1, ...near })).toMatchObject({
      code: 400,
      msg: '你所在的部门还没有签到规则，请联系管理员',
    });
    expect(await open('/OaSignIn/h5/sign', { token: 'x'.repeat(32), kind: 1, ...near })).toMatchObject({
      code: 403,
      msg: '链接无效，请向工作人员索取新的链接',
    });
  });
});

describe('statistics', () => {
  // Last month, so every day of it is over: its first Monday and the days after.
  const firstOfThis = `${todayIn().slice(0, 7)}-01`;
  const lastMonthFirst = (() => {
    const d = addDays(firstOfThis, -1);
    return `${d.slice(0, 7)}-01`;
  })();
  const month = lastMonthFirst.slice(0, 7);
  let monday = lastMonthFirst;
  while (weekdayOf(monday) !== 1) monday = addDays(monday, 1);
  const tuesday = addDays(monday, 1);
  const wednesday = addDays(monday, 2);
  const saturday = addDays(monday, 5);
  /** A sign at a Shanghai wall-clock time (the test database runs in the company zone Asia/Shanghai). */
  const record = (who: string, day: string, kind: number, clock: string, status: number, field = false) =>
    t.database.db.execute(sql`insert into oa_sign_record
      (user_id, day, kind, sign_time, status, field, note, latitude, longitude)
      values (${ids[who]!}, ${day}, ${kind}, (${`${day} ${clock}`}::timestamp at time zone 'Asia/Shanghai'),
        ${status}, ${field}, ${field ? '拜访客户' : ''}, 31.23, 121.47)`);

  beforeAll(async () => {
    expect(await call('huangmin', '/OaSignIn/saveRule', rule(dept.销售部!))).toMatchObject({ code: 0 });
    await record('sunli', monday, 1, '08:55:00', 1);
    await record('sunli', monday, 2, '18:05:00', 1);
    await record('sunli', tuesday, 1, '09:20:00', 2, true);
    await record('sunli', saturday, 1, '10:00:00', 1);
    await record('zhoujie', monday, 2, '17:00:00', 3);
  });

  it('answers each day and the month per person; a day off is never 缺卡', async () => {
    const res = await call('huangmin', '/OaSignIn/month', { month, userId: ids.sunli });
    expect(res.code).toBe(0);
    const day = (d: string) => res.data.days.find((r: { day: string }) => r.day === d);
    expect(day(monday)).toMatchObject({ inTime: '08:55:00', outTime: '18:05:00', statuses: ['normal'] });
    expect(day(tuesday)).toMatchObject({ inTime: '09:20:00', outTime: null, statuses: ['late', 'missing', 'field'] });
    expect(day(wednesday)).toMatchObject({ inTime: null, statuses: ['missing'] });
    expect(day(saturday)).toMatchObject({ workday: false, statuses: ['normal'] });
    expect(day(addDays(saturday, 1))).toBeUndefined();
    const [sunli] = res.data.people;
    expect(sunli).toMatchObject({ realname: '孙丽', late: 1, early: 0, field: 1 });
    expect(sunli.signedDays).toBe(3);
    // Every workday of the month but Monday is 缺卡 (Tuesday lacks its sign-out).
    expect(sunli.missing).toBe(sunli.workdays - 1);
  });

  it('stays within the viewer’s data scope and the department filter', async () => {
    const names = async (who: string, body: object) =>
      (await call(who, '/OaSignIn/month', { month, ...body })).data.people.map((p: { realname: string }) => p.realname);
    const team = await names('liming', {});
    expect(team).toContain('孙丽');
    expect(team).not.toContain('陈静');
    expect(await names('huangmin', { deptId: dept.销售一部 })).toEqual(expect.arrayContaining(['孙丽', '周杰']));
    expect(await names('huangmin', { deptId: dept.销售一部 })).not.toContain('李明');
    expect(await call('chenjing', '/OaSignIn/month', { month })).toMatchObject({ code: 403 });
    expect(await call('huangmin', '/OaSignIn/month', { month: '2026-13' })).toMatchObject({
      code: 400,
      msg: '请选择正确的月份（格式：yyyy-MM）',
    });
  });

  it('exports the month as a workbook', async () => {
    const res = await download(t, '/OaSignIn/excelExport', { month, userId: ids.zhoujie }, tokens.huangmin);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['姓名', '部门', '应出勤（天）', '签到（天）', '迟到', '早退', '缺卡', '外勤']);
    expect(rows[1]).toEqual(expect.arrayContaining(['周杰', 1]));
  });
});
