import { APPLICATION_OFF_MSG } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';

/** /manager/application (issue 25): whole areas switched off for the company, everywhere at once. */
let t: TestApp;
let admin: string;
let staff: string;
const march = { type: 'custom', startTime: '2020-03-01', endTime: '2020-03-31' };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  staff = await t.login('zhaoqiang');
});
afterAll(() => t.close());

const switchApp = (key: string, enabled: boolean, token = admin) =>
  t.post('/system/application/switch', { key, enabled }, token);

describe('switching an application off and on', () => {
  it('lists every declared application, on by default', async () => {
    const res = await t.post('/system/application/list', {}, admin);
    expect(res.code).toBe(0);
    expect(res.data.map((a: { key: string }) => a.key)).toEqual(
      expect.arrayContaining(['workflow', 'project', 'bi', 'chat', 'meals', 'quizzes', 'supervision', 'lottery']),
    );
    expect(res.data.every((a: { enabled: boolean }) => a.enabled)).toBe(true);
  });

  it('refuses the calls of a switched-off area with the message, and serves them again when back on', async () => {
    expect((await t.post('/biCustomer/totalCustomerStats', march, staff)).code).toBe(0);
    const off = await switchApp('bi', false);
    expect(off.code).toBe(0);
    expect(off.data.find((a: { key: string }) => a.key === 'bi')).toMatchObject({ enabled: false });
    expect(await t.post('/biCustomer/totalCustomerStats', march, staff)).toMatchObject({
      code: 403,
      msg: APPLICATION_OFF_MSG,
    });
    // The super admin too: the area is gone for the company, not for a role.
    expect(
      await t.post('/bi/drill', raw({ analysis: '/biCustomer/totalCustomerStats', ...march }), admin),
    ).toMatchObject({
      msg: APPLICATION_OFF_MSG,
    });
    // Other areas are untouched.
    expect((await t.post('/system/role/auth', {}, staff)).code).toBe(0);

    const auth = (await t.post('/system/role/auth', {}, admin)).data;
    expect(auth.bi).toBeUndefined();
    expect(auth.appOff).toEqual({ bi: true });
    expect(auth.crm).toBeDefined();
    // A fresh sign-in answers the same auth object.
    const login = await t.post('/login', { username: 'zhaoqiang', password: '123456a', type: 3 });
    expect(login.data.auth.bi).toBeUndefined();
    // (A new sign-in of the same kind ends the earlier session.)
    staff = login.data['Admin-Token'];

    await switchApp('bi', true);
    expect((await t.post('/biCustomer/totalCustomerStats', march, staff)).code).toBe(0);
    const back = (await t.post('/system/role/auth', {}, admin)).data;
    expect(back.bi).toBeDefined();
    expect(back.appOff).toBeUndefined();
  });

  it('takes a page in two areas away with either (抽奖 lives in 项目配置), and the open pages by address', async () => {
    const lotteryList = () => t.post('/project/lottery/list', {}, admin);
    expect((await lotteryList()).code).toBe(0);
    await switchApp('lottery', false);
    expect(await lotteryList()).toMatchObject({ code: 403, msg: APPLICATION_OFF_MSG });
    // The rest of 项目配置 stays; the wheel's open call is refused before its token is read.
    expect((await t.post('/api/project/queryList', {}, admin)).msg).not.toBe(APPLICATION_OFF_MSG);
    expect(await t.post('/open/lottery/wheel/info', { token: 'x'.repeat(32) })).toMatchObject({
      msg: APPLICATION_OFF_MSG,
    });
    let auth = (await t.post('/system/role/auth', {}, admin)).data;
    expect(auth.project.lotteryActivityConfiguration).toBeUndefined();
    expect(auth.project).toBeDefined();
    await switchApp('lottery', true);
    await switchApp('project', false);
    expect(await lotteryList()).toMatchObject({ msg: APPLICATION_OFF_MSG });
    auth = (await t.post('/system/role/auth', {}, admin)).data;
    expect(auth.project).toBeUndefined();
    await switchApp('project', true);
    expect((await lotteryList()).code).toBe(0);
  });

  it('switches login-only areas by address (chat)', async () => {
    await switchApp('chat', false);
    expect(await t.post('/api/message/synchronizeMyConversationPlus', {}, staff)).toMatchObject({
      code: 403,
      msg: APPLICATION_OFF_MSG,
    });
    expect((await t.post('/system/role/auth', {}, staff)).data.appOff).toEqual({ chat: true });
    await switchApp('chat', true);
    expect((await t.post('/api/message/synchronizeMyConversationPlus', {}, staff)).code).toBe(0);
  });

  it('is for administrators only, and refuses an unknown application', async () => {
    expect(await switchApp('bi', false, staff)).toMatchObject({ code: 403, msg: '无权访问' });
    expect((await t.post('/system/application/list', {}, staff)).code).toBe(403);
    expect(await switchApp('nosuchapp', false)).toMatchObject({ code: 400, msg: '没有这个应用' });
    // The web's form-encoded post: the flag arrives as text.
    const form = await t.call('POST', '/system/application/switch', {
      token: admin,
      form: true,
      body: { key: 'lottery', enabled: 'false' },
    });
    expect(form.data.find((a: { key: string }) => a.key === 'lottery')).toMatchObject({ enabled: false });
    expect(await switchApp('lottery', 'maybe' as unknown as boolean)).toMatchObject({
      code: 400,
      msg: '请选择启用或停用',
    });
    await switchApp('lottery', true);
    expect((await t.post('/biCustomer/totalCustomerStats', march, staff)).code).toBe(0);
  });

  it('reaches a second server process through the bus', async () => {
    const other = await t.sibling();
    try {
      const ask = async () =>
        (
          await other.app.inject({
            method: 'POST',
            url: '/biCustomer/totalCustomerStats',
            headers: { 'admin-token': staff, 'content-type': 'application/json' },
            payload: JSON.stringify(march),
          })
        ).json();
      expect((await ask()).code).toBe(0);
      await switchApp('bi', false);
      // The notification arrives at commit; on PostgreSQL the other process's listener may lag a moment.
      await expect.poll(async () => (await ask()).msg, { timeout: 5000 }).toBe(APPLICATION_OFF_MSG);
      await switchApp('bi', true);
      await expect.poll(async () => (await ask()).code, { timeout: 5000 }).toBe(0);
    } finally {
      await other.close();
    }
  });
});
