import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { customerKind } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { customerIds, orgIds, people } from '../../test/people.ts';
import { moorSignature } from './providers/moor.ts';
import { generatedWav } from './wav.ts';

/**
 * The call centre's calls (docs/crm-call-centre.md) on the demo users: sunli (销售, scope self)
 * calls her customers; zhaoqiang (销售经理 over her) reads her log; zhenghao's customers are not
 * hers; huangmin (HR) has no CRM right; admin manages extensions and the provider. The simulated
 * exchange rings 30 ms and talks 1 s here.
 */
let t: TestApp;
const { call, signIn, ids, tokens } = people(() => t);
let cid: Record<string, number>;
let roleIds: Record<string, number>;

const ok = (res: { code: number; msg: string }) => expect([res.code, res.msg]).toEqual([0, 'success']);

async function waitEnded(who: string, callId: string) {
  let state: any;
  await expect
    .poll(
      async () => {
        state = (await call(who, '/moor/callState', { callId })).data;
        return state?.status;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe('ended');
  return state;
}

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'zhoujie', 'zhaoqiang', 'zhenghao', 'huangmin']);
  cid = await customerIds(t);
  roleIds = (await orgIds(t)).role;
  ok(await call('admin', '/moor/saveSettings', { ringMs: 30, talkMs: 1000 }));
});
afterAll(async () => {
  await t?.close();
});

describe('extensions', () => {
  it('refuses a call before the user has an extension, with what to do', async () => {
    const res = await call('sunli', '/moor/callVerify');
    ok(res);
    expect(res.data).toMatchObject({
      canCall: false,
      reason: '您还没有绑定分机，请先在“我的分机”中选择一个分机',
      exten: null,
    });
    expect(await call('sunli', '/moor/call', { kind: 'customer', id: cid['林婉清'] })).toMatchObject({
      code: 400,
      msg: '您还没有绑定分机，请先在“我的分机”中选择一个分机',
    });
  });

  it('lets administrators add extensions and no one else', async () => {
    expect(await call('sunli', '/moor/addExten', { exten: '8009' })).toMatchObject({ code: 403, msg: '无权访问' });
    ok(await call('admin', '/moor/addExten', { exten: '8001' }));
    ok(await call('admin', '/moor/addExten', { exten: '8002' }));
    ok(await call('admin', '/moor/addExten', { exten: '8003' }));
    expect(await call('admin', '/moor/addExten', { exten: '8001' })).toMatchObject({ code: 409, msg: '分机号已存在' });
    expect(await call('admin', '/moor/addExten', { exten: '80a' })).toMatchObject({
      code: 400,
      msg: '分机号只能是2到10位数字',
    });
  });

  it('takes a free extension by the query, refuses a held one and an unknown one', async () => {
    // The original client puts the extension in the query string.
    const mine = await t.call('POST', '/moor/setMyExten', { token: tokens.sunli, query: { exten: '8001' }, body: {} });
    ok(mine);
    expect(mine.data.find((e: any) => e.exten === '8001')).toMatchObject({ userId: ids.sunli, mine: true });
    expect(await call('zhoujie', '/moor/setMyExten', { exten: '8001' })).toMatchObject({
      code: 409,
      msg: '该分机已由其他人使用',
    });
    expect(await call('zhoujie', '/moor/setMyExten', { exten: '8999' })).toMatchObject({
      code: 404,
      msg: '分机不存在',
    });
    ok(await call('zhenghao', '/moor/setMyExten', { exten: '8002' }));
    ok(await call('zhaoqiang', '/moor/setMyExten', { exten: '8003' }));
    const list = await call('zhoujie', '/moor/queryExtens');
    expect(list.data.map((e: any) => [e.exten, e.realname])).toEqual([
      ['8001', '孙丽'],
      ['8002', '郑浩'],
      ['8003', '赵强'],
    ]);
    expect(await call('huangmin', '/moor/queryExtens')).toMatchObject({ code: 403, msg: '无权访问' });
  });
});

describe('calls', () => {
  let callId: string;

  it('dials a customer, rings, talks, ends, and leaves a follow-up with the recording', async () => {
    expect((await call('sunli', '/moor/callVerify')).data).toMatchObject({
      canCall: true,
      reason: '',
      exten: '8001',
      provider: 'simulated',
    });
    const res = await call('sunli', '/moor/call', { kind: 'customer', id: cid['林婉清'], field: 'mobile' });
    ok(res);
    expect(res.data).toMatchObject({ status: 'ringing', answered: false, followId: null });
    callId = res.data.callId;
    // One live call per caller: a second click while it rings is refused.
    expect(await call('sunli', '/moor/call', { kind: 'customer', id: cid['陈雨桐'] })).toMatchObject({
      code: 400,
      msg: '您有一通电话尚未结束，请稍后再拨',
    });
    const ended = await waitEnded('sunli', callId);
    expect(ended).toMatchObject({ answered: true });
    expect(ended.duration).toBeGreaterThanOrEqual(1);
    expect(ended.followId).toEqual(expect.any(Number));

    const follows = await call('sunli', '/CrmCustomer/getRecord', { id: cid['林婉清'], page: 1, limit: 10 });
    const follow = follows.data?.list.find((f: any) => f.followId === ended.followId);
    expect(follow).toMatchObject({ category: '打电话', batchId: `call${callId}` });
    expect(follow.content).toMatch(/^呼出手机，通话 \d+秒（附录音）$/);
    const batch = await t.call('POST', '/file/queryByBatchId', {
      token: tokens.sunli,
      body: { batchId: `call${callId}` },
    });
    expect(batch.data).toEqual([expect.objectContaining({ mime: 'audio/wav' })]);

    const audio = await t.app.inject({
      method: 'GET',
      url: `/moor/queryAudio?callId=${callId}`,
      headers: { 'admin-token': tokens.sunli },
    });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
  });

  it('refuses records the caller may not read, unknown ones and bad input, in Chinese', async () => {
    expect(await call('sunli', '/moor/call', { kind: 'customer', id: cid['孙晓雅'] })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(await call('sunli', '/moor/call', { kind: 'customer', id: 99999999 })).toMatchObject({
      code: 404,
      msg: '客户不存在',
    });
    expect(await call('sunli', '/moor/call', raw({ kind: 'product', id: 1 }))).toMatchObject({
      code: 400,
      msg: '只能拨打客户、线索或联系人的电话',
    });
    expect(
      await call('sunli', '/moor/call', { kind: 'customer', id: cid['林婉清'], field: 'telephone' }),
    ).toMatchObject({
      code: 400,
      msg: '只能拨打手机或电话字段',
    });
    expect(await call('huangmin', '/moor/call', { kind: 'customer', id: cid['林婉清'] })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    // The browser never names the number: a body of only one is not understood.
    expect(await call('sunli', '/moor/call', raw({ number: '110' }))).toMatchObject({
      code: 400,
      msg: '请求中没有本接口可识别的参数',
    });
  });

  it('lets only the caller follow their call, and plays the recording to readers of the record only', async () => {
    expect(await call('zhoujie', '/moor/callState', { callId })).toMatchObject({ code: 404, msg: '通话不存在' });
    const audio = (who: string, id = callId) =>
      t.app.inject({ method: 'GET', url: `/moor/queryAudio?callId=${id}`, headers: { 'admin-token': tokens[who]! } });
    // zhoujie (same role, scope self) may not read sunli's customer; her manager may.
    expect((await audio('zhoujie')).json()).toMatchObject({ code: 403, msg: '无权访问' });
    expect((await audio('zhaoqiang')).statusCode).toBe(200);
    expect((await audio('sunli', 'nope')).json()).toMatchObject({ code: 404, msg: '通话不存在' });
  });

  it('dials a number hidden from the caller without ever answering it', async () => {
    const [c] = await queryRows<{ mobile: string }>(
      t.database.db,
      sql`select mobile from crm_customer where customer_id = ${cid['陈雨桐']}`,
    );
    await t.database.db.execute(
      sql`insert into crm_field_auth (role_id, label, field_name, auth_level) values (${roleIds['销售']}, ${customerKind.label}, 'mobile', 1)`,
    );
    try {
      const detail = await call('sunli', '/CrmCustomer/queryById', { id: cid['陈雨桐'] });
      expect(JSON.stringify(detail)).not.toContain(c!.mobile);
      const res = await call('sunli', '/moor/call', { kind: 'customer', id: cid['陈雨桐'] });
      ok(res);
      expect(JSON.stringify(res)).not.toContain(c!.mobile);
      const ended = await waitEnded('sunli', res.data.callId);
      expect(ended.answered).toBe(true);
      const log = await call('sunli', '/moor/queryCallLog', {});
      expect(JSON.stringify(log)).not.toContain(c!.mobile);
      // The number went to the exchange all the same.
      const [row] = await queryRows<{ number: string }>(
        t.database.db,
        sql`select number from crm_call_log where call_id = ${res.data.callId}`,
      );
      expect(row!.number).toBe(c!.mobile);
    } finally {
      await t.database.db.execute(
        sql`delete from crm_field_auth where role_id = ${roleIds['销售']} and field_name = 'mobile'`,
      );
    }
  });

  it('logs an unanswered call with a follow-up and no recording', async () => {
    await t.database.db.execute(
      sql`update crm_customer set mobile = '13912340000' where customer_id = ${cid['王思琪']}`,
    );
    const res = await call('sunli', '/moor/call', { kind: 'customer', id: cid['王思琪'] });
    ok(res);
    const ended = await waitEnded('sunli', res.data.callId);
    expect(ended).toMatchObject({ answered: false, duration: 0 });
    const [f] = await queryRows<{ content: string }>(
      t.database.db,
      sql`select content from crm_follow_record where follow_id = ${ended.followId}`,
    );
    expect(f!.content).toBe('呼出手机，未接通');
    const audio = await t.app.inject({
      method: 'GET',
      url: `/moor/queryAudio?callId=${res.data.callId}`,
      headers: { 'admin-token': tokens.sunli },
    });
    expect(audio.json()).toMatchObject({ code: 404, msg: '该通话没有录音' });
  });
});

describe('the call log', () => {
  it('answers my calls newest first, paged and filtered', async () => {
    const all = await call('sunli', '/moor/queryCallLog', { page: 1, limit: 2 });
    ok(all);
    expect(all.data.totalRow).toBe(3);
    expect(all.data.list).toHaveLength(2);
    expect(all.data.list[0]).toMatchObject({
      recordName: '王思琪',
      answered: false,
      status: 'ended',
      kind: 'customer',
      exten: '8001',
    });
    expect(all.data.list[0]).not.toHaveProperty('number');
    const page2 = await call('sunli', '/moor/queryCallLog', { page: 2, limit: 2 });
    expect(page2.data.list.map((r: any) => r.recordName)).toEqual(['林婉清']);
    const missed = await call('sunli', '/moor/queryCallLog', { answered: false });
    expect(missed.data.list.map((r: any) => r.recordName)).toEqual(['王思琪']);
    expect((await call('sunli', '/moor/queryCallLog', { direction: 'in' })).data.totalRow).toBe(0);
    expect(
      (await call('sunli', '/moor/queryCallLog', { startDay: '2000-01-01', endDay: '2000-01-02' })).data.totalRow,
    ).toBe(0);
    expect(await call('sunli', '/moor/queryCallLog', raw({ direction: 'up' }))).toMatchObject({
      code: 400,
      msg: '呼叫方向只能是呼出或呼入',
    });
  });

  it("shows a subordinate's calls to their manager (userId in the query) and no one else's", async () => {
    const res = await t.call('POST', '/moor/queryCallLog', {
      token: tokens.zhaoqiang,
      query: { userId: String(ids.sunli) },
      body: {},
    });
    ok(res);
    expect(res.data.totalRow).toBe(3);
    expect(await call('sunli', '/moor/queryCallLog', { userId: ids.zhaoqiang })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(await call('zhoujie', '/moor/queryCallLog', { userId: ids.sunli })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    expect(await call('huangmin', '/moor/queryCallLog', {})).toMatchObject({ code: 403, msg: '无权访问' });
  });
});

describe('settings and the provider', () => {
  it('are for administrators, and the secret is never answered', async () => {
    expect(await call('sunli', '/moor/settings')).toMatchObject({ code: 403, msg: '无权访问' });
    expect(await call('admin', '/moor/saveSettings', { provider: 'moor' })).toMatchObject({
      code: 400,
      msg: '使用容联七陌需要填写账户编号、接口密钥和接口地址',
    });
    expect(await call('admin', '/moor/saveSettings', { moorBaseUrl: 'ftp://x' })).toMatchObject({
      code: 400,
      msg: '接口地址必须以 http:// 或 https:// 开头',
    });
    const saved = await call('admin', '/moor/saveSettings', {
      moorAccountId: 'T00000001',
      moorSecret: 'top-secret-value',
      moorBaseUrl: 'http://127.0.0.1:9',
    });
    ok(saved);
    expect(saved.data).toMatchObject({ provider: 'simulated', moorAccountId: 'T00000001', moorSecretSet: true });
    const read = await call('admin', '/moor/settings');
    expect(JSON.stringify(read)).not.toContain('top-secret-value');
  });

  it('refuses a callback that did not come through 七陌', async () => {
    expect(await t.post('/moor/callback', { ActionID: 'abc.def', State: 'dealing' })).toMatchObject({
      code: 400,
      msg: '回调签名无效',
    });
  });

  it('dials through 七陌 with signed requests and ends the call from its callback', async () => {
    const seen: { url: string; headers: IncomingMessage['headers']; body: any }[] = [];
    const wav = generatedWav(2);
    const fake: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        if (req.url?.startsWith('/rec/')) {
          res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
          return;
        }
        seen.push({ url: req.url!, headers: req.headers, body: JSON.parse(body || '{}') });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ Succeed: true, CallSheetID: 'sheet-1' }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    try {
      ok(await call('admin', '/moor/saveSettings', { provider: 'moor', moorBaseUrl: base }));
      expect((await call('zhenghao', '/moor/callVerify')).data).toMatchObject({ canCall: true, provider: 'moor' });
      const res = await call('zhenghao', '/moor/call', { kind: 'customer', id: cid['孙晓雅'] });
      ok(res);
      expect(seen).toHaveLength(1);
      const [req] = seen;
      const auth = Buffer.from(String(req!.headers.authorization), 'base64').toString();
      const [account, ts] = auth.split(':');
      expect(account).toBe('T00000001');
      expect(ts).toMatch(/^\d{14}$/);
      const { sig } = moorSignature({ accountId: 'T00000001', secret: 'top-secret-value', baseUrl: base }, ts!);
      expect(req!.url).toBe(`/v20180418/call/dialout/T00000001?sig=${sig}`);
      const [mobile] = await queryRows<{ mobile: string }>(
        t.database.db,
        sql`select mobile from crm_customer where customer_id = ${cid['孙晓雅']}`,
      );
      expect(req!.body).toMatchObject({ FromExten: '8002', Exten: mobile!.mobile, ExtenType: 'Local' });
      expect(req!.body.ActionID).toMatch(new RegExp(`^${res.data.callId}\\.[0-9a-f]{24}$`));

      // The browser knows the call id, not the tag: a forged callback is refused.
      expect(
        await t.post('/moor/callback', { ActionID: `${res.data.callId}.000000000000000000000000`, State: 'dealing' }),
      ).toMatchObject({
        code: 400,
        msg: '回调签名无效',
      });
      const cb = await t.call('GET', '/moor/callback', {
        query: {
          ActionID: req!.body.ActionID,
          CallSheetID: 'sheet-1',
          State: 'dealing',
          Begin: '2026-11-26 10:00:00',
          End: '2026-11-26 10:01:05',
          FileServer: base,
          RecordFile: 'rec/1.wav',
          CallNo: '8002',
        },
      });
      ok(cb);
      const ended = await waitEnded('zhenghao', res.data.callId);
      expect(ended).toMatchObject({ answered: true, duration: 65 });
      const [f] = await queryRows<{ content: string }>(
        t.database.db,
        sql`select content from crm_follow_record where follow_id = ${ended.followId}`,
      );
      expect(f!.content).toBe('呼出手机，通话 1分05秒（附录音）');
      const audio = await t.app.inject({
        method: 'GET',
        url: `/moor/queryAudio?callId=${res.data.callId}`,
        headers: { 'admin-token': tokens.zhenghao },
      });
      expect(audio.rawPayload.equals(wav)).toBe(true);
      // A repeated callback changes nothing.
      ok(await t.call('GET', '/moor/callback', { query: { ActionID: req!.body.ActionID, State: 'notDeal' } }));
      expect((await call('zhenghao', '/moor/callState', { callId: res.data.callId })).data).toMatchObject({
        answered: true,
        duration: 65,
      });
    } finally {
      ok(await call('admin', '/moor/saveSettings', { provider: 'simulated' }));
      await new Promise<void>((r) => fake.close(() => r()));
    }
  });

  it('answers the switched-off message when the company turns the call centre off', async () => {
    ok(await call('admin', '/system/application/switch', { key: 'callCentre', enabled: false }));
    try {
      expect(await call('sunli', '/moor/callVerify')).toMatchObject({ code: 403, msg: '该应用已停用，请联系管理员' });
      expect(await t.post('/moor/callback', { ActionID: 'x.y' })).toMatchObject({
        code: 403,
        msg: '该应用已停用，请联系管理员',
      });
    } finally {
      ok(await call('admin', '/system/application/switch', { key: 'callCentre', enabled: true }));
    }
    ok(await call('sunli', '/moor/callVerify'));
  });
});
