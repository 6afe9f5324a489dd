import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../test/harness.ts';
import { orgIds, people } from '../test/people.ts';

/**
 * The original client's last organisation and settings calls (system/original-rest.ts). Demo
 * people: sunli (销售一部; 销售 and 普通员工, scope self), liming (销售部; 销售经理, 本部门及下属部门),
 * huangmin (人事管理员: employees, every scope; no company settings), admin (super admin).
 */
let t: TestApp;
const { ids: uid, call: post, signIn, tokens } = people(() => t);
let dept: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'liming', 'huangmin', 'zhoujie']);
  dept = (await orgIds(t)).dept;
});
afterAll(() => t.close());

describe('system/dept/queryDeptByAuth', () => {
  const names = async (who: string) => {
    const res = await post(who, '/system/dept/queryDeptByAuth', {});
    expect(res.code).toBe(0);
    return (res.data as { id: number; name: string; pid: number }[]).map((d) => d.name);
  };

  it("answers the departments of the viewer's data scope, flat with id, name and pid", async () => {
    expect(await names('sunli')).toEqual(['销售一部']);
    const liming = await names('liming');
    expect(liming).toEqual(expect.arrayContaining(['销售部', '销售一部', '销售二部']));
    expect(liming).not.toContain('人事行政部');
    const all = await post('admin', '/system/dept/queryDeptByAuth', {});
    expect(all.data.map((d: { id: number }) => d.id).sort()).toEqual(Object.values(dept).sort());
    expect(all.data.find((d: { name: string }) => d.name === '销售一部')).toEqual({
      id: dept.销售一部,
      name: '销售一部',
      pid: dept.销售部,
    });
  });
});

describe('system/user/queryUserByDeptId', () => {
  it('answers the people of the department and those below it', async () => {
    const res = await post('sunli', '/system/user/queryUserByDeptId', { deptId: dept.销售部 });
    expect(res.code).toBe(0);
    const ids = res.data.map((u: { id: number; userId: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([uid.liming, uid.sunli, uid.zhenghao]));
    expect(ids).not.toContain(uid.chenjing);
    expect(res.data.find((u: { id: number }) => u.id === uid.sunli)).toEqual({
      id: uid.sunli,
      userId: uid.sunli,
      realname: '孙丽',
    });
  });

  it('refuses an unknown department and a malformed id', async () => {
    expect(await post('sunli', '/system/user/queryUserByDeptId', { deptId: 99999 })).toMatchObject({
      code: 404,
      msg: '部门不存在',
    });
    expect(await post('sunli', '/system/user/queryUserByDeptId', { deptId: 'abc' })).toMatchObject({ code: 400 });
  });
});

describe('system/user/usernameEdit', () => {
  it('gives an employee a new sign-in name and password and ends their sessions', async () => {
    const res = await post('huangmin', '/system/user/usernameEdit', {
      id: uid.zhoujie,
      username: 'zhoujie2',
      password: 'abc12345',
    });
    expect(res).toMatchObject({ code: 0 });
    expect(await t.post('/system/user/queryLoginUser', {}, tokens.zhoujie!)).toMatchObject({ code: 302 });
    const old = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: 'zhoujie', password: '123456a' },
    });
    expect(old.json().code).not.toBe(0);
    expect(await t.login('zhoujie2', 'abc12345')).toEqual(expect.any(String));
  });

  it('refuses the same name, a taken name, a bad name and an unknown employee', async () => {
    const edit = (body: Record<string, unknown>) => post('huangmin', '/system/user/usernameEdit', raw(body));
    expect(await edit({ id: uid.sunli, username: 'sunli', password: 'abc12345' })).toMatchObject({
      code: 400,
      msg: '新账号不能和原账号相同',
    });
    expect(await edit({ id: uid.sunli, username: 'LIMING', password: 'abc12345' })).toMatchObject({
      code: 400,
      msg: '用户名已存在',
    });
    expect(await edit({ id: uid.sunli, username: '孙 丽', password: 'abc12345' })).toMatchObject({ code: 400 });
    expect(await edit({ id: 99999, username: 'nobody9', password: 'abc12345' })).toMatchObject({
      code: 404,
      msg: '员工不存在',
    });
  });

  it("refuses someone without the employee edit right, and a non-super admin editing a super admin's account", async () => {
    expect(
      await post('sunli', '/system/user/usernameEdit', { id: uid.sunli, username: 'sunli9', password: 'abc12345' }),
    ).toMatchObject({ code: 403 });
    expect(
      await post('huangmin', '/system/user/usernameEdit', { id: uid.admin, username: 'root9', password: 'abc12345' }),
    ).toMatchObject({ code: 400, msg: '只有超级管理员可以修改超级管理员的账号' });
  });
});

describe('sysConfig/queryModuleSetting and setModuleSetting', () => {
  it('lists the modules, 办公 and 客户管理 on, the ones this system lacks not available', async () => {
    const res = await post('admin', '/sysConfig/queryModuleSetting', {});
    expect(res.code).toBe(0);
    const byModule = Object.fromEntries(res.data.map((m: { module: string }) => [m.module, m]));
    expect(byModule.crm).toMatchObject({ status: 1, type: 1, name: '客户管理' });
    expect(byModule.oa).toMatchObject({ status: 1, type: 1 });
    expect(byModule.hrm).toMatchObject({ status: 0, type: 2 });
    expect(byModule.project).toMatchObject({ status: 0, type: 2 });
  });

  it('keeps a module on, refuses switching one off or on one this system lacks', async () => {
    const modules = (await post('admin', '/sysConfig/queryModuleSetting', {})).data as {
      settingId: number;
      module: string;
    }[];
    const id = (m: string) => modules.find((x) => x.module === m)!.settingId;
    expect(await post('admin', '/sysConfig/setModuleSetting', { settingId: id('crm'), status: 1 })).toMatchObject({
      code: 0,
    });
    expect(await post('admin', '/sysConfig/setModuleSetting', { settingId: id('crm'), status: 0 })).toMatchObject({
      code: 400,
      msg: '该模块是本系统的组成部分，不能停用',
    });
    expect(await post('admin', '/sysConfig/setModuleSetting', { settingId: id('hrm'), status: 1 })).toMatchObject({
      code: 400,
      msg: '本系统暂不提供该模块',
    });
    expect(await post('admin', '/sysConfig/setModuleSetting', { settingId: 99, status: 1 })).toMatchObject({
      code: 404,
    });
    expect(await post('admin', '/sysConfig/setModuleSetting', { settingId: id('oa'), status: 3 })).toMatchObject({
      code: 400,
      msg: '模块状态有误',
    });
  });

  it('refuses users without the company settings', async () => {
    expect(await post('huangmin', '/sysConfig/queryModuleSetting', {})).toMatchObject({ code: 403 });
    expect(await post('sunli', '/sysConfig/setModuleSetting', { settingId: 2, status: 1 })).toMatchObject({
      code: 403,
    });
  });
});
