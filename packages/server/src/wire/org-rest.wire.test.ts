// biome-ignore-all lint/suspicious/noThenProperty: a wire row's `then` (test/original-client.ts) reads the answer; rows are never awaited.
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { wireTable } from '../test/original-client.ts';
import { orgIds } from '../test/people.ts';

/**
 * The original WuKong client's last organisation and settings calls (docs/api.md "Aliases"):
 * the statistics filters' departments and people (filtrateHandleView), 编辑登录名 of the employee
 * page and the 应用管理 page's modules, one row per call as its request layer sends it.
 */
let t: TestApp;
let org = { user: {}, dept: {}, role: {} } as Awaited<ReturnType<typeof orgIds>>;
beforeAll(async () => {
  t = await createTestApp();
  org = await orgIds(t);
});
afterAll(() => t.close());

wireTable('the original client: the last organisation and settings calls', () => t, [
  {
    path: 'system/dept/queryDeptByAuth',
    body: { m: 'bi', c: 'customer', a: 'read' },
    reads: ['data[0].id', 'data[0].name', 'data[0].pid'],
    then: (a) => expect(a.data.map((d: any) => d.id).sort()).toEqual(Object.values(org.dept).sort()),
  },
  {
    path: 'system/dept/queryDeptByAuth',
    note: "a salesperson's own department",
    as: 'sunli',
    then: (a) => expect(a.data.map((d: any) => d.name)).toEqual(['销售一部']),
  },
  {
    path: 'system/user/queryUserByDeptId',
    body: () => ({ deptId: org.dept.销售一部 }),
    reads: ['data[0].id', 'data[0].realname'],
    then: (a) => expect(a.data.map((u: any) => u.id)).toContain(org.user.sunli),
  },
  {
    path: 'system/user/usernameEdit',
    body: () => ({ id: org.user.zhoujie, username: 'zhoujie.new', password: 'abc12345' }),
  },
  {
    path: 'login',
    note: 'the new sign-in name',
    body: { username: 'zhoujie.new', password: 'abc12345' },
    reads: ['Admin-Token'],
  },
  {
    path: 'system/user/usernameEdit',
    note: 'the same name again',
    body: () => ({ id: org.user.zhoujie, username: 'zhoujie.new', password: 'abc12345' }),
    code: 400,
  },
  {
    path: 'sysConfig/queryModuleSetting',
    reads: ['data[0].settingId', 'data[0].module', 'data[0].status', 'data[0].type', 'data[0].name'],
    then: (a, s) => {
      const crm = a.data.find((m: any) => m.module === 'crm');
      expect(crm).toMatchObject({ status: 1, type: 1 });
      s.crm = crm.settingId;
    },
  },
  { path: 'sysConfig/setModuleSetting', body: (s) => ({ settingId: s.crm, status: 1 }) },
  {
    path: 'sysConfig/setModuleSetting',
    note: 'switched off',
    body: (s) => ({ settingId: s.crm, status: 0 }),
    code: 400,
  },
]);
