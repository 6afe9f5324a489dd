import { localDay, Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/**
 * The original client's approval form (issue 20): `field/queryField {label: 10, id}` answers a
 * category's fields, `setOaExamine` reads the dedicated types' fixed fields and 费用明细 as
 * that form posts them, and `OaExamine/getField` answers a saved approval's fields with values.
 */
let t: TestApp;
const { ids, call, signIn, signInNewUser } = people(() => t);
const cat: Record<string, number> = {};
const day = (offset: number) => localDay(new Date(Date.now() + offset * 86_400_000));

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli', 'chenjing', 'wufang']);
  const list = await call('sunli', '/OaExamineCategory/queryAllExamineCategoryList');
  for (const c of list.data as { categoryId: number; type: string }[]) cat[c.type] = c.categoryId;
});
afterAll(() => t.close());

const fieldsOf = async (who: string, id: number) => call(who, '/field/queryField', { label: 10, id });
const names = (fields: { fieldName: string }[]) => fields.map((f) => f.fieldName);
const submit = (categoryId: number, oaExamine: Record<string, unknown>, lines: unknown[] = []) =>
  call('sunli', '/OaExamine/setOaExamine', {
    oaExamine: { categoryId, batchId: `of-${Math.random().toString(36).slice(2)}`, ...oaExamine },
    oaExamineRelation: {},
    field: [],
    oaExamineTravelList: raw(lines),
    checkUserId: ids.chenjing,
  });

describe('field/queryField {label: 10}', () => {
  it("answers a dedicated type's fixed fields with the original's names and options", async () => {
    const leave = await fieldsOf('sunli', cat.leave!);
    expect(leave).toMatchObject({ code: 0 });
    expect(names(leave.data)).toEqual([
      'type_id',
      'content',
      'start_time',
      'end_time',
      'duration',
      'handover_user',
      'remark',
    ]);
    expect(leave.data[0]).toMatchObject({ fieldType: 1, formType: 'select', isNull: 1 });
    expect(leave.data[0].setting).toContain('事假');
    expect(names((await fieldsOf('sunli', cat.travel!)).data)).toEqual([
      'content',
      'vehicle',
      'cause',
      'money',
      'remark',
    ]);
    const general = (await fieldsOf('sunli', cat.general!)).data;
    expect(general.map((f: { fieldName: string; isNull: number }) => [f.fieldName, f.isNull])).toEqual([
      ['content', 1],
      ['remark', 1],
    ]);
  });

  it("answers an administrator's category: content, remark, then its own fields with setting", async () => {
    const made = await call('admin', '/OaExamineCategory/setExamineCategory', { title: '用车申请' });
    await call('admin', '/field/examineFieldSave', {
      categoryId: made.data.categoryId,
      fields: [{ name: '车型', formType: 'select', options: ['轿车', '商务车'], isNull: 1 }],
    });
    const res = await fieldsOf('sunli', made.data.categoryId);
    expect(res).toMatchObject({ code: 0 });
    expect(res.data.map((f: { fieldType: number; isNull: number }) => [f.fieldType, f.isNull])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(res.data[2]).toMatchObject({ name: '车型', setting: ['轿车', '商务车'] });
    // Saved as the original posts it: the custom field in `field` with its value.
    const saved = await call('sunli', '/OaExamine/setOaExamine', {
      oaExamine: { categoryId: made.data.categoryId, content: '', remark: '' },
      field: [{ ...res.data[2], value: '商务车' }],
      checkUserId: ids.chenjing,
    });
    expect(saved).toMatchObject({ code: 0 });
    const edit = await call('sunli', '/OaExamine/getField', raw({ id: saved.data.examineId, isDetail: 2 }));
    expect(edit.data.map((f: { fieldName: string; value: unknown }) => f.value)).toEqual(['用车申请', '', '商务车']);
  });

  it('refuses a type the form cannot fill, a missing category and people without approvals', async () => {
    expect(await fieldsOf('sunli', cat.cardReplacement!)).toMatchObject({
      code: 400,
      msg: '该审批类型请使用其专用表单提交',
    });
    expect(await fieldsOf('sunli', 999999)).toMatchObject({ code: 404, msg: '审批类型不存在' });
    expect(await call('sunli', '/field/queryField', { label: 10 })).toMatchObject({ code: 404 });
    expect(await call('sunli', '/field/queryField', { label: 10, id: 'x' })).toMatchObject({ code: 400 });
    const token = await signInNewUser('crmonly-of', { roles: ['销售'], dept: '总经办' });
    expect(await t.post('/field/queryField', { label: 10, id: cat.leave }, token)).toMatchObject({
      code: 403,
      msg: Msg.forbidden,
    });
    // Still a CRM reader: the kinds' fields answer as before.
    expect((await t.post('/field/queryField', { label: 2 }, token)).code).toBe(0);
  });
});

describe('setOaExamine with the original form of a dedicated type, and OaExamine/getField', () => {
  it('saves 差旅报销 from its 费用明细 rows and answers them for editing', async () => {
    const row = {
      startAddress: '北京',
      endAddress: '上海',
      startTime: `${day(-3)} 00:00:00`,
      endTime: `${day(-2)} 00:00:00`,
      traffic: '500',
      stay: '300',
      diet: '',
      other: '',
      money: '800',
      description: '',
      batchId: 'of-line-1',
    };
    const sent = await submit(cat.travel!, { content: '上海出差', vehicle: '高铁', money: '800' }, [row]);
    expect(sent).toMatchObject({ code: 0 });
    const detail = await call('chenjing', '/OaExamine/queryTravelInfo', { examineId: sent.data.examineId });
    expect(detail.data.model).toEqual([
      expect.objectContaining({ vehicle: '高铁', endAddress: '上海', money: 800, description: '交通500，住宿300' }),
    ]);
    const edit = await call('sunli', '/OaExamine/getField', { examineId: sent.data.examineId });
    expect(edit).toMatchObject({ code: 0 });
    const value = (name: string) => edit.data.find((f: { fieldName: string }) => f.fieldName === name).value;
    expect([value('content'), value('vehicle'), value('money')]).toEqual(['上海出差', '高铁', 800]);
    expect(value('cause')).toEqual([expect.objectContaining({ endAddress: '上海', startTime: day(-3) })]);
  });

  it('saves a payment, a reserve fund and an administrative expense from their fixed fields', async () => {
    const payment = await submit(cat.payment!, {
      content: '付供应商',
      money: '1200.5',
      pay_time: day(0),
      cause: '采购纸张',
      payee: '某某纸业',
      bank_account: '6222000011112222',
      bank_deposit: '工商银行',
    });
    expect(payment).toMatchObject({ code: 0 });
    const paid = await call('sunli', '/OaExamine/queryPaymentInfo', { examineId: payment.data.examineId });
    expect(paid.data.model).toEqual([expect.objectContaining({ money: 1200.5, payee: '某某纸业', payTime: day(0) })]);
    const fund = await submit(cat.reserveFund!, {
      content: '备用金',
      money: '300',
      cause: '展会零用',
      use_date: day(1),
      return_date: day(5),
    });
    expect(fund).toMatchObject({ code: 0 });
    const edit = await call('sunli', '/OaExamine/getField', { examineId: fund.data.examineId });
    expect(edit).toMatchObject({ code: 0 });
    expect(
      Object.fromEntries(edit.data.map((f: { fieldName: string; value: unknown }) => [f.fieldName, f.value])),
    ).toMatchObject({ content: '备用金', money: 300, use_date: day(1), return_date: day(5) });
    const admin = await submit(cat.administrative!, {
      content: '文具',
      money: '88',
      record_date: day(0),
      detail: '笔',
    });
    expect(admin).toMatchObject({ code: 0 });
  });

  it("answers a leave's fields with the handover person as the picker shows it", async () => {
    const sent = await submit(cat.leave!, {
      type_id: '病假',
      content: '去医院看病',
      start_time: `${day(1)} 09:00:00`,
      end_time: `${day(1)} 18:00:00`,
      duration: '1',
      handover_user: String(ids.chenjing),
      remark: '',
    });
    expect(sent).toMatchObject({ code: 0 });
    const edit = await call('sunli', '/OaExamine/getField', { examineId: sent.data.examineId });
    const value = (name: string) => edit.data.find((f: { fieldName: string }) => f.fieldName === name).value;
    expect([value('type_id'), value('start_time'), value('duration')]).toEqual(['病假', `${day(1)} 00:00:00`, 1]);
    expect(value('handover_user')).toEqual([expect.objectContaining({ userId: ids.chenjing, realname: '陈静' })]);
  });

  it("checks the mapped block with the type's own rules", async () => {
    const noPayee = await submit(cat.payment!, { content: '付款', money: '10', pay_time: day(0), cause: '杂费' });
    expect(noPayee).toMatchObject({ code: 400, msg: '请输入收款单位' });
    const noLines = await submit(cat.travel!, { content: '出差', vehicle: '高铁' });
    expect(noLines).toMatchObject({ code: 400, msg: '请添加至少一条明细' });
    const backwards = await submit(cat.reserveFund!, {
      content: '备用金',
      money: '1',
      cause: '零用',
      use_date: day(5),
      return_date: day(1),
    });
    expect(backwards).toMatchObject({ code: 400, msg: '归还日期不能早于使用日期' });
  });

  it('getField: not found, a wrong id, and someone who may not see the approval', async () => {
    expect(await call('sunli', '/OaExamine/getField', { examineId: 999999 })).toMatchObject({
      code: 404,
      msg: '审批不存在',
    });
    expect(await call('sunli', '/OaExamine/getField', { id: 'true' })).toMatchObject({ code: 400, msg: '审批不存在' });
    const sent = await submit(cat.reserveFund!, {
      content: '备用金',
      money: '5',
      cause: '零用',
      use_date: day(1),
      return_date: day(2),
    });
    expect((await call('wufang', '/OaExamine/getField', { examineId: sent.data.examineId })).code).toBe(403);
  });
});
