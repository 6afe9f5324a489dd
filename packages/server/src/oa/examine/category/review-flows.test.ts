import { Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { people } from '../../../test/people.ts';

/**
 * The original client's CRM review-flow settings (issue 20): `examine/queryAllExamine`,
 * `saveExamine` and `updateStatus` over the contract and receivable review categories.
 */
let t: TestApp;
const { ids, call, signIn } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'chenjing']);
});
afterAll(() => t.close());

const flows = async () => (await call('admin', '/examine/queryAllExamine', { page: 1, limit: 15 })).data;

describe('examine/queryAllExamine, saveExamine, updateStatus', () => {
  it('lists both review flows and saves a fixed flow that the contract form then uses', async () => {
    const before = await flows();
    expect(before.totalRow).toBe(2);
    expect(before.list.map((f: { categoryType: number; name: string }) => [f.categoryType, f.name])).toEqual([
      [1, '合同审核'],
      [2, '回款审核'],
    ]);
    const saved = await call('admin', '/examine/saveExamine', {
      examineId: before.list[0].examineId,
      categoryType: 1,
      name: '合同审核（财务）',
      remarks: '先财务再总经理',
      examineType: 1,
      userIds: [],
      deptIds: [],
      step: [
        { stepType: 2, checkUserId: [ids.chenjing] },
        { stepType: 1, checkUserId: [] },
      ],
    });
    expect(saved).toMatchObject({ code: 0, data: { examineId: before.list[0].examineId, status: 1 } });
    const after = await flows();
    expect(after.list[0]).toMatchObject({
      name: '合同审核（财务）',
      examineType: 1,
      status: 1,
      stepList: [
        { stepNum: 1, stepType: 2, userList: [expect.objectContaining({ realname: '陈静' })] },
        { stepNum: 2, stepType: 1, userList: [] },
      ],
      updateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    // The contract form's flow preview reads the same category.
    const step = await call('sunli', '/examine/queryExaminStep', { categoryType: 1 });
    expect(step.data.examineType).toBe(1);
  });

  it('disables and enables a flow, and refuses deleting one', async () => {
    const [contract] = (await flows()).list;
    expect((await call('admin', '/examine/updateStatus', { examineId: contract.examineId, status: 0 })).code).toBe(0);
    expect((await flows()).list[0].status).toBe(0);
    expect((await call('admin', '/examine/updateStatus', { examineId: contract.examineId, status: 1 })).code).toBe(0);
    expect(await call('admin', '/examine/updateStatus', { examineId: contract.examineId })).toMatchObject({
      code: 400,
      msg: '系统审批类型不能删除',
    });
  });

  it('refuses a bad type, a step without people, an unknown flow and people without the permission', async () => {
    expect(await call('admin', '/examine/saveExamine', { categoryType: 3, name: 'x' })).toMatchObject({
      code: 400,
      msg: '审批流程类型有误',
    });
    expect(
      await call('admin', '/examine/saveExamine', {
        categoryType: 2,
        name: '回款审核',
        examineType: 1,
        step: [{ stepType: 2, checkUserId: [] }],
      }),
    ).toMatchObject({ code: 400, msg: '请为或签/会签节点选择审批人' });
    // A general approval category is not a review flow.
    const general = (await call('sunli', '/OaExamineCategory/queryAllExamineCategoryList')).data.find(
      (c: { type: string }) => c.type === 'general',
    );
    expect(await call('admin', '/examine/updateStatus', { examineId: general.categoryId, status: 0 })).toMatchObject({
      code: 404,
      msg: '审批流程不存在',
    });
    for (const url of ['/examine/queryAllExamine', '/examine/saveExamine', '/examine/updateStatus'])
      expect(await call('sunli', url, { examineId: 1, categoryType: 1, name: 'x' })).toMatchObject({
        code: 403,
        msg: Msg.forbidden,
      });
  });
});
