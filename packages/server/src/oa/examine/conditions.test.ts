import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/** Conditional steps through the API: configured on a category, evaluated at submit and resubmit, previewed live. */
let t: TestApp;
const { ids, call, signIn } = people(() => t);
let depts: Record<string, number>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['yangfan', 'sunli', 'zhaoqiang', 'chenjing', 'liuyang', 'huangmin', 'wufang']);
  const tree = await call('yangfan', '/system/dept/queryDeptTree', { type: 'list' });
  depts = Object.fromEntries(tree.data.map((d: { name: string; id: number }) => [d.name, d.id]));
});
afterAll(() => t.close());

const steps = () => [
  { stepType: 1, userIds: [] },
  // the finance director only above 5,000
  { stepType: 2, userIds: [ids.chenjing], condition: { fact: 'field_1', op: 'gt', value: '5000' } },
  // the sales director only for the sales department (and the departments under it)
  { stepType: 2, userIds: [ids.liuyang], condition: { fact: 'applicantDept', op: 'in', value: [depts['销售部']] } },
  // purchasing only for equipment
  { stepType: 2, userIds: [ids.huangmin], condition: { fact: 'field_2', op: 'in', value: ['设备', '车辆'] } },
];
const purchase = (money: string, kind: string, extra: Record<string, unknown> = {}) => ({
  oaExamine: { categoryId, batchId: `c-${Math.random()}`, ...extra },
  field: [
    { fieldName: 'field_1', value: money },
    { fieldName: 'field_2', value: kind },
  ],
});
const waitingFor = async (who: string) =>
  (await call(who, '/OaExamine/myOaExamine', { type: 1 })).data.list.map((r: { examineId: number }) => r.examineId);

describe('configuring a condition', () => {
  it('saves conditions with the steps and reads them back', async () => {
    const created = await call('yangfan', '/OaExamineCategory/setExamineCategory', {
      title: '条件采购',
      examineType: 1,
      steps: raw(steps()),
    });
    expect(created.code).toBe(0);
    categoryId = created.data.categoryId;
    const fields = await call('yangfan', '/field/examineFieldSave', {
      categoryId,
      fields: [
        { name: '金额', formType: 'floatnumber', isNull: 1 },
        { name: '类别', formType: 'select', options: ['设备', '办公', '车辆'] },
      ],
    });
    expect(fields.code).toBe(0);
    const read = await call('yangfan', '/OaExamineCategory/queryCategoryById', { categoryId });
    expect(read.data.steps.map((s: { condition?: unknown }) => s.condition ?? null)).toEqual([
      null,
      { fact: 'field_1', op: 'gt', value: 5000 },
      { fact: 'applicantDept', op: 'in', value: [depts['销售部']] },
      { fact: 'field_2', op: 'in', value: ['设备', '车辆'] },
    ]);
  });

  it.each([
    [{ fact: '', op: 'gt', value: 1 }, '请选择条件字段'],
    [{ fact: 'field_1', op: 'about', value: 1 }, '条件运算符有误'],
    [{ fact: 'field_1', op: 'gt', value: '' }, '请填写条件的值'],
    [{ fact: 'field_1', op: 'gt', value: '五千' }, '条件的值须为数字'],
    [{ fact: 'applicantDept', op: 'in', value: [] }, '请选择部门'],
    [{ fact: 'applicantDept', op: 'gt', value: 3 }, '条件运算符有误'],
    [{ fact: 'applicantDept', op: 'in', value: [999999] }, '所选部门不存在'],
  ])('refuses %j: %s', async (condition, msg) => {
    const res = await call('yangfan', '/OaExamineCategory/setExamineCategory', {
      title: '条件有误',
      examineType: 1,
      steps: raw([{ stepType: 1, userIds: [], condition }]),
    });
    expect(res.msg).toBe(msg);
  });

  it('is refused to a user without approval management', async () => {
    const res = await call('sunli', '/OaExamineCategory/setExamineCategory', {
      title: '越权',
      examineType: 1,
      steps: raw(steps()),
    });
    expect(res.code).not.toBe(0);
  });
});

describe('submitting with conditions', () => {
  it('a small office purchase by sales: supervisor, then the sales director only', async () => {
    const sent = await call('sunli', '/OaExamine/setOaExamine', purchase('800', '办公'));
    expect(sent.code).toBe(0);
    const { examineId, recordId } = sent.data;
    await call('zhaoqiang', '/OaExamine/auditExamine', { recordId, status: 1 });
    expect(await waitingFor('chenjing')).not.toContain(examineId);
    expect(await waitingFor('liuyang')).toContain(examineId);
    expect((await call('liuyang', '/OaExamine/auditExamine', { recordId, status: 1 })).data.status).toBe(1);
    // each skipped step is in the history with its reason
    const info = await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId });
    const skipped = info.data.history.filter((h: { reason: string | null }) => h.reason === 'conditionUnmet');
    expect(skipped.map((h: { kind: string; user: unknown }) => [h.kind, h.user])).toEqual([
      ['auto', null],
      ['auto', null],
    ]);
  });

  it('a changed amount on resubmit changes the flow', async () => {
    const sent = await call('sunli', '/OaExamine/setOaExamine', purchase('800', '办公'));
    const { examineId, recordId } = sent.data;
    await call('zhaoqiang', '/OaExamine/auditExamine', { recordId, status: 2, remarks: '金额偏低，请核实' });
    // what the edit view shows: who rejected it, when and why
    const rejected = await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId });
    expect(rejected.data.status).toBe(2);
    const last = rejected.data.history.filter((h: { kind: string }) => h.kind === 'reject').at(-1);
    expect(last).toMatchObject({ round: rejected.data.round, user: { realname: '赵强' }, remarks: '金额偏低，请核实' });
    expect(last.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const resent = await call('sunli', '/OaExamine/setOaExamine', purchase('12000', '设备', { examineId }));
    expect(resent.data).toMatchObject({ examineId, status: 0 });
    await call('zhaoqiang', '/OaExamine/auditExamine', { recordId, status: 1 });
    expect(await waitingFor('chenjing')).toContain(examineId);
    await call('chenjing', '/OaExamine/auditExamine', { recordId, status: 1 });
    await call('liuyang', '/OaExamine/auditExamine', { recordId, status: 1 });
    expect(await waitingFor('huangmin')).toContain(examineId);
    expect((await call('huangmin', '/OaExamine/auditExamine', { recordId, status: 1 })).data.status).toBe(1);
  });

  it('an applicant outside the department set: the department step is not in their flow', async () => {
    // 陈静 works in 财务部, outside 销售部
    const preview = await call('chenjing', '/OaExamine/queryExamineFlowInfo', {
      categoryId,
      field: [{ fieldName: 'field_1', value: '100' }],
    });
    expect(preview.data.examineSteps.map((s: { applies: boolean }) => s.applies)).toEqual([true, false, false, true]);
  });
});

describe('the live preview', () => {
  it('answers which steps apply to the form as filled', async () => {
    const applies = async (money: string, kind: string) =>
      (
        await call('sunli', '/OaExamine/queryExamineFlowInfo', {
          categoryId,
          field: [
            { fieldName: 'field_1', value: money },
            { fieldName: 'field_2', value: kind },
          ],
        })
      ).data.examineSteps.map((s: { applies: boolean }) => s.applies);
    expect(await applies('800', '办公')).toEqual([true, false, true, false]);
    expect(await applies('9000', '车辆')).toEqual([true, true, true, true]);
    // an empty amount cannot drop the finance step
    expect(await applies('', '办公')).toEqual([true, true, true, false]);
    const plain = await call('sunli', '/OaExamine/queryExamineFlowInfo', { categoryId });
    expect(plain.data.examineSteps[1]).toMatchObject({
      condition: { fact: 'field_1', op: 'gt', value: 5000, factLabel: '金额' },
    });
    expect(plain.data.examineSteps[2].condition.valueLabels).toEqual(['销售部']);
    expect(plain.data.examineSteps[1].applies).toBeUndefined();
  });
});
