import { type DeptNode, Msg } from '@crm/shared';
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
  tok = await tokensOf(t, ['admin', 'huangmin', 'sunli']);
});
afterAll(() => t.close());

const tree = async (type = 'tree'): Promise<DeptNode[]> =>
  (await t.post('/system/dept/queryDeptTree', { type }, tok.sunli)).data;
const flat = async () => tree('');
const find = async (id: number) => (await flat()).find((d) => d.id === id);
let seq = 0;
async function freshDept(over: object = {}): Promise<number> {
  const res = await t.post('/system/dept/addDept', { name: `新部门${++seq}`, ...over }, tok.admin);
  expect(res.code).toBe(0);
  return res.data.id;
}

describe('POST /system/dept/queryDeptTree', () => {
  it('answers the nested tree with heads and active user counts', async () => {
    const roots = await tree();
    expect(roots.map((d) => d.name)).toEqual(['总经办', '销售部', '财务部', '人事行政部', '客服部']);
    const sales = roots.find((d) => d.name === '销售部')!;
    expect(sales).toMatchObject({
      pid: 0,
      label: '销售部',
      ownerUserId: ids.user.liming,
      ownerUserName: '李明',
      userCount: 1,
    });
    expect(sales.children.map((d) => [d.name, d.userCount])).toEqual([
      ['销售一部', 3],
      ['销售二部', 2],
    ]);
  });
  it('answers a flat list for any other type', async () => {
    const list = await flat();
    expect(list).toHaveLength(7);
    expect(list.every((d) => d.children.length === 0)).toBe(true);
    expect(list.find((d) => d.name === '销售一部')?.pid).toBe(ids.dept.销售部);
  });
  it('refuses an over-long type', async () => {
    expectRefused(
      await t.post('/system/dept/queryDeptTree', { type: 'x'.repeat(30) }, tok.sunli),
      400,
      '类型不能超过20个字符',
    );
  });
  it('needs a session', async () => {
    expectRefused(await t.post('/system/dept/queryDeptTree', { type: 'tree' }), 302, Msg.notLoggedIn);
  });
});

describe('POST /system/dept/addDept', () => {
  it('adds a department under a parent, with a head', async () => {
    const body = { name: '华东区', pid: ids.dept.销售部, ownerUserId: ids.user.wufang, sort: 3, remark: '新区' };
    const res = await t.post('/system/dept/addDept', body, tok.huangmin);
    expect(res.code).toBe(0);
    expect(await find(res.data.id)).toMatchObject({ ...body, id: res.data.id, ownerUserName: '吴芳', userCount: 0 });
  });
  it('adds a top department from a form body with blanks', async () => {
    const body = { name: '市场部', pid: '', ownerUserId: '', sort: '' };
    const res = await t.call('POST', '/system/dept/addDept', { body, token: tok.huangmin, form: true });
    expect(res.code).toBe(0);
    expect(await find(res.data.id)).toMatchObject({ pid: 0, ownerUserId: null, sort: 0 });
  });
  it.each([
    [{ name: '' }, 400, Msg.deptNameRequired],
    [{ name: 'x'.repeat(51) }, 400, '部门名称不能超过50个字符'],
    [{ name: '甲', pid: -1 }, 400, Msg.parentDeptNotFound],
    [{ name: '甲', pid: 99999 }, 400, Msg.parentDeptNotFound],
    [{ name: '甲', ownerUserId: 99999 }, 400, Msg.deptOwnerNotFound],
  ])('refuses %j with its message', async (body, code, msg) => {
    expectRefused(await t.post('/system/dept/addDept', body, tok.admin), code, msg);
  });
  it('needs manage:users:deptSave', async () => {
    expectRefused(await t.post('/system/dept/addDept', { name: '甲' }, tok.sunli), 403, Msg.forbidden);
  });
});

describe('POST /system/dept/setDept', () => {
  it('renames and moves a department', async () => {
    const id = await freshDept();
    const body = { id, name: '改名部', pid: ids.dept.财务部, ownerUserId: ids.user.liuyang, sort: 9, remark: '备注' };
    expect((await t.post('/system/dept/setDept', body, tok.huangmin)).code).toBe(0);
    expect(await find(id)).toMatchObject({ ...body, ownerUserName: '刘洋' });
  });
  it.each([
    ['itself', '销售部', '销售部'],
    ['its child', '销售部', '销售一部'],
    ['a grandchild', '总经办', 'grandchild'],
  ])('refuses to move a department under %s', async (_name, dept, under) => {
    let pid = ids.dept[under]!;
    if (under === 'grandchild') pid = await freshDept({ pid: await freshDept({ pid: ids.dept.总经办 }) });
    const res = await t.post('/system/dept/setDept', { id: ids.dept[dept], name: dept, pid }, tok.admin);
    expectRefused(res, 400, Msg.deptCycle);
  });
  it.each([
    [{ name: '' }, Msg.deptNameRequired],
    [{ id: '' }, Msg.deptNotFound],
    [{ pid: 99999 }, Msg.parentDeptNotFound],
    [{ ownerUserId: 99999 }, Msg.deptOwnerNotFound],
  ])('refuses %j with its message', async (over, msg) => {
    const res = await t.post('/system/dept/setDept', { id: ids.dept.客服部, name: '客服部', ...over }, tok.admin);
    expectRefused(res, 400, msg);
  });
  it('answers 404 for an unknown department', async () => {
    expectRefused(await t.post('/system/dept/setDept', { id: 99999, name: '甲' }, tok.admin), 404, Msg.deptNotFound);
  });
  it('needs manage:users:deptUpdate', async () => {
    const res = await t.post('/system/dept/setDept', { id: ids.dept.客服部, name: '客服部' }, tok.sunli);
    expectRefused(res, 403, Msg.forbidden);
  });
});

describe('POST /system/dept/deleteDept', () => {
  it('deletes an empty department', async () => {
    const id = await freshDept();
    expect((await t.post('/system/dept/deleteDept', { id }, tok.huangmin)).code).toBe(0);
    expect(await find(id)).toBeUndefined();
  });
  it.each([
    ['child departments', '销售部', Msg.deptHasChildren],
    ['users', '客服部', Msg.deptHasUsers],
  ])('refuses while it has %s', async (_name, dept, msg) => {
    expectRefused(await t.post('/system/dept/deleteDept', { id: ids.dept[dept] }, tok.admin), 400, msg);
  });
  it('counts disabled users too', async () => {
    const id = await freshDept();
    const user = { username: 'leaver', password: 'abc12345', realname: '离职', deptId: id };
    const userId = (await t.post('/system/user/addUser', user, tok.admin)).data.userId;
    await t.post('/system/user/setUserStatus', { userIds: userId, status: 0 }, tok.admin);
    expectRefused(await t.post('/system/dept/deleteDept', { id }, tok.admin), 400, Msg.deptHasUsers);
  });
  it('refuses a missing id (400) and answers 404 for an unknown one', async () => {
    expectRefused(await t.post('/system/dept/deleteDept', {}, tok.admin), 400, Msg.deptNotFound);
    expectRefused(await t.post('/system/dept/deleteDept', { id: 99999 }, tok.admin), 404, Msg.deptNotFound);
  });
  it('needs manage:users:deptDelete', async () => {
    expectRefused(await t.post('/system/dept/deleteDept', { id: ids.dept.客服部 }, tok.sunli), 403, Msg.forbidden);
  });
});
