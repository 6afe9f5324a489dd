import type { Input } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { batchIds, customerIds, people, projectIds } from '../../test/people.ts';

/**
 * The clinic's approvals in the approval center (h-capprove): sunli (销售) opens an order below the
 * discount floor and asks a refund, both with wangzong as the chosen approver; wangzong finds them
 * in 待我审批 with the customer and amount, decides there, and sunli sees the outcome in 我发起的.
 * zhenghao takes no part and sees none of them.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
let cid: Record<string, number>;
let project: Record<string, number>;
const nextBatch = batchIds('clinic-list-test');

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'wangzong', 'chenjing', 'zhenghao']);
  cid = await customerIds(t);
  project = await projectIds(t);
});
afterAll(() => t?.close());

const list = (who: string, tab: Input<'/OaExamine/clinicExamines'>['tab']) =>
  call(who, '/OaExamine/clinicExamines', { tab, page: 1, limit: 15 });
const counts = async (who: string) => (await call(who, '/OaExamine/queryExamineCounts', {})).data;
const oaWaiting = (who: string) => call(who, '/OaExamine/myOaExamine', { type: 1, page: 1, limit: 50 });
const audit = (recordId: number, status: 1 | 2, remarks = '') =>
  call('wangzong', '/OaExamine/auditExamine', { recordId, status, remarks });

/** An order of 光子嫩肤 at `price` yuan for 陈雨桐 (below the 680 floor: it waits for wangzong). */
const open = (price: string) =>
  call('sunli', '/CrmCustomerProjectDealRecord/save', {
    customerId: cid.陈雨桐,
    lines: [{ projectId: project.光子嫩肤, dealPrice: price, salespeople: [{ userId: uid.sunli, rate: 100 }] }],
    discountReason: '老顾客回馈',
    checkUserId: uid.wangzong,
    batchId: nextBatch(),
  });

describe('clinic approvals in the approval center', () => {
  it('the approver finds a discount in 待我审批 with its summary, approves it there, and the counts move', async () => {
    const before = await counts('wangzong');
    const benchBefore = (await call('wangzong', '/OaBackLog/num', {})).data.examineNum;
    const mineBefore = await counts('sunli');
    const opened = await open('600');
    expect(opened).toMatchObject({ code: 0, data: { status: 1 } });
    const orderId = opened.data.orderId;

    const waiting = await list('wangzong', 'waiting');
    expect(waiting.code).toBe(0);
    const row = waiting.data.list.find((r: { subjectId: number }) => r.subjectId === orderId);
    expect(row).toMatchObject({
      subjectType: 'clinic_discount',
      categoryTitle: '折扣审批',
      customerName: '陈雨桐',
      amount: 60_000,
      sessions: 0,
      status: 0,
      applicantName: '孙丽',
      currentApprovers: '王建国',
    });
    expect(row.title).toMatch(/\S/);
    expect(await counts('wangzong')).toMatchObject({ waiting: before.waiting + 1 });
    expect(await counts('sunli')).toMatchObject({ initiate: mineBefore.initiate + 1 });
    // The workbench to-do counts it too.
    expect(await call('wangzong', '/OaBackLog/num', {})).toMatchObject({ data: { examineNum: benchBefore + 1 } });
    // The OA list stays OA-only (its rows need a form): the clinic row is not doubled there.
    const oa = await oaWaiting('wangzong');
    expect(oa.data.list.some((r: { recordId: number }) => r.recordId === row.recordId)).toBe(false);

    expect(await audit(row.recordId, 1)).toMatchObject({ code: 0 });
    expect(await counts('wangzong')).toMatchObject({ waiting: before.waiting, handled: before.handled + 1 });
    const gone = await list('wangzong', 'waiting');
    expect(gone.data.list.some((r: { recordId: number }) => r.recordId === row.recordId)).toBe(false);
    const handled = await list('wangzong', 'handled');
    expect(handled.data.list.find((r: { recordId: number }) => r.recordId === row.recordId)).toMatchObject({
      status: 1,
      currentApprovers: '',
    });
    const mine = await list('sunli', 'initiate');
    expect(mine.data.list.find((r: { recordId: number }) => r.recordId === row.recordId)).toMatchObject({
      status: 1,
      customerName: '陈雨桐',
    });
  });

  it('a refund shows its deal, sessions and amount; a rejection needs remarks and reaches the applicant', async () => {
    const opened = await open('1000');
    expect(opened).toMatchObject({ code: 0, data: { status: 2 } });
    const charged = await call('chenjing', '/clinic/cashier/charge', {
      orderId: opened.data.orderId,
      payments: [{ method: 'cash' as const, amount: '1000' }],
    });
    expect(charged).toMatchObject({ code: 0 });
    const asked = await call('sunli', '/CrmCustomerProjectDealRecord/refundSurplusProject', {
      dealId: charged.data.dealIds[0],
      sessions: 2,
      amount: '400',
      reason: '顾客搬家',
      checkUserId: uid.wangzong,
      batchId: nextBatch(),
    });
    expect(asked).toMatchObject({ code: 0 });

    const waiting = await list('wangzong', 'waiting');
    const row = waiting.data.list.find((r: { recordId: number }) => r.recordId === asked.data.recordId);
    expect(row).toMatchObject({
      subjectType: 'clinic_refund',
      subjectId: asked.data.refundId,
      categoryTitle: '退费审核',
      customerName: '陈雨桐',
      title: '光子嫩肤',
      amount: 40_000,
      sessions: 2,
      status: 0,
    });
    // The approver reads this refund's detail (chosen for it) from the row.
    expect(await call('wangzong', '/clinic/refund/detail', { refundId: row.subjectId })).toMatchObject({
      code: 0,
      data: { canAudit: true, amount: 40_000 },
    });

    expect(await audit(row.recordId, 2)).toMatchObject({ code: 400 });
    expect(await audit(row.recordId, 2, '不符合退费条件')).toMatchObject({ code: 0 });
    const mine = await list('sunli', 'initiate');
    expect(mine.data.list.find((r: { recordId: number }) => r.recordId === row.recordId)).toMatchObject({
      status: 2,
    });
  });

  it('someone outside the flow sees none of them, in the list or the detail', async () => {
    for (const tab of ['waiting', 'handled', 'initiate', 'copied'] as const)
      expect(await list('zhenghao', tab)).toMatchObject({ code: 0, data: { list: [], totalRow: 0 } });
    const { data } = await list('sunli', 'initiate');
    const refund = data.list.find((r: { subjectType: string }) => r.subjectType === 'clinic_refund');
    expect(await call('zhenghao', '/clinic/refund/detail', { refundId: refund.subjectId })).toMatchObject({
      code: 403,
    });
  });

  it('refuses an unknown tab with a message', async () => {
    expect(await list('wangzong', raw('everything'))).toMatchObject({ code: 400, msg: '审批列表类型有误' });
  });
});
