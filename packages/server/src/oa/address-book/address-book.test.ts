import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let sunli: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, sunli] = await Promise.all([t.login('admin'), t.login('sunli')]);
});
afterAll(() => t.close());

describe('POST /OaAddressBook/queryAddressBook', () => {
  it('answers the departments and the active people with post, mobile and email', async () => {
    const res = await t.post('/OaAddressBook/queryAddressBook', {}, sunli);
    expect(res.code).toBe(0);
    expect(res.data.depts.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining(['总经办', '销售部', '销售一部', '财务部']),
    );
    const sub = res.data.depts.find((d: { name: string }) => d.name === '销售一部');
    const parent = res.data.depts.find((d: { name: string }) => d.name === '销售部');
    expect(sub.pid).toBe(parent.deptId);
    expect(res.data.users).toContainEqual(
      expect.objectContaining({
        realname: '黄敏',
        post: '人事行政经理',
        mobile: '13800000010',
        deptName: '人事行政部',
      }),
    );
  });

  it('leaves out disabled people', async () => {
    const list = await t.post('/system/user/queryUserList', { pageType: 1, search: '周杰' }, admin);
    const userId = list.data.list[0].userId;
    expect((await t.post('/system/user/setUserStatus', { userIds: [userId], status: 0 }, admin)).code).toBe(0);
    const res = await t.post('/OaAddressBook/queryAddressBook', {}, sunli);
    expect(res.data.users.map((u: { userId: number }) => u.userId)).not.toContain(userId);
  });

  it('needs a session', async () => {
    expect((await t.post('/OaAddressBook/queryAddressBook', {})).code).toBe(302);
  });
});
