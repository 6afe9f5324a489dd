import { Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type OrgIds, orgIds, tokensOf } from '../../test/people.ts';
import { expectRefused } from '../testing.ts';

let t: TestApp;
let ids: OrgIds;
let tok: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await orgIds(t);
  tok = await tokensOf(t, ['admin', 'liming', 'sunli', 'huangmin']);
  // One disabled user, so the page types differ.
  await t.post('/system/user/setUserStatus', { userIds: ids.user.hexue, status: 0 }, tok.admin);
});
afterAll(() => t.close());

const list = (body: object, who = 'admin') => t.post('/system/user/queryUserList', body, tok[who]);
const names = (res: { data: { list: { username: string }[] } }) => res.data.list.map((u) => u.username).sort();
/** A picker's rows carry no login name: people by their names. */
const realnames = (res: { data: { list: { realname: string }[] } }) => res.data.list.map((u) => u.realname).sort();

describe('POST /system/user/queryUserList', () => {
  it('pageType 1002 pages every user, disabled ones included, with department, supervisor and roles', async () => {
    const res = await list({ pageType: 1002, limit: 100 });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ totalRow: 14, page: 1, limit: 100 });
    const sunli = res.data.list.find((u: { username: string }) => u.username === 'sunli');
    expect(sunli).toMatchObject({
      userId: ids.user.sunli,
      realname: '孙丽',
      mobile: '13800000004',
      sex: 2,
      num: 'E0005',
      post: '销售代表',
      status: 1,
      deptId: ids.dept.销售一部,
      deptName: '销售一部',
      parentId: ids.user.zhaoqiang,
      parentName: '赵强',
      roleIds: [ids.role.销售, ids.role.普通员工].sort((a, b) => a! - b!),
      roleNames: '销售,普通员工',
    });
    expect(sunli.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(res.data.list.find((u: { username: string }) => u.username === 'hexue').status).toBe(0);
  });

  it('pages in SQL: the second page of five, and past the end an empty page with the total', async () => {
    const page2 = await list({ pageType: 1002, page: 2, limit: 5 });
    expect(page2.data.list).toHaveLength(5);
    expect(page2.data.totalRow).toBe(14);
    expect(page2.data.list[0].userId).toBeGreaterThan((await list({ pageType: 1002, limit: 5 })).data.list[4].userId);
    const past = await list({ pageType: 1002, page: 9, limit: 5 });
    expect(past.data).toMatchObject({ list: [], totalRow: 14, page: 9, limit: 5 });
  });

  it('sorts on the declared fields only', async () => {
    const byName = await list({ pageType: 1002, sortField: 'username', order: 'asc', limit: 100 });
    const names = byName.data.list.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort());
    expect((await list({ pageType: 1002, sortField: 'password_hash' })).msg).toBe('不支持按该字段排序');
    expect((await list({ pageType: 1002, sortField: 'username', order: 'up' })).msg).toBe('排序方式有误');
  });

  it("defaults to 15 a page and pageType 1 (the pickers' active users)", async () => {
    const res = await t.call('POST', '/system/user/queryUserList', { body: {}, token: tok.sunli, form: true });
    expect(res.data).toMatchObject({ page: 1, limit: 15, totalRow: 13 });
  });

  it.each([
    ['pageType 1 lists active users only', { pageType: 1 }, 13],
    ['pageType 1002 filters by status', { pageType: 1002, status: 0 }, 1],
    ['pageType 1 ignores a status filter', { pageType: 1, status: 0 }, 13],
  ])('%s', async (_name, body, total) => {
    expect((await list(body)).data.totalRow).toBe(total);
  });

  it("pageType 0 answers every active user as a plain array (the original client's pickers)", async () => {
    const whole = await list({ pageType: 0, status: 0 });
    expect(whole.data).toHaveLength(13);
    expect(whole.data.map((u: { status: number }) => u.status)).toEqual(Array(13).fill(1));
  });

  it.each([
    ['realname', '孙', ['sunli']],
    ['username', 'ZHAO', ['zhaoqiang']],
    ['mobile', '13800000007', ['zhenghao']],
    ['a literal %', '%', []],
    ['a literal _', '_', []],
  ])('searches by %s', async (_name, search, expected) => {
    expect(names(await list({ pageType: 1002, search }))).toEqual(expected);
  });

  it('filters by department, with child departments by default', async () => {
    const sales = ['liming', 'sunli', 'wufang', 'zhaoqiang', 'zhenghao', 'zhoujie'];
    expect(names(await list({ deptId: ids.dept.销售部 }))).toEqual(sales);
    expect(names(await list({ deptId: ids.dept.销售部, includeChildDepts: false }))).toEqual(['liming']);
    expect(names(await list({ deptId: ids.dept.销售部, includeChildDepts: 'false' }))).toEqual(['liming']);
  });

  it('filters by role: the members of a role', async () => {
    expect(names(await list({ pageType: 1002, roleId: ids.role.销售 }))).toEqual(['sunli', 'zhenghao', 'zhoujie']);
    expect(names(await list({ pageType: 1002, roleId: ids.role.顾问 }))).toEqual(['hexue']);
  });

  it('pageType 1001 lists my subordinates down the supervisor chain, without me', async () => {
    expect(realnames(await list({ pageType: 1001 }, 'liming'))).toEqual(
      ['吴芳', '周杰', '孙丽', '赵强', '郑浩'].sort(),
    );
    expect(realnames(await list({ pageType: 1001 }, 'sunli'))).toEqual([]);
    // Active ones only: hexue (disabled) reports to wangzong.
    expect(names(await list({ pageType: 1001, search: '何' }, 'admin'))).toEqual([]);
  });

  it('pageType 1001 combines with the other filters', async () => {
    expect(realnames(await list({ pageType: 1001, deptId: ids.dept.销售二部 }, 'liming'))).toEqual(
      ['吴芳', '郑浩'].sort(),
    );
  });

  it.each([
    [{ pageType: 5 }, Msg.pageTypeInvalid],
    [{ pageType: 'x' }, Msg.pageTypeInvalid],
    [{ pageType: 1002, status: 3 }, Msg.statusInvalid],
    [{ deptId: 'abc' }, Msg.deptNotFound],
    [{ roleId: -1 }, Msg.roleNotFound],
  ])('refuses %j with its message', async (body, msg) => {
    expectRefused(await list(body), 400, msg);
  });

  it('pageType 1002 needs manage:users:read', async () => {
    expectRefused(await list({ pageType: 1002 }, 'sunli'), 403, Msg.forbidden);
    expectRefused(await list({ pageType: 1002 }, 'liming'), 403, Msg.forbidden);
    expect((await list({ pageType: 1002 }, 'huangmin')).code).toBe(0);
  });

  it('needs a session', async () => {
    expectRefused(await t.post('/system/user/queryUserList', {}), 302, Msg.notLoggedIn);
  });
});

describe('what a colleague who does not manage users sees', () => {
  const pickerFields = ['deptId', 'deptName', 'img', 'post', 'realname', 'status', 'userId'];

  it('a picker row: name, avatar, department, post and status only, on every page type', async () => {
    for (const body of [
      { pageType: 0 },
      { pageType: 1, limit: 100 },
      { pageType: 1001 },
      { deptId: ids.dept.销售部 },
    ]) {
      const res = await list(body, 'liming');
      expect(res.code).toBe(0);
      // pageType 0 is the whole list as a plain array (the original client's pickers).
      const rows = body.pageType === 0 ? res.data : res.data.list;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(pickerFields);
    }
    const sunli = (await list({ search: '孙丽' }, 'sunli')).data.list[0];
    expect(sunli).toEqual({
      userId: ids.user.sunli,
      realname: '孙丽',
      img: '',
      post: '销售代表',
      status: 1,
      deptId: ids.dept.销售一部,
      deptName: '销售一部',
    });
    const raw = JSON.stringify((await list({ pageType: 0 }, 'sunli')).data);
    for (const secret of ['13800000004', 'sunli', 'E0005', 'lastLoginTime', 'email']) expect(raw).not.toContain(secret);
  });

  it('cannot find a colleague by mobile or login name, nor order by login', async () => {
    expect((await list({ search: '13800000007' }, 'sunli')).data.totalRow).toBe(0);
    expect((await list({ search: 'zhao' }, 'sunli')).data.totalRow).toBe(0);
    expect(realnames(await list({ search: '赵' }, 'sunli'))).toEqual(['赵强']);
    for (const sortField of ['lastLoginTime', 'username', 'createTime'])
      expect(await list({ sortField }, 'sunli')).toMatchObject({ code: 400, msg: '不支持按该字段排序' });
  });

  it('cannot ask who holds a role', async () => {
    expect(await list({ roleId: ids.role.销售 }, 'sunli')).toMatchObject({ code: 403, msg: Msg.forbidden });
  });

  it('those who manage users get the whole row on a picker call too', async () => {
    const row = (await list({ search: '孙丽' }, 'huangmin')).data.list[0];
    expect(row).toMatchObject({ username: 'sunli', mobile: '13800000004', num: 'E0005' });
    expect(row).toHaveProperty('lastLoginTime');
  });
});

describe('POST /system/user/queryUserById', () => {
  it('answers one user as in the list', async () => {
    const res = await t.post('/system/user/queryUserById', { userId: ids.user.liming }, tok.huangmin);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      userId: ids.user.liming,
      username: 'liming',
      deptName: '销售部',
      parentName: '王建国',
      roleNames: '销售经理,普通员工,外勤主管',
    });
    const fromList = (await list({ pageType: 1002, search: 'liming' })).data.list[0];
    expect(res.data).toEqual(fromList);
  });
  it('refuses a missing id (400) and answers 404 for an unknown one', async () => {
    expectRefused(await t.post('/system/user/queryUserById', {}, tok.admin), 400, Msg.userNotFound);
    expectRefused(await t.post('/system/user/queryUserById', { userId: 99999 }, tok.admin), 404, Msg.userNotFound);
  });
  it('needs manage:users:read', async () => {
    expectRefused(
      await t.post('/system/user/queryUserById', { userId: ids.user.sunli }, tok.sunli),
      403,
      Msg.forbidden,
    );
  });
});
