import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ageFromIdCard } from './additional-order.ts';
import { examineFormOf, examineForms } from './definitions.ts';
import { bankLabelSaveSchema, expenseSum } from './expense.ts';
import { workingYearsBetween } from './hr.ts';
import { leaveDays, leaveDaysLeft, leaveSchema } from './leave.ts';
import { dayBefore } from './rules.ts';
import { examineFormSubmitSchema } from './submit.ts';

/** The first message a schema answers for a value, or null when it passes. */
const firstMessage = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]!.message;
};

const TODAY = '2026-05-10';
const leave = {
  leaveType: 1,
  startTime: '2026-05-11',
  endTime: '2026-05-13',
  duration: 3,
  handoverUser: 7,
  remark: '',
};

describe('leave duration', () => {
  it.each([
    ['2026-05-11', '2026-05-11', 1],
    ['2026-05-11', '2026-05-13', 3],
    ['2026-02-27', '2026-03-02', 4],
    ['2026-12-31', '2027-01-01', 2],
  ])('%s → %s is %s days', (a, b, n) => {
    expect(leaveDays(a, b)).toBe(n);
  });
});

describe('leave days left', () => {
  it.each([
    [0, 5, 5],
    [3, 5, 2],
    [4.5, 5, 0.5],
    [6, 5, 0],
    [2, null, null],
  ])('used %s of %s → %s left', (used, allowance, left) => {
    expect(leaveDaysLeft({ leaveType: 1, name: '年假', used, allowance })).toBe(left);
  });
});

describe('leave block', () => {
  const schema = leaveSchema(TODAY);
  it('accepts a leave from yesterday on', () => {
    expect(firstMessage(schema, leave)).toBeNull();
    expect(firstMessage(schema, { ...leave, startTime: dayBefore(TODAY), endTime: TODAY, duration: 2 })).toBeNull();
  });
  it.each([
    [{ leaveType: '' }, '请选择请假类型'],
    [{ leaveType: 99 }, '请选择请假类型'],
    [{ startTime: '' }, '请选择开始时间'],
    [{ endTime: '' }, '请选择结束时间'],
    [{ duration: '' }, '请假时长不能为空'],
    [{ duration: 'abc' }, '请输入正确的数字值'],
    [{ duration: 0 }, '至少大于0'],
    [{ handoverUser: '' }, '请选择工作交接人'],
    [{ remark: 'x'.repeat(201) }, '备注不能超过200个字符'],
    [{ startTime: '2026-05-08', endTime: '2026-05-08', duration: 1 }, '开始日期不能早于昨天'],
    [{ endTime: '2026-05-10', duration: 1 }, '结束日期不能早于开始日期'],
    [{ duration: 2 }, '请假时长应为起止日期间的天数（含首尾）'],
  ])('%j → %s', (change, msg) => {
    expect(firstMessage(schema, { ...leave, ...change })).toBe(msg);
  });
  it.each([
    ['', '请输入审批内容'],
    ['休假', '内容不得少于3字'],
  ])('content %j → %s', (content, msg) => {
    expect(firstMessage(examineFormOf('leave')!.content!, content)).toBe(msg);
  });
});

const travel = {
  vehicle: '高铁',
  endAddress: '上海',
  startTime: '2026-05-11',
  endTime: '2026-05-12',
  money: '1234.5',
  description: '往返车票',
};
const reserve = { money: 500, cause: '活动备用', useDate: '2026-05-11', returnDate: '2026-05-20' };
const payment = {
  money: '-20',
  payTime: '2026-05-11',
  cause: '退款',
  payee: '成都医美',
  bankAccount: '6228480000000000',
  bankDeposit: '农业银行',
};
const administrative = { money: '88.80', detail: '打印纸', recordDate: '2026-05-11' };

describe('expense lines', () => {
  const lines = (type: string) => examineFormOf(type)!.model();
  it('accepts non-negative decimals and negative numbers', () => {
    expect(firstMessage(lines('travel'), [travel])).toBeNull();
    expect(firstMessage(lines('reserveFund'), [reserve])).toBeNull();
    expect(firstMessage(lines('payment'), [payment])).toBeNull();
    expect(firstMessage(lines('administrative'), [administrative, { ...administrative, money: '0' }])).toBeNull();
  });
  it.each([
    ['travel', [], '请添加至少一条明细'],
    ['travel', [{ ...travel, money: '' }], '请输入金额'],
    ['travel', [{ ...travel, money: 'abc' }], '请输入数字值'],
    ['travel', [{ ...travel, money: '1.234' }], '请输入数字值'],
    ['travel', [{ ...travel, vehicle: '' }], '请输入交通工具'],
    ['travel', [{ ...travel, endAddress: ' ' }], '请输入目的地'],
    ['travel', [{ ...travel, startTime: '' }], '请选择开始时间'],
    ['travel', [{ ...travel, endTime: '' }], '请选择结束时间'],
    ['travel', [{ ...travel, description: '' }], '请输入费用明细'],
    ['reserveFund', [{ ...reserve, cause: '' }], '请输入事由'],
    ['reserveFund', [{ ...reserve, useDate: '' }], '请选择使用日期'],
    ['reserveFund', [{ ...reserve, returnDate: '' }], '请选择归还日期'],
    ['payment', [{ ...payment, payTime: '' }], '请选择日期'],
    ['payment', [{ ...payment, payee: '' }], '请输入收款单位'],
    ['payment', [{ ...payment, bankAccount: '' }], '请输入银行账户'],
    ['payment', [{ ...payment, bankDeposit: '' }], '请输入开户行'],
    ['administrative', [{ ...administrative, detail: '' }], '请输入费用明细'],
    ['administrative', [{ ...administrative, recordDate: '' }], '请选择日期'],
  ])('%s %j → %s', (type, value, msg) => {
    expect(firstMessage(lines(type), value)).toBe(msg);
  });
  it('sums the lines to the fen', () => {
    expect(expenseSum([{ money: '0.1' }, { money: 0.2 }, { money: '-1' }, { money: '' }])).toBe(-0.7);
  });
});

describe('payee labels', () => {
  const label = { payee: '成都医美', bankCard: '6228480000', bankOfDeposit: '农业银行' };
  it.each([
    [{ payee: '' }, '请输入收款单位'],
    [{ payee: '甲' }, '请输入收款单位'],
    [{ bankCard: '6' }, '请输入银行账户'],
    [{ bankOfDeposit: '农' }, '请输入开户行'],
  ])('%j → %s', (change, msg) => {
    expect(firstMessage(bankLabelSaveSchema, { ...label, ...change })).toBe(msg);
  });
});

describe('one-block types', () => {
  const model = (type: string) => examineFormOf(type)!.model();
  const card = { cardReplacementTime: '2026-05-09 09:00', cardReplacementMode: 'on', detail: '忘记打卡' };
  const predict = { predictTime: '2026-06', predictTurnover: '120000' };
  const quit = {
    deptName: '销售部',
    post: '顾问',
    entryTime: '2024-03-01',
    quitTime: '2026-06-30',
    quitCause: '个人原因',
    handoverUser: 3,
  };
  const problem = {
    customerId: 3,
    customerName: '林婉清',
    phone: '13912340001',
    projectName: '水光针',
    projectTime: '2026-05-01',
    trackingSituation: '术后红肿，已回访',
  };
  const positive = {
    post: '顾问',
    entryTime: '2026-02-01',
    understand: '服务客户',
    summary: '完成指标',
    proposal: '无',
  };
  it('accepts complete blocks', () => {
    expect(firstMessage(model('cardReplacement'), card)).toBeNull();
    expect(firstMessage(model('predict'), predict)).toBeNull();
    expect(firstMessage(model('quit'), quit)).toBeNull();
    expect(firstMessage(model('positive'), positive)).toBeNull();
    expect(firstMessage(model('general'), { detail: '说明' })).toBeNull();
    expect(firstMessage(model('problemCustomer'), problem)).toBeNull();
  });
  it.each([
    ['cardReplacement', { ...card, cardReplacementTime: '' }, '请选择补卡时间'],
    ['cardReplacement', { ...card, cardReplacementMode: '' }, '请选择补卡模式'],
    ['cardReplacement', { ...card, detail: '' }, '请输入补卡理由'],
    ['predict', { ...predict, predictTurnover: '' }, '请输入预估金额'],
    ['predict', { ...predict, predictTurnover: '十万' }, '必须是数字'],
    ['predict', { ...predict, predictTime: '' }, '请选择审批月份'],
    ['quit', { ...quit, quitTime: '' }, '请输入离职时间'],
    ['quit', { ...quit, quitCause: '' }, '请输入离职原因'],
    ['quit', { ...quit, handoverUser: '' }, '请选择交接人'],
    ['positive', { ...positive, post: '' }, '请输入岗位'],
    ['positive', { ...positive, entryTime: '' }, '请选择入职日期'],
    ['positive', { ...positive, understand: '' }, '请填写对岗位的理解'],
    ['positive', { ...positive, summary: '' }, '请填写试用期内对工作的总结'],
    ['positive', { ...positive, summary: 'x'.repeat(201) }, '工作总结不能超过200个字符'],
    ['positive', { ...positive, proposal: '' }, '请填写对公司的意见和建议'],
    ['positive', { ...positive, proposal: 'x'.repeat(201) }, '意见和建议不能超过200个字符'],
    ['general', { detail: '' }, '请输入审批详情'],
    ['problemCustomer', { ...problem, customerId: '' }, '请输入姓名'],
    ['problemCustomer', { ...problem, phone: '' }, '请输入手机号'],
    ['problemCustomer', { ...problem, projectName: '' }, '请输入所做项目'],
    ['problemCustomer', { ...problem, projectTime: '' }, '请输入进行时间'],
    ['problemCustomer', { ...problem, trackingSituation: ' ' }, '请输入跟踪情况'],
  ])('%s %j → %s', (type, value, msg) => {
    expect(firstMessage(model(type), value)).toBe(msg);
  });
  it.each([
    ['predict', '请输入审核内容'],
    ['quit', '请输入审批内容'],
    ['travel', '请输入审批内容'],
    ['general', '请输入审批内容'],
    ['problemCustomer', '审批内容不能为空'],
  ])('%s content required → %s', (type, msg) => {
    expect(firstMessage(examineFormOf(type)!.content!, '')).toBe(msg);
  });
});

describe('position transfer (调岗)', () => {
  const model = examineFormOf('postAdjust')!.model();
  const adjust = {
    userId: 5,
    idCard: '51010719900101123X',
    jobNumber: 'HR-0005',
    entryTime: '2023-06-15',
    workingYears: 99,
    cause: '业务调整',
    oldDeptId: 2,
    oldPost: '顾问',
    newDeptId: 3,
    newPost: '主管',
    leader: 7,
    adjustTime: '2026-06-14',
  };
  it('accepts a complete block and computes the working years from the dates', () => {
    const r = model.safeParse(adjust);
    expect(r.success).toBe(true);
    expect((r.data as { workingYears: number }).workingYears).toBe(2);
    expect(workingYearsBetween('2023-06-15', '2026-06-15')).toBe(3);
    expect(workingYearsBetween('2026-01-01', '2026-03-01')).toBe(0);
  });
  it.each([
    [{ userId: '' }, '姓名不能为空'],
    [{ idCard: '' }, '身份证号码不能为空'],
    [{ idCard: '5101' }, '身份证号码格式有误'],
    [{ jobNumber: ' ' }, '工号不能为空'],
    [{ oldDeptId: '' }, '所属部门不能为空'],
    [{ oldPost: '' }, '岗位名称不能为空'],
    [{ cause: '' }, '调岗原因不能为空'],
    [{ newDeptId: undefined }, '调岗后部门不能为空'],
    [{ newPost: '' }, '调岗后职位不能为空'],
    [{ leader: '' }, '调岗后领导不能为空'],
    [{ entryTime: '' }, '请选择入职日期'],
    [{ adjustTime: '' }, '请选择调整日期'],
    [{ adjustTime: '2023-06-14' }, '调整日期不能早于入职日期'],
    [{ leader: 5 }, '调岗后领导不能是本人'],
  ])('%j → %s', (change, msg) => {
    expect(firstMessage(model, { ...adjust, ...change })).toBe(msg);
  });
});

describe('planning requirement (计划需求)', () => {
  const model = examineFormOf('planningDemand')!.model();
  const demand = { deptName: '行政部', codeNo: '1020001', count: '20', use: '前台日常', content: '打印纸二十包' };
  it('accepts a complete block, the count as a number', () => {
    const r = model.safeParse(demand);
    expect(r.success && (r.data as { count: number }).count).toBe(20);
  });
  it.each([
    [{ deptName: '' }, '请输入申请部门'],
    [{ codeNo: '' }, '请选择名称'],
    [{ count: '' }, '数量不能为空'],
    [{ count: undefined }, '数量不能为空'],
    [{ count: '2.5' }, '数量须为1到999999之间的整数'],
    [{ count: 0 }, '数量须为1到999999之间的整数'],
    [{ count: '很多' }, '数量须为1到999999之间的整数'],
    [{ use: '' }, '请输入用途'],
    [{ content: ' ' }, '请输入用途'],
  ])('%j → %s', (change, msg) => {
    expect(firstMessage(model, { ...demand, ...change })).toBe(msg);
  });
});

describe('submit calls', () => {
  it('each type has its own paths and block name', () => {
    const paths = examineForms.flatMap((d) => [d.submitPath, d.detailPath]);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(examineForms.map((d) => d.modelKey)).size).toBe(examineForms.length);
  });
  it('checks the content before the block', () => {
    const schema = examineFormSubmitSchema(examineFormOf('travel')!);
    expect(firstMessage(schema, { oaExamine: { content: '' }, oaExamineTravels: [] })).toBe('请输入审批内容');
    expect(firstMessage(schema, { oaExamine: { content: '出差' }, oaExamineTravels: [] })).toBe('请添加至少一条明细');
  });
});

describe('additional order (追加单)', () => {
  const def = examineFormOf('additionalOrder')!;
  const guest = {
    formType: 1,
    customerId: 5,
    customerName: '林婉清',
    phone: '13912340001',
    age: '32',
    gender: 2,
    relation: '成都春熙店',
    projectContent: '水光针复诊',
    subTime: '2026-06-01',
    deptId: '3,5',
  };
  it('accepts a customer guest and a shop guest; departments arrive comma-joined', () => {
    const r = def.model().safeParse([guest, { ...guest, formType: 2, phone: '18712340002', age: '' }]);
    expect(r.success).toBe(true);
    expect((r.data as { deptId: number[] }[])[0]!.deptId).toEqual([3, 5]);
  });
  it.each([
    [{ customerId: '' }, '客户姓名不能为空'],
    [{ customerName: '' }, '客户姓名不能为空'],
    [{ relation: '' }, '请输入店家三级'],
    [{ projectContent: ' ' }, '请填写项目/客情'],
    [{ deptId: '' }, '请选择科室'],
    [{ deptId: [] }, '请选择科室'],
    [{ phone: '' }, '请输入电话号码'],
    [{ phone: '1391234000' }, '请输入正确的11位手机号码'],
    [{ phone: '139123400012' }, '请输入正确的11位手机号码'],
    [{ phone: '12912340001' }, '请输入正确的11位手机号码'],
    [{ phone: '16912340001' }, '请输入正确的11位手机号码'],
    [{ age: '123' }, '年龄最多2位数字'],
    [{ formType: 3 }, '客人类型有误'],
    [{ gender: 5 }, '性别有误'],
  ])('%j → %s', (change, msg) => {
    expect(firstMessage(def.model(), [{ ...guest, ...change }])).toBe(msg);
  });
  it.each(['13', '14', '15', '17', '18'])('a mobile starting %s is accepted', (head) => {
    expect(firstMessage(def.model(), [{ ...guest, phone: `${head}912340001` }])).toBeNull();
  });
  it('needs one guest at least, and its content (审批内容不能为空)', () => {
    expect(firstMessage(def.model(), [])).toBe('请添加至少一位客人');
    expect(firstMessage(def.content!, '')).toBe('审批内容不能为空');
  });
  it('takes the task in oaExamine, from the task types', () => {
    const schema = examineFormSubmitSchema(def);
    const body = { oaExamine: { content: '加单', taskId: '2' }, oaExamineAdditionalOrderList: [guest] };
    expect(firstMessage(schema, body)).toBeNull();
    expect((schema.parse(body) as { oaExamine: { taskId: number } }).oaExamine.taskId).toBe(2);
    expect(firstMessage(schema, { ...body, oaExamine: { content: '加单', taskId: 'x' } })).toBe('任务类型不存在');
  });
  it.each([
    ['110101199003074514', '2026-03-06', '35'],
    ['110101199003074514', '2026-03-07', '36'],
    ['11010120200101002X', '2026-05-10', '6'],
    ['110101190001010011', '2026-05-10', ''],
    ['', '2026-05-10', ''],
  ])('age from ID card %s on %s is %j', (idCard, today, age) => {
    expect(ageFromIdCard(idCard, today)).toBe(age);
  });
});
