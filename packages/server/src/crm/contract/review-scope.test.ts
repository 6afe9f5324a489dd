import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds, people } from '../../test/people.ts';

/**
 * `CrmExamineRecord/queryReview` answers only those who may read the contract or receivable:
 * its data scope, its team, its reviewers. sunli and zhoujie are 销售 of one team (scope self);
 * zhenghao is a 销售 of another team, asked to review sunli's contract.
 */
let t: TestApp;
const { ids: uid, call: post, signIn } = people(() => t);
let contractId: number;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'zhoujie', 'zhenghao']);
  const cid = await customerIds(t);
  const saved = await post('sunli', '/CrmContract/saveAndUpdate', {
    entity: {
      num: 'HT-SCOPE',
      name: '审核范围',
      customerId: cid.陈雨桐,
      money: '100',
      startTime: '2026-11-01',
      endTime: '2027-10-31',
      batchId: 'review-scope-1',
    },
    field: [],
    checkUserId: uid.zhenghao,
  });
  expect(saved.code).toBe(0);
  contractId = saved.data.id;
});
afterAll(() => t.close());

const review = (who: string, id: number, categoryType: 1 | 2 = 1) =>
  post(who, '/CrmExamineRecord/queryReview', { id, categoryType });

describe('CrmExamineRecord/queryReview outside the record’s readers', () => {
  it('answers the owner and the reviewer (who reads it as its reviewer only)', async () => {
    expect((await review('sunli', contractId)).data).toMatchObject({ status: 0, canWithdraw: true });
    expect((await post('zhenghao', '/CrmContract/queryById', { id: contractId })).code).toBe(0);
    expect((await review('zhenghao', contractId)).data).toMatchObject({ status: 0, canAudit: true });
  });

  it('refuses a user who may not read the contract, as its detail does', async () => {
    expect(await post('zhoujie', '/CrmContract/queryById', { id: contractId })).toMatchObject({
      code: 403,
      msg: '无权访问',
    });
    const res = await review('zhoujie', contractId);
    expect(res).toMatchObject({ code: 403, msg: '无权访问' });
    expect(res.data).toBeFalsy();
  });

  it('refuses an action on a review to whoever may not read its record, before saying whether one exists', async () => {
    const act = (who: string, id: number) =>
      post(who, '/CrmExamineRecord/auditExamine', { id, categoryType: 1, status: 1, remarks: '' });
    expect(await act('zhoujie', contractId)).toMatchObject({ code: 403, msg: '无权访问' });
    expect(await act('sunli', 999999)).toMatchObject({ code: 404, msg: '合同不存在' });
  });

  it('answers a missing contract or receivable as missing', async () => {
    expect(await review('sunli', 999999)).toMatchObject({ code: 404, msg: '合同不存在' });
    expect(await review('sunli', 999999, 2)).toMatchObject({ code: 404, msg: '回款不存在' });
  });
});

describe('OaExamine/queryExamineFlowInfo of a record outside the record’s readers', () => {
  const flow = (who: string, id: number, categoryType: 1 | 2 = 1) =>
    post(who, '/OaExamine/queryExamineFlowInfo', { id, categoryType });

  it('does not tell an outsider whether a contract has a review: the detail call’s answer', async () => {
    // A draft: no review at all. Its owner learns that; an outsider learns only what queryById says.
    const draft = await post('sunli', '/CrmContract/saveAndUpdate', {
      entity: {
        num: 'HT-SCOPE-DRAFT',
        name: '审核范围草稿',
        customerId: (await customerIds(t)).陈雨桐,
        money: '100',
        checkStatus: 5,
        batchId: 'review-scope-2',
      },
      field: [],
    });
    expect(draft.code).toBe(0);
    expect(await flow('sunli', draft.data.id)).toMatchObject({ code: 404, msg: '该记录没有审核流程' });
    expect(await flow('zhoujie', draft.data.id)).toMatchObject({ code: 403, msg: '无权访问' });
    expect(await flow('zhoujie', contractId)).toMatchObject({ code: 403, msg: '无权访问' });
    // The reviewer still sees the flow of the contract they review.
    expect(await flow('zhenghao', contractId)).toMatchObject({ code: 0 });
  });

  it('answers a missing contract or receivable as missing', async () => {
    expect(await flow('zhoujie', 999999)).toMatchObject({ code: 404, msg: '合同不存在' });
    expect(await flow('zhoujie', 999999, 2)).toMatchObject({ code: 404, msg: '回款不存在' });
  });
});
