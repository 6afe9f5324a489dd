import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerAgrees } from '../../clinic/money/test-support.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';

/** The desk's cash methods as a setting (/manager/system-project, issue 25): named, switched off, refused at charge. */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
let cid: Record<string, number>;
let project: Record<string, number>;
const nextBatch = batchIds('pay-methods-test');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'chenjing']);
  cid = await customerIds(t);
  project = await projectIds(t);
});
afterAll(() => t?.close());

const methods = (off: string[], names: Record<string, string> = {}) =>
  ['cash', 'wechat', 'alipay', 'card'].map((m) => ({ method: m, name: names[m] ?? m, enabled: !off.includes(m) }));

async function openOrder(): Promise<number> {
  const res = await call('sunli', '/CrmCustomerProjectDealRecord/save', {
    customerId: cid.陈雨桐,
    lines: [{ projectId: project.光子嫩肤, salespeople: [{ userId: uid.sunli, rate: 100 }] }],
    batchId: nextBatch(),
  });
  expect(res.code).toBe(0);
  return res.data.orderId;
}

describe('cash methods setting', () => {
  it('answers the four cash methods by their own names until changed', async () => {
    const res = await call('chenjing', '/system/application/payMethods', {});
    expect(res.data).toEqual([
      { method: 'cash', name: '现金', enabled: true },
      { method: 'wechat', name: '微信', enabled: true },
      { method: 'alipay', name: '支付宝', enabled: true },
      { method: 'card', name: '银行卡', enabled: true },
    ]);
  });

  it('refuses a switched-off method at charge with its name, and charges again once it is back', async () => {
    const saved = await call('admin', '/system/application/savePayMethods', {
      methods: methods(['wechat'], { cash: '现金', wechat: '微信支付', alipay: '支付宝', card: '刷卡' }),
    });
    expect(saved.code).toBe(0);
    expect(saved.data[1]).toEqual({ method: 'wechat', name: '微信支付', enabled: false });
    expect((await call('chenjing', '/system/application/payMethods', {})).data[3].name).toBe('刷卡');

    const orderId = await openOrder();
    expect(
      await call('chenjing', '/clinic/cashier/charge', { orderId, payments: [{ method: 'wechat', amount: '880' }] }),
    ).toMatchObject({ code: 400, msg: '支付方式“微信支付”已停用' });
    await call('admin', '/system/application/savePayMethods', { methods: methods([], { wechat: '微信支付' }) });
    expect(
      (await call('chenjing', '/clinic/cashier/charge', { orderId, payments: [{ method: 'wechat', amount: '880' }] }))
        .code,
    ).toBe(0);
    await expectLedgerAgrees(t);
  });

  it('refuses a switched-off method at a top-up and an arrears repayment too, storing nothing', async () => {
    await call('admin', '/system/application/savePayMethods', { methods: methods(['alipay'], { alipay: '支付宝' }) });
    const topUp = await call('chenjing', '/clinic/cashier/topUp', {
      customerId: cid.王思琪,
      payments: [{ method: 'alipay', amount: '500' }],
      batchId: nextBatch(),
    });
    expect(topUp).toMatchObject({ code: 400, msg: '支付方式“支付宝”已停用' });
    const account = await call('chenjing', '/clinic/account/info', { customerId: cid.王思琪 });
    expect(account.data?.principal ?? 0).toBe(0);
    // 陈雨桐 owes nothing here, so the repayment's own refusal would come first: leave 100 owing.
    const orderId = await openOrder();
    expect(
      (await call('chenjing', '/clinic/cashier/charge', { orderId, payments: [{ method: 'cash', amount: '780' }] }))
        .code,
    ).toBe(0);
    const repay = await call('chenjing', '/clinic/cashier/repay', {
      customerId: cid.陈雨桐,
      payments: [{ method: 'alipay', amount: '100' }],
      batchId: nextBatch(),
    });
    expect(repay).toMatchObject({ code: 400, msg: '支付方式“支付宝”已停用' });
    await call('admin', '/system/application/savePayMethods', { methods: methods([]) });
    await expectLedgerAgrees(t);
  });

  it('keeps at least one method, checks names, and is for administrators only', async () => {
    expect(
      await call('admin', '/system/application/savePayMethods', {
        methods: methods(['cash', 'wechat', 'alipay', 'card']),
      }),
    ).toMatchObject({
      code: 400,
      msg: '至少保留一种支付方式',
    });
    expect(
      await call('admin', '/system/application/savePayMethods', { methods: methods([], { cash: '' }) }),
    ).toMatchObject({ code: 400, msg: '支付方式名称为1到10个字' });
    expect(await call('chenjing', '/system/application/savePayMethods', { methods: methods([]) })).toMatchObject({
      code: 403,
    });
  });
});
