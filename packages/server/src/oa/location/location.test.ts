import fs from 'node:fs';
import path from 'node:path';
import { formatTime } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { serverDir } from '../../paths.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/**
 * Personas (seed): zhaoqiang, wufang, liming and wangzong hold 外勤主管 (oa:location:view, self and
 * subordinates); sunli and zhoujie work under zhaoqiang, zhenghao under wufang. The seed gave
 * sunli three positions today, zhoujie two, zhenghao one.
 */
let t: TestApp;
const { as, ids: userIds, signIn } = people(() => t);
const call = (who: string, url: string, body: unknown) => t.post(`/OaLocation/${url}`, body, as(who));

/**
 * The day the seed placed its positions on, in the company's zone, as the map asks for it. Read from
 * the data, not the clock: the seeded database is built once per run, and a run that crosses midnight
 * would otherwise ask for the day after the seed's.
 */
let today = '';
const day = (d = today) => ({ startTime: `${d} 00:00:00`, endTime: `${d} 23:59:59` });

beforeAll(async () => {
  t = await createTestApp();
  const [first] = await queryRows<{ at: string }>(
    t.database.db,
    sql`select min(synchronization_time) as at from oa_position`,
  );
  today = formatTime(new Date(first!.at)).slice(0, 10);
  await signIn(['admin', 'zhaoqiang', 'wufang', 'sunli', 'zhoujie', 'zhenghao', 'chenjing']);
});
afterAll(() => t.close());

describe('OaLocation/uploadPosition', () => {
  it('stores the session user’s own position; the same moment twice is one row', async () => {
    const body = { longitude: '104.0601', latitude: 30.6702, synchronizationTime: `${today} 00:01:00` };
    const first = await call('zhoujie', 'uploadPosition', body);
    const again = await call('zhoujie', 'uploadPosition', body);
    expect(first.code).toBe(0);
    expect(again.data.id).toBe(first.data.id);
    const mine = await call('zhaoqiang', 'queryPositions', { userId: userIds.zhoujie, ...day() });
    expect(mine.data.positions.map((p: { longitude: number }) => p.longitude)).toEqual([
      104.0601, 104.06453, 104.05827,
    ]);
  });

  it('takes the time of the upload when the device sends none', async () => {
    const before = Date.now();
    const res = await call('chenjing', 'uploadPosition', { longitude: 104.1, latitude: 30.6 });
    expect(res.code).toBe(0);
    const [row] = await queryRows<{ user_id: number; type: number; synchronization_time: string }>(
      t.database.db,
      sql`select user_id, type, synchronization_time from oa_position where position_id = ${res.data.id}`,
    );
    expect([Number(row!.user_id), Number(row!.type)]).toEqual([userIds.chenjing, 3]);
    expect(new Date(row!.synchronization_time).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    [{ latitude: 30.6 }, '经度有误'],
    [{ longitude: 'east', latitude: 30.6 }, '经度有误'],
    [{ longitude: 181, latitude: 30.6 }, '经度有误'],
    [{ longitude: 104.1, latitude: -90.5 }, '纬度有误'],
    [{ longitude: 104.1, latitude: '' }, '纬度有误'],
    [{ longitude: 104.1, latitude: 30.6, synchronizationTime: '昨天' }, '定位时间格式有误'],
    [{ longitude: 104.1, latitude: 30.6, synchronizationTime: '2099-01-01 08:00:00' }, '定位时间格式有误'],
  ])('refuses %j with %s', async (body, msg) => {
    const res = await call('sunli', 'uploadPosition', body);
    expect([res.code, res.msg]).toEqual([400, msg]);
  });

  it('needs a session', async () => {
    const res = await t.post('/OaLocation/uploadPosition', { longitude: 104.1, latitude: 30.6 });
    expect(res.code).toBe(302);
  });
});

describe('OaLocation/queryUserList', () => {
  const names = (res: { data: { list: { realname: string }[] } }) => res.data.list.map((u) => u.realname);

  it('lists the staff in the viewer’s scope, by name', async () => {
    expect(names(await call('zhaoqiang', 'queryUserList', { type: 3 })).sort()).toEqual(
      ['周杰', '孙丽', '赵强'].sort(),
    );
    expect(names(await call('zhaoqiang', 'queryUserList', { type: 3, search: '孙' }))).toEqual(['孙丽']);
    expect(names(await call('zhaoqiang', 'queryUserList', { type: 3, search: '郑' }))).toEqual([]);
    const all = await call('admin', 'queryUserList', { type: 3, search: '郑', limit: 10 });
    expect(all.data).toMatchObject({ totalRow: 1, page: 1, limit: 10 });
    expect(all.data.list[0]).toMatchObject({ realname: '郑浩', deptName: '销售二部' });
  });

  it.each([
    [{}, '请选择类型'],
    [{ type: 1 }, '请选择类型'],
    [{ type: 'staff' }, '请选择类型'],
  ])('refuses %j with %s', async (body, msg) => {
    const res = await call('zhaoqiang', 'queryUserList', body);
    expect([res.code, res.msg]).toEqual([400, msg]);
  });

  it('is refused without oa:location:view', async () => {
    const res = await call('sunli', 'queryUserList', { type: 3 });
    expect([res.code, res.msg]).toEqual([403, '无权访问']);
  });
});

describe('OaLocation/queryPositions', () => {
  it('answers a subordinate’s positions of the day in time order, with who they are', async () => {
    const res = await call('zhaoqiang', 'queryPositions', { userId: userIds.sunli, ...day() });
    expect(res.code).toBe(0);
    expect(res.data.userInfo).toMatchObject({ userId: userIds.sunli, realname: '孙丽', deptName: '销售一部' });
    expect(res.data.positions).toHaveLength(3);
    expect(res.data.positions[0]).toMatchObject({ longitude: 104.07261, latitude: 30.66342 });
    expect(res.data.positions[0].synchronizationTime).toBe(`${today} 09:05:00`);
  });

  it('answers no positions for a day without any (the map shows its notice)', async () => {
    const res = await call('zhaoqiang', 'queryPositions', { userId: userIds.sunli, ...day('2020-01-01') });
    expect(res.data.positions).toEqual([]);
  });

  it('refuses someone outside the viewer’s scope, as it refuses anyone without the permission', async () => {
    const other = await call('zhaoqiang', 'queryPositions', { userId: userIds.zhenghao, ...day() });
    expect([other.code, other.msg]).toEqual([403, '无权访问']);
    expect(
      (await call('wufang', 'queryPositions', { userId: userIds.zhenghao, ...day() })).data.positions,
    ).toHaveLength(1);
    const own = await call('sunli', 'queryPositions', { userId: userIds.sunli, ...day() });
    expect([own.code, own.msg]).toEqual([403, '无权访问']);
  });

  it('answers 用户不存在 for an unknown user', async () => {
    const res = await call('admin', 'queryPositions', { userId: 999_999, ...day() });
    expect([res.code, res.msg]).toEqual([404, '用户不存在']);
  });

  it.each([
    [{ ...day() }, '请选择人员'],
    [{ userId: 1, startTime: '2026-11-23', endTime: '2026-11-23 23:59:59' }, '定位时间格式有误'],
    [{ userId: 1, startTime: '2026-11-23 10:00:00', endTime: '2026-11-23 09:00:00' }, '查询时间范围有误'],
    [{ userId: 1, startTime: '2026-01-01 00:00:00', endTime: '2026-11-23 00:00:00' }, '查询时间范围有误'],
  ])('refuses %j with %s', async (body, msg) => {
    const res = await call('admin', 'queryPositions', body);
    expect([res.code, res.msg]).toEqual([400, msg]);
  });
});

describe('migration 0024_location_grant', () => {
  it('gives an existing installation the 外勤主管 role with the permission, once', async () => {
    const db = t.database.db;
    const holders = () =>
      queryRows<{ role_name: string; data_type: number }>(
        db,
        sql`select r.role_name, r.data_type from sys_role_permission p join sys_role r on r.role_id = p.role_id
            where p.permission = 'oa:location:view'`,
      );
    // An installation from before the map: no such role.
    await db.execute(sql`delete from sys_role where role_name = '外勤主管'`);
    expect(await holders()).toEqual([]);
    const grant = fs.readFileSync(path.join(serverDir, 'drizzle/0024_location_grant.sql'), 'utf8');
    for (let i = 0; i < 2; i++)
      for (const statement of grant.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    expect((await holders()).map((r) => [r.role_name, Number(r.data_type)])).toEqual([['外勤主管', 2]]);
  });
});
