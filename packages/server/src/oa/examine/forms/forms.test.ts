import { localDay } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/sql.ts';
import { file, fixtures, postMultipart } from '../../../files/test-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { orgIds, people } from '../../../test/people.ts';

let t: TestApp;
const { tokens, ids, call, signIn, signInNewUser } = people(() => t);

const day = (offset: number) => localDay(new Date(Date.now() + offset * 86_400_000));
const batch = () => `b-${Math.random().toString(36).slice(2)}`;
const upload = async (who: string, batchId: string) =>
  (await postMultipart(t, '/file/upload', { batchId, type: 'img', file: file('proof.png', fixtures.png) }, tokens[who]))
    .data as { fileId: number };

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['yangfan', 'sunli', 'chenjing', 'liuyang', 'wufang', 'huangmin']);
});
afterAll(() => t.close());

/** A submit body: the approval content, the type's block, one approver level (陈静). */
const body = (modelKey: string, model: unknown, content = '家中有事请假', extra: Record<string, unknown> = {}) => ({
  oaExamine: { batchId: batch(), content, ...extra },
  [modelKey]: model,
  checkUserId: String(ids.chenjing),
  ccUserId: '',
});

const approve = async (examineId: number) => {
  const info = await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId });
  const done = await call('chenjing', '/OaExamine/auditExamine', { recordId: info.data.recordId, status: 1 });
  expect(done.code).toBe(0);
};

describe('leave', () => {
  const leave = (change: Record<string, unknown> = {}) => ({
    leaveType: 1,
    startTime: day(1),
    endTime: day(3),
    duration: 3,
    handoverUser: ids.liuyang,
    remark: '',
    ...change,
  });

  it('submits, loads its detail, and counts towards the balance once approved', async () => {
    const sent = await call('sunli', '/OaExamine/setLeave', body('oaExamineLeave', leave({ remark: '回老家' })));
    expect(sent.code).toBe(0);
    const { examineId } = sent.data;
    const detail = await call('chenjing', '/OaExamine/queryLeaveInfo', { examineId });
    expect(detail.code).toBe(0);
    expect(detail.data).toMatchObject({
      examineId,
      content: '家中有事请假',
      model: { leaveType: 1, leaveTypeName: '年假', duration: 3, handoverUser: ids.liuyang, remark: '回老家' },
      imgs: [],
    });
    // The drawer's detail carries the same block.
    expect((await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId })).data.model.duration).toBe(3);
    // The demo seed's allowances: nothing used yet.
    expect((await call('sunli', '/OaExamine/queryLeaveBalance')).data).toEqual([
      { leaveType: 1, name: '年假', used: 0, allowance: 5 },
      { leaveType: 3, name: '病假', used: 0, allowance: 10 },
      { leaveType: 5, name: '调休', used: 0, allowance: 3 },
    ]);
    await approve(examineId);
    expect((await call('sunli', '/OaExamine/queryLeaveBalance')).data[0]).toEqual({
      leaveType: 1,
      name: '年假',
      used: 3,
      allowance: 5,
    });
  });

  it.each([
    [{ leaveType: '' }, '请选择请假类型'],
    [{ startTime: '' }, '请选择开始时间'],
    [{ endTime: '' }, '请选择结束时间'],
    [{ duration: '' }, '请假时长不能为空'],
    [{ duration: 'x' }, '请输入正确的数字值'],
    [{ duration: 0 }, '至少大于0'],
    [{ handoverUser: '' }, '请选择工作交接人'],
    [{ remark: '备'.repeat(201) }, '备注不能超过200个字符'],
    [{ startTime: day(-2), endTime: day(-2), duration: 1 }, '开始日期不能早于昨天'],
    [{ endTime: day(0), duration: 1 }, '结束日期不能早于开始日期'],
    [{ duration: 5 }, '请假时长应为起止日期间的天数（含首尾）'],
  ])('refuses %j: %s', async (change, msg) => {
    const res = await call('sunli', '/OaExamine/setLeave', body('oaExamineLeave', leave(change)));
    expect(res).toMatchObject({ code: 400, msg });
  });

  it.each([
    ['', '请输入审批内容'],
    ['请假', '内容不得少于3字'],
  ])('refuses the content %j: %s', async (content, msg) => {
    const res = await call('sunli', '/OaExamine/setLeave', body('oaExamineLeave', leave(), content));
    expect(res).toMatchObject({ code: 400, msg });
  });

  it('refuses leave beyond the yearly allowance the settings give', async () => {
    const set = await call('yangfan', '/OaExamineCategory/setLeaveAllowance', {
      allowances: [{ leaveType: 1, days: 5 }],
    });
    expect(set.code).toBe(0);
    expect((await call('sunli', '/OaExamineCategory/setLeaveAllowance', { allowances: [] })).code).toBe(403);
    expect((await call('sunli', '/OaExamine/queryLeaveBalance')).data).toEqual([
      { leaveType: 1, name: '年假', used: 3, allowance: 5 },
    ]);
    const over = await call('sunli', '/OaExamine/setLeave', body('oaExamineLeave', leave()));
    expect(over).toMatchObject({ code: 400, msg: '年假额度不足：今年已用3天，额度5天，本次3天' });
    const within = await call(
      'sunli',
      '/OaExamine/setLeave',
      body('oaExamineLeave', leave({ endTime: day(2), duration: 2 })),
    );
    expect(within.code).toBe(0);
  });

  it('is refused to a non-participant, answers not found, and needs its own form', async () => {
    const sent = await call('sunli', '/OaExamine/setLeave', body('oaExamineLeave', leave({ leaveType: 2 })));
    expect((await call('wufang', '/OaExamine/queryLeaveInfo', { examineId: sent.data.examineId })).code).toBe(403);
    expect((await call('sunli', '/OaExamine/queryLeaveInfo', { examineId: 999999 })).code).toBe(404);
    // Another type's loader does not answer a leave.
    expect((await call('sunli', '/OaExamine/queryTravelInfo', { examineId: sent.data.examineId })).code).toBe(404);
    const cats = await call('sunli', '/OaExamineCategory/queryCategoryGroups');
    const leaveCat = cats.data
      .flatMap((g: { list: { type: string; categoryId: number }[] }) => g.list)
      .find((c: { type: string }) => c.type === 'leave');
    // The generic save reads a leave as the original client posts it (its fields in oaExamine)
    // and checks it as a leave; a dedicated type with no such mapping needs its own form.
    const generic = await call('sunli', '/OaExamine/setOaExamine', {
      oaExamine: { categoryId: leaveCat.categoryId, content: '请假三天' },
      checkUserId: ids.chenjing,
    });
    expect(generic).toMatchObject({ code: 400, msg: '请选择请假类型' });
    const card = cats.data
      .flatMap((g: { list: { type: string; categoryId: number }[] }) => g.list)
      .find((c: { type: string }) => c.type === 'cardReplacement');
    const unmapped = await call('sunli', '/OaExamine/setOaExamine', {
      oaExamine: { categoryId: card.categoryId, content: '补卡' },
      checkUserId: ids.chenjing,
    });
    expect(unmapped).toMatchObject({ code: 400, msg: '该审批类型请使用其专用表单提交' });
  });

  it('a double click saves one approval', async () => {
    const b = body('oaExamineLeave', leave({ leaveType: 3, startTime: day(0), endTime: day(0), duration: 1 }));
    const first = await call('sunli', '/OaExamine/setLeave', b);
    const again = await call('sunli', '/OaExamine/setLeave', b);
    expect(again.data.examineId).toBe(first.data.examineId);
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

describe('expense family', () => {
  it('saves travel lines, sums nothing it was not sent, and loads them in order; an edit replaces them', async () => {
    const lines = [travel, { ...travel, vehicle: '出租车', money: '-20', description: '退款' }];
    const sent = await call('sunli', '/OaExamine/setTravel', body('oaExamineTravels', lines, '上海出差报销'));
    expect(sent.code).toBe(0);
    const { examineId } = sent.data;
    const detail = await call('sunli', '/OaExamine/queryTravelInfo', { examineId });
    expect(detail.data.model).toMatchObject([
      { vehicle: '高铁', endAddress: '上海', money: 1234.5, startTime: '2026-05-11', description: '往返车票' },
      { vehicle: '出租车', money: -20 },
    ]);
    // Rejected, then edited to one line.
    const info = await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId });
    await call('chenjing', '/OaExamine/auditExamine', { recordId: info.data.recordId, status: 2, remarks: '缺发票' });
    const edited = await call(
      'sunli',
      '/OaExamine/setTravel',
      body('oaExamineTravels', [travel], '上海出差报销', { examineId }),
    );
    expect(edited.code).toBe(0);
    expect((await call('sunli', '/OaExamine/queryTravelInfo', { examineId })).data.model).toHaveLength(1);
    await approve(examineId);
  });

  it.each([
    ['/OaExamine/setTravel', 'oaExamineTravels', [], '请添加至少一条明细'],
    ['/OaExamine/setTravel', 'oaExamineTravels', [{ ...travel, money: '' }], '请输入金额'],
    ['/OaExamine/setTravel', 'oaExamineTravels', [{ ...travel, money: '12a' }], '请输入数字值'],
    ['/OaExamine/setTravel', 'oaExamineTravels', [{ ...travel, endAddress: '' }], '请输入目的地'],
    ['/OaExamine/setTravel', 'oaExamineTravels', [{ ...travel, vehicle: '' }], '请输入交通工具'],
    ['/OaExamine/setTravel', 'oaExamineTravels', [{ ...travel, startTime: '' }], '请选择开始时间'],
    ['/OaExamine/setTravel', 'oaExamineTravels', [{ ...travel, endTime: '' }], '请选择结束时间'],
    ['/OaExamine/setTravel', 'oaExamineTravels', [{ ...travel, description: '' }], '请输入费用明细'],
    [
      '/OaExamine/setReserveFund',
      'oaExamineReserveFunds',
      [{ money: 1, cause: '', useDate: '2026-05-01', returnDate: '2026-05-02' }],
      '请输入事由',
    ],
    [
      '/OaExamine/setReserveFund',
      'oaExamineReserveFunds',
      [{ money: 1, cause: '活动', useDate: '', returnDate: '2026-05-02' }],
      '请选择使用日期',
    ],
    [
      '/OaExamine/setReserveFund',
      'oaExamineReserveFunds',
      [{ money: 1, cause: '活动', useDate: '2026-05-01', returnDate: '' }],
      '请选择归还日期',
    ],
    [
      '/OaExamine/setPayment',
      'oaExaminePayments',
      [{ money: 1, payTime: '', cause: '货款', payee: '甲公司', bankAccount: '62284800', bankDeposit: '农行' }],
      '请选择日期',
    ],
    [
      '/OaExamine/setPayment',
      'oaExaminePayments',
      [{ money: 1, payTime: '2026-05-01', cause: '货款', payee: '', bankAccount: '62284800', bankDeposit: '农行' }],
      '请输入收款单位',
    ],
    [
      '/OaExamine/setPayment',
      'oaExaminePayments',
      [{ money: 1, payTime: '2026-05-01', cause: '货款', payee: '甲公司', bankAccount: '', bankDeposit: '农行' }],
      '请输入银行账户',
    ],
    [
      '/OaExamine/setPayment',
      'oaExaminePayments',
      [{ money: 1, payTime: '2026-05-01', cause: '货款', payee: '甲公司', bankAccount: '62284800', bankDeposit: '' }],
      '请输入开户行',
    ],
    [
      '/OaExamine/setAdministrative',
      'oaExamineAdministratives',
      [{ money: 1, detail: '', recordDate: '2026-05-01' }],
      '请输入费用明细',
    ],
    [
      '/OaExamine/setAdministrative',
      'oaExamineAdministratives',
      [{ money: 1, detail: '纸', recordDate: '' }],
      '请选择日期',
    ],
  ])('%s refuses %j: %s', async (url, key, lines, msg) => {
    expect(await call('sunli', url, body(key, lines, '报销'))).toMatchObject({ code: 400, msg });
  });

  it('needs the content', async () => {
    const res = await call('sunli', '/OaExamine/setAdministrative', body('oaExamineAdministratives', [], ''));
    expect(res).toMatchObject({ code: 400, msg: '请输入审批内容' });
  });

  it('saves the other three kinds', async () => {
    const cases: [string, string, string, unknown[]][] = [
      [
        '/OaExamine/setReserveFund',
        '/OaExamine/queryReserveFundInfo',
        'oaExamineReserveFunds',
        [{ money: '500', cause: '活动', useDate: '2026-05-01', returnDate: '2026-05-09' }],
      ],
      [
        '/OaExamine/setPayment',
        '/OaExamine/queryPaymentInfo',
        'oaExaminePayments',
        [
          {
            money: '3000.5',
            payTime: '2026-05-01',
            cause: '货款',
            payee: '甲公司',
            bankAccount: '6228480000000000',
            bankDeposit: '农业银行',
          },
        ],
      ],
      [
        '/OaExamine/setAdministrative',
        '/OaExamine/queryAdministrativeInfo',
        'oaExamineAdministratives',
        [{ money: '88.8', detail: '打印纸', recordDate: '2026-05-01' }],
      ],
    ];
    for (const [submit, load, key, lines] of cases) {
      const sent = await call('sunli', submit, body(key, lines, '报销'));
      expect(sent.code).toBe(0);
      const detail = await call('sunli', load, { examineId: sent.data.examineId });
      expect(detail.data.model).toMatchObject(
        lines.map((l) => ({ ...(l as object), money: Number((l as { money: string }).money) })),
      );
    }
  });
});

describe('payee labels', () => {
  const label = { payee: '成都医美', bankCard: '6228480402564890018', bankOfDeposit: '中国农业银行' };
  it('saves, edits, lists and removes one’s own labels', async () => {
    const saved = await call('sunli', '/OaExamineBankLabel/save', label);
    expect(saved.data.msg).toBe('保存成功');
    const id = saved.data.id;
    const edited = await call('sunli', '/OaExamineBankLabel/save', { ...label, id, payee: '成都医美科技' });
    expect(edited.data.msg).toBe('修改成功');
    expect((await call('sunli', '/OaExamineBankLabel/queryListByUserId')).data).toEqual([
      { id, ...label, payee: '成都医美科技' },
    ]);
    expect((await call('wufang', '/OaExamineBankLabel/queryListByUserId')).data).toEqual([]);
    // Someone else's label is not found for them.
    expect(await call('wufang', '/OaExamineBankLabel/remove', { labelId: id })).toMatchObject({
      code: 404,
      msg: '收款标签不存在',
    });
    expect(await call('wufang', '/OaExamineBankLabel/save', { ...label, id })).toMatchObject({ code: 404 });
    expect((await call('sunli', '/OaExamineBankLabel/remove', { labelId: id })).data.msg).toBe('删除成功');
    expect((await call('sunli', '/OaExamineBankLabel/queryListByUserId')).data).toEqual([]);
  });

  it.each([
    [{ payee: '' }, '请输入收款单位'],
    [{ payee: '甲' }, '请输入收款单位'],
    [{ bankCard: '6' }, '请输入银行账户'],
    [{ bankOfDeposit: '农' }, '请输入开户行'],
  ])('refuses %j: %s', async (change, msg) => {
    expect(await call('sunli', '/OaExamineBankLabel/save', { ...label, ...change })).toMatchObject({ code: 400, msg });
  });

  it('names the bank of a card number from the bundled table', async () => {
    const res = await call('sunli', '/OaExamineBankLabel/queryBankName', { cardNumber: '6228480402564890018' });
    expect(res.data.bankName).toBe('中国农业银行');
    expect((await call('sunli', '/OaExamineBankLabel/queryBankName', { cardNumber: '622848' })).code).toBe(400);
  });
});

describe('one-block types', () => {
  const card = { cardReplacementTime: `${day(-1)} 09:00`, cardReplacementMode: 'on', detail: '忘记打卡' };
  const predict = { predictTime: '2026-06', predictTurnover: '120000' };
  const quit = {
    deptName: '销售一部',
    post: '顾问',
    entryTime: '2024-03-01',
    quitTime: day(30),
    quitCause: '个人原因',
    handoverUser: 0,
  };
  const positive = {
    post: '顾问',
    entryTime: '2026-02-01',
    understand: '服务客户',
    summary: '完成指标',
    proposal: '无',
  };

  it('each saves its block and its loader answers it', async () => {
    const cases: [string, string, string, Record<string, unknown>, string][] = [
      ['/OaExamine/setCardReplacement', '/OaExamine/queryCardReplacementInfo', 'oaExamineCardReplacement', card, ''],
      ['/OaExamine/setPredict', '/OaExamine/queryPredictInfo', 'oaExaminePredict', predict, '六月业绩预估'],
      [
        '/OaExamine/setQuit',
        '/OaExamine/queryQuitInfo',
        'oaExamineQuit',
        { ...quit, handoverUser: ids.liuyang },
        '交接客户名单',
      ],
      ['/OaExamine/setPositive', '/OaExamine/queryPositiveInfo', 'oaExaminePositive', positive, ''],
      ['/OaExamine/setGeneral', '/OaExamine/queryGeneralInfo', 'oaExamineGeneral', { detail: '申请会议室' }, '会议室'],
    ];
    for (const [submit, load, key, model, content] of cases) {
      const b = body(key, model, content);
      // 补卡 needs its picture (请上传图片后再操作).
      if (key === 'oaExamineCardReplacement') await upload('sunli', b.oaExamine.batchId);
      const sent = await call('sunli', submit, b);
      expect(sent.code, submit).toBe(0);
      const detail = await call('chenjing', load, { examineId: sent.data.examineId });
      expect(detail.code).toBe(0);
      // A time is kept as the API writes times (seconds included).
      const kept =
        key === 'oaExaminePredict'
          ? { ...predict, predictTurnover: 120000 }
          : key === 'oaExamineCardReplacement'
            ? { ...model, cardReplacementTime: `${day(-1)} 09:00:00` }
            : model;
      expect(detail.data.model).toMatchObject(kept);
      // Without a content of its own, the approval is titled by its category.
      if (!content) expect(detail.data.content).not.toBe('');
      expect((await call('wufang', load, { examineId: sent.data.examineId })).code).toBe(403);
    }
  });

  it.each([
    [
      '/OaExamine/setCardReplacement',
      'oaExamineCardReplacement',
      { ...card, cardReplacementTime: '' },
      '',
      '请选择补卡时间',
    ],
    [
      '/OaExamine/setCardReplacement',
      'oaExamineCardReplacement',
      { ...card, cardReplacementMode: 'x' },
      '',
      '请选择补卡模式',
    ],
    ['/OaExamine/setCardReplacement', 'oaExamineCardReplacement', { ...card, detail: '' }, '', '请输入补卡理由'],
    ['/OaExamine/setPredict', 'oaExaminePredict', predict, '', '请输入审核内容'],
    ['/OaExamine/setPredict', 'oaExaminePredict', { ...predict, predictTurnover: '' }, '预估', '请输入预估金额'],
    ['/OaExamine/setPredict', 'oaExaminePredict', { ...predict, predictTurnover: '很多' }, '预估', '必须是数字'],
    ['/OaExamine/setPredict', 'oaExaminePredict', { ...predict, predictTime: '' }, '预估', '请选择审批月份'],
    ['/OaExamine/setQuit', 'oaExamineQuit', quit, '', '请输入审批内容'],
    ['/OaExamine/setQuit', 'oaExamineQuit', { ...quit, quitTime: '' }, '交接', '请输入离职时间'],
    ['/OaExamine/setQuit', 'oaExamineQuit', { ...quit, quitCause: '' }, '交接', '请输入离职原因'],
    ['/OaExamine/setQuit', 'oaExamineQuit', quit, '交接', '请选择交接人'],
    ['/OaExamine/setPositive', 'oaExaminePositive', { ...positive, summary: '' }, '', '请填写试用期内对工作的总结'],
    [
      '/OaExamine/setPositive',
      'oaExaminePositive',
      { ...positive, summary: '总'.repeat(201) },
      '',
      '工作总结不能超过200个字符',
    ],
    ['/OaExamine/setPositive', 'oaExaminePositive', { ...positive, proposal: '' }, '', '请填写对公司的意见和建议'],
    [
      '/OaExamine/setPositive',
      'oaExaminePositive',
      { ...positive, proposal: '议'.repeat(201) },
      '',
      '意见和建议不能超过200个字符',
    ],
    ['/OaExamine/setGeneral', 'oaExamineGeneral', { detail: '说明' }, '', '请输入审批内容'],
    ['/OaExamine/setGeneral', 'oaExamineGeneral', { detail: '' }, '会议室', '请输入审批详情'],
  ])('%s refuses %j (content %j): %s', async (url, key, model, content, msg) => {
    expect(await call('sunli', url, body(key, model, content))).toMatchObject({ code: 400, msg });
  });

  it('问题客户: a customer the applicant may see, with its messages; another’s customer is refused', async () => {
    const mine = await call('sunli', '/CrmCustomer/queryPageList', { limit: 1 });
    const customer = mine.data.list[0];
    const problem = {
      customerId: customer.customerId,
      customerName: customer.customerName,
      phone: '13912340001',
      projectName: '水光针',
      projectTime: day(-3),
      trackingSituation: '术后红肿，已回访',
    };
    const sent = await call(
      'sunli',
      '/OaExamine/setProblematicCustomers',
      body('oaExamineProblematicCustomers', problem, '跟进术后反馈'),
    );
    expect(sent.code).toBe(0);
    const detail = await call('chenjing', '/OaExamine/queryProblematicCustomersInfo', {
      examineId: sent.data.examineId,
    });
    expect(detail.data.model).toMatchObject(problem);
    for (const [change, msg] of [
      [{ customerId: '' }, '请输入姓名'],
      [{ phone: '' }, '请输入手机号'],
      [{ projectName: '' }, '请输入所做项目'],
      [{ projectTime: '' }, '请输入进行时间'],
      [{ trackingSituation: '' }, '请输入跟踪情况'],
    ] as const) {
      const res = await call(
        'sunli',
        '/OaExamine/setProblematicCustomers',
        body('oaExamineProblematicCustomers', { ...problem, ...change }, '跟进'),
      );
      expect(res).toMatchObject({ code: 400, msg });
    }
    expect(
      await call('sunli', '/OaExamine/setProblematicCustomers', body('oaExamineProblematicCustomers', problem, '')),
    ).toMatchObject({ code: 400, msg: '审批内容不能为空' });
    // 吴芳 (another sales department) does not see 孙丽's customers.
    const refused = await call('wufang', '/OaExamine/setProblematicCustomers', {
      ...body('oaExamineProblematicCustomers', problem, '跟进'),
      checkUserId: String(ids.liuyang),
    });
    expect(refused.code).toBe(403);
  });

  it('needs an approver in a chosen-approver flow', async () => {
    const res = await call('sunli', '/OaExamine/setPositive', {
      ...body('oaExaminePositive', positive),
      checkUserId: '',
    });
    expect(res).toMatchObject({ code: 400, msg: '至少选择一个审批人' });
  });

  it('补卡 without a picture is refused: 请上传图片后再操作; removing the only one is too', async () => {
    const b = body('oaExamineCardReplacement', card, '');
    expect(await call('sunli', '/OaExamine/setCardReplacement', b)).toMatchObject({
      code: 400,
      msg: '请上传图片后再操作',
    });
    const img = await upload('sunli', b.oaExamine.batchId);
    const sent = await call('sunli', '/OaExamine/setCardReplacement', b);
    expect(sent.code).toBe(0);
    const { examineId } = sent.data;
    const info = await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId });
    await call('chenjing', '/OaExamine/auditExamine', { recordId: info.data.recordId, status: 2, remarks: '看不清' });
    const again = await call('sunli', '/OaExamine/setCardReplacement', {
      ...body('oaExamineCardReplacement', card, '', { examineId, batchId: b.oaExamine.batchId }),
      removedFileIds: String(img.fileId),
    });
    expect(again).toMatchObject({ code: 400, msg: '请上传图片后再操作' });
    // The refused edit changed nothing: the picture is still there.
    expect((await call('sunli', '/OaExamine/queryCardReplacementInfo', { examineId })).data.imgs).toHaveLength(1);
  });
});

describe('调岗 (position transfer)', () => {
  let depts: { id: number; name: string }[];
  const adjust = (change: Record<string, unknown> = {}) => ({
    userId: ids.sunli,
    idCard: '51010719900101123X',
    jobNumber: 'S-0012',
    entryTime: '2023-06-15',
    cause: '业务调整',
    oldDeptId: depts[1]!.id,
    oldPost: '顾问',
    newDeptId: depts[2]!.id,
    newPost: '主管',
    leader: ids.liuyang,
    adjustTime: '2026-07-01',
    ...change,
  });
  beforeAll(async () => {
    depts = (await call('sunli', '/OaExamine/queryAdjustOptions', { type: 1 })).data;
  });

  it('the leaders list carries each person’s place, to fill in who moves', async () => {
    const staff = (await call('sunli', '/OaExamine/queryAdjustOptions', { type: 3 })).data;
    const me = staff.find((s: { id: number }) => s.id === ids.sunli);
    expect(me).toMatchObject({ name: '孙丽', deptId: expect.any(Number), post: expect.any(String) });
  });

  it('submits, and its loader answers the block with names and the working years', async () => {
    const sent = await call('sunli', '/OaExamine/setPostAdjust', body('oaExaminePostAdjust', adjust(), ''));
    expect(sent.code).toBe(0);
    const { examineId } = sent.data;
    const detail = await call('chenjing', '/OaExamine/queryPostAdjustInfo', { examineId });
    expect(detail.code).toBe(0);
    expect(detail.data.content).toBe('调岗');
    expect(detail.data.model).toMatchObject({
      ...adjust(),
      workingYears: 3,
      userName: '孙丽',
      leaderName: '刘洋',
      oldDeptName: depts[1]!.name,
      newDeptName: depts[2]!.name,
    });
    expect((await call('wufang', '/OaExamine/queryPostAdjustInfo', { examineId })).code).toBe(403);
    expect((await call('sunli', '/OaExamine/queryPostAdjustInfo', { examineId: 999999 })).code).toBe(404);
    expect((await call('sunli', '/OaExamine/queryPlanningDemandFormInfo', { examineId })).code).toBe(404);
  });

  it.each([
    [{ userId: '' }, '姓名不能为空'],
    [{ idCard: '' }, '身份证号码不能为空'],
    [{ idCard: '123' }, '身份证号码格式有误'],
    [{ oldDeptId: '' }, '所属部门不能为空'],
    [{ oldPost: '' }, '岗位名称不能为空'],
    [{ cause: '' }, '调岗原因不能为空'],
    [{ newDeptId: '' }, '调岗后部门不能为空'],
    [{ newPost: '' }, '调岗后职位不能为空'],
    [{ leader: '' }, '调岗后领导不能为空'],
    [{ entryTime: '' }, '请选择入职日期'],
    [{ adjustTime: '' }, '请选择调整日期'],
    [{ adjustTime: '2023-01-01' }, '调整日期不能早于入职日期'],
    [{ newDeptId: 999999 }, '所选部门不存在'],
    [{ leader: 999999 }, '员工不存在或已被禁用'],
  ])('refuses %j: %s', async (change, msg) => {
    const res = await call('sunli', '/OaExamine/setPostAdjust', body('oaExaminePostAdjust', adjust(change), ''));
    expect(res).toMatchObject({ code: 400, msg });
  });
});

describe('计划需求 (planning requirement)', () => {
  const demand = (change: Record<string, unknown> = {}) => ({
    deptName: '行政部',
    codeNo: '1020001',
    codeName: '随便写的名字',
    count: '12',
    use: '前台日常',
    content: '打印纸十二包',
    ...change,
  });

  it('submits with the item’s name from code list 1020; its loader answers it', async () => {
    const codes = await call('sunli', '/OaExamine/queryCodeList', { codeType: 1020 });
    expect(codes.data[0]).toEqual({ codeNo: '1020001', codeName: '办公用品' });
    const sent = await call(
      'sunli',
      '/OaExamine/setPlanningDemandForm',
      body('oaExaminePlanningDemandForm', demand(), ''),
    );
    expect(sent.code).toBe(0);
    const { examineId } = sent.data;
    const detail = await call('chenjing', '/OaExamine/queryPlanningDemandFormInfo', { examineId });
    expect(detail.data.model).toEqual({ ...demand(), codeName: '办公用品', count: 12 });
    expect((await call('wufang', '/OaExamine/queryPlanningDemandFormInfo', { examineId })).code).toBe(403);
    expect((await call('sunli', '/OaExamine/queryPlanningDemandFormInfo', { examineId: 999999 })).code).toBe(404);
  });

  it.each([
    [{ deptName: '' }, '请输入申请部门'],
    [{ codeNo: '' }, '请选择名称'],
    [{ codeNo: '9999999' }, '所选名称不存在，请重新选择'],
    [{ count: '' }, '数量不能为空'],
    [{ count: '0' }, '数量须为1到999999之间的整数'],
    [{ use: '' }, '请输入用途'],
    [{ content: '' }, '请输入用途'],
  ])('refuses %j: %s', async (change, msg) => {
    const res = await call(
      'sunli',
      '/OaExamine/setPlanningDemandForm',
      body('oaExaminePlanningDemandForm', demand(change), ''),
    );
    expect(res).toMatchObject({ code: 400, msg });
  });

  it('a step conditioned on the count applies only above it', async () => {
    const cats = await call('sunli', '/OaExamineCategory/queryCategoryGroups');
    const cat = cats.data
      .flatMap((g: { list: { type: string; categoryId: number }[] }) => g.list)
      .find((c: { type: string }) => c.type === 'planningDemand');
    const saved = await call('yangfan', '/OaExamineCategory/setExamineCategory', {
      categoryId: cat.categoryId,
      title: '计划需求',
      className: '行政',
      examineType: 1,
      steps: [
        { stepType: 2, userIds: [ids.chenjing], condition: { fact: 'count', op: 'gt', value: 10 } },
        { stepType: 2, userIds: [ids.liuyang] },
      ],
    });
    expect(saved.code).toBe(0);
    const waitingFor = async (who: string) =>
      (await call(who, '/OaExamine/myOaExamine', { type: 1 })).data.list.map((r: { examineId: number }) => r.examineId);
    const few = await call('sunli', '/OaExamine/setPlanningDemandForm', {
      ...body('oaExaminePlanningDemandForm', demand({ count: 5 }), ''),
      checkUserId: '',
    });
    expect(few.code).toBe(0);
    expect(await waitingFor('chenjing')).not.toContain(few.data.examineId);
    expect(await waitingFor('liuyang')).toContain(few.data.examineId);
    const many = await call('sunli', '/OaExamine/setPlanningDemandForm', {
      ...body('oaExaminePlanningDemandForm', demand({ count: 50 }), ''),
      checkUserId: '',
    });
    expect(await waitingFor('chenjing')).toContain(many.data.examineId);
    const preview = await call('sunli', '/OaExamine/queryExamineFlowInfo', {
      categoryId: cat.categoryId,
      form: demand({ count: 3 }),
    });
    expect(preview.data.examineSteps.map((s: { applies: boolean }) => s.applies)).toEqual([false, true]);
  });
});

describe('a customer’s project list', () => {
  let customer: { customerId: number; customerName: string };
  let shopProjects: { projectId: number; projectName: string }[];

  beforeAll(async () => {
    customer = (await call('sunli', '/CrmCustomer/queryPageList', { limit: 1 })).data.list[0];
    const db = t.database.db;
    const [shop] = await queryRows<{ store_id: number }>(db, sql`select store_id from crm_store_project limit 1`);
    await db.execute(
      sql`update crm_customer set shop_owner_id = ${shop!.store_id} where customer_id = ${customer.customerId}`,
    );
    shopProjects = (
      await queryRows<{ project_id: number; project_name: string }>(
        db,
        sql`select p.project_id, p.project_name from crm_store_project sp join crm_project p using (project_id)
            where sp.store_id = ${shop!.store_id} order by p.sort, p.project_id`,
      )
    ).map((r) => ({ projectId: Number(r.project_id), projectName: r.project_name }));
  });

  it('answers the projects the customer’s shop runs, to those who may see the customer', async () => {
    const res = await call('sunli', '/OaExamine/queryProjectList', { customerId: customer.customerId });
    expect(res.code).toBe(0);
    expect(shopProjects.length).toBeGreaterThan(0);
    expect(res.data).toEqual(shopProjects);
    expect((await call('wufang', '/OaExamine/queryProjectList', { customerId: customer.customerId })).code).toBe(403);
    expect(await call('sunli', '/OaExamine/queryProjectList', { customerId: 999999 })).toMatchObject({
      code: 404,
      msg: '客户不存在',
    });
    expect(await call('sunli', '/OaExamine/queryProjectList', { customerId: '' })).toMatchObject({
      code: 400,
      msg: '客户不存在',
    });
  });

  it('问题客户 takes a picked project’s name from the list and refuses one not on it', async () => {
    const problem = {
      customerId: customer.customerId,
      customerName: customer.customerName,
      phone: '13912340001',
      projectId: shopProjects[0]!.projectId,
      projectName: '随便',
      projectTime: day(-3),
      trackingSituation: '术后回访',
    };
    const sent = await call(
      'sunli',
      '/OaExamine/setProblematicCustomers',
      body('oaExamineProblematicCustomers', problem, '跟进'),
    );
    expect(sent.code).toBe(0);
    const detail = await call('sunli', '/OaExamine/queryProblematicCustomersInfo', { examineId: sent.data.examineId });
    expect(detail.data.model).toMatchObject({ ...problem, projectName: shopProjects[0]!.projectName });
    const other = await call(
      'sunli',
      '/OaExamine/setProblematicCustomers',
      body('oaExamineProblematicCustomers', { ...problem, projectId: 999999 }, '跟进'),
    );
    expect(other).toMatchObject({ code: 400, msg: '请输入所做项目' });
  });
});

describe('追加单 (additional order)', () => {
  type Choice = { customerId: number; customerName: string; mobile: string; age: string; relation: string };
  let customer: Choice;
  let shop: Choice;
  let depts: { value: number; label: string }[];
  let task: { taskId: number; taskName: string };
  const guestOf = (c: Choice, formType: 1 | 2, change: Record<string, unknown> = {}) => ({
    formType,
    customerId: c.customerId,
    customerName: c.customerName,
    phone: c.mobile,
    age: c.age,
    relation: c.relation || '成都三级',
    projectContent: formType === 1 ? '水光针复诊' : '店家带客做热玛吉',
    subTime: day(3),
    deptId: depts
      .map((d) => d.value)
      .slice(0, 2)
      .join(','),
    ...change,
  });
  const order = (guests: unknown[], content = '周末加单', taskId: unknown = task.taskId) => ({
    ...body('oaExamineAdditionalOrderList', guests, content, { taskId }),
  });

  beforeAll(async () => {
    customer = (await call('sunli', '/OaExamine/queryCustomerSelectList', { type: 1, search: '林婉清' })).data.list[0];
    shop = (await call('sunli', '/OaExamine/queryCustomerSelectList', { type: 2, search: '丽人' })).data.list[0];
    depts = (await call('sunli', '/OaExamine/queryDeptOptions')).data;
    task = (await call('sunli', '/OaExamine/queryTaskTypes')).data[0];
  });

  it('the pickers list the applicant’s own customers and shops, filled for a guest block', async () => {
    expect(customer).toMatchObject({
      customerName: '林婉清',
      mobile: '13912340001',
      gender: 2,
      shopOwnerName: '丽人医美会所',
    });
    expect(customer.relation).toBeTypeOf('string');
    // A shop: the boss is the person, 服务三级 by name, the age from the boss's ID card.
    expect(shop).toMatchObject({
      customerName: '王芳',
      mobile: '13800001001',
      shopOwnerName: '丽人医美会所',
      relation: '赵强',
    });
    expect(shop.age).toMatch(/^\d{2}$/);
    // 吴芳 (销售二部) sees neither.
    expect(
      (await call('wufang', '/OaExamine/queryCustomerSelectList', { type: 1, search: '林婉清' })).data.list,
    ).toEqual([]);
    expect((await call('wufang', '/OaExamine/queryCustomerSelectList', { type: 2, search: '丽人' })).data.list).toEqual(
      [],
    );
    const names = await call('sunli', '/OaExamine/queryCustomerNameList', { search: '林婉清' });
    expect(names.data.list[0]).toMatchObject({ customerName: '林婉清', shopAndBossNmae: '丽人医美会所（王芳）' });
    expect((await call('wufang', '/OaExamine/queryCustomerNameList', { search: '林婉清' })).data.list).toEqual([]);
    const detail = await call('sunli', '/OaExamine/queryCustomerDetail', { customerId: customer.customerId });
    expect(detail.data).toMatchObject({ customerId: customer.customerId, mobile: '13912340001' });
    expect(await call('wufang', '/OaExamine/queryCustomerDetail', { customerId: customer.customerId })).toMatchObject({
      code: 403,
      msg: '只能选择您有权查看的客户',
    });
    expect(await call('sunli', '/OaExamine/queryCustomerDetail', { customerId: 999999, type: 2 })).toMatchObject({
      code: 404,
      msg: '店家不存在',
    });
  });

  it('submits a customer and a shop guest; phone and age come from the records; the loader answers every field', async () => {
    const sent = await call(
      'sunli',
      '/OaExamine/setAdditionalOrder',
      order([
        guestOf(customer, 1, {
          // The client's phone, age and name are not trusted.
          phone: '13700000000',
          age: '99',
          customerName: '别人',
          hasStoreShareholder: true,
          ownerShareholderType: 2,
          otherName: '林母',
          otherPhone: '13912349999',
          tips: '对酒精过敏',
          remark: '周六上午',
          needCap: '需要接送',
        }),
        guestOf(shop, 2),
      ]),
    );
    expect(sent.code).toBe(0);
    const { examineId } = sent.data;
    const detail = await call('chenjing', '/OaExamine/queryAdditionalOrderInfo', { examineId });
    expect(detail.code).toBe(0);
    expect(detail.data.content).toBe('周末加单');
    expect(detail.data.oaExamine).toEqual({ taskId: task.taskId, taskName: task.taskName });
    const [g1, g2] = detail.data.model;
    expect(g1).toMatchObject({
      formType: 1,
      customerName: '林婉清',
      phone: '13912340001',
      age: customer.age,
      gender: 2,
      shopOwnerName: '丽人医美会所',
      bossMobile: '13800001001',
      hasStoreShareholder: true,
      ownerShareholderType: 2,
      ownerShareholderTypeName: '店家股东',
      deptId: depts
        .map((d) => d.value)
        .slice(0, 2)
        .join(','),
      deptNames: depts.map((d) => d.label).slice(0, 2),
      otherName: '林母',
      otherPhone: '13912349999',
      tips: '对酒精过敏',
      remark: '周六上午',
      needCap: '需要接送',
      projectContent: '水光针复诊',
      subTime: day(3),
      ownerUserDeptName: '销售一部',
    });
    expect(g2).toMatchObject({
      formType: 2,
      customerName: '王芳',
      phone: '13800001001',
      age: shop.age,
      relation: '赵强',
    });
    // The drawer's detail carries the guests and the task.
    const info = await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId });
    expect(info.data.model).toHaveLength(2);
    expect(info.data.oaExamine.taskName).toBe(task.taskName);
    // The next booking of the same customer prefills the shareholder answers.
    const again = await call('sunli', '/OaExamine/queryCustomerDetail', { customerId: customer.customerId });
    expect(again.data).toMatchObject({ hasOwnerShareholder: true, ownerShareholderType: 2 });
    // Not a participant: refused; an unknown approval: not found.
    expect((await call('wufang', '/OaExamine/queryAdditionalOrderInfo', { examineId })).code).toBe(403);
    expect((await call('sunli', '/OaExamine/queryAdditionalOrderInfo', { examineId: 999999 })).code).toBe(404);
  });

  it('hides the copied phone and age from an approver whose roles hide the customer’s mobile and ID number', async () => {
    await signIn(['admin']);
    const [role] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into sys_role (role_name, role_type, data_type)
        select '追加单隐号审批人', role_type, data_type from sys_role where role_name = '客户管理员'
        returning role_id as id`,
    );
    await t.database.db.execute(sql`insert into sys_role_permission (role_id, permission)
      select ${role!.id}, permission from sys_role_permission
      where role_id = (select role_id from sys_role where role_name = '客户管理员')`);
    const hidden = await call('admin', '/field/setFieldAuth', {
      roleId: role!.id,
      label: 2,
      fields: [
        { fieldName: 'mobile', authLevel: 1 },
        { fieldName: 'idCard', authLevel: 1 },
      ],
    });
    expect(hidden.code).toBe(0);
    const dept = Object.keys((await orgIds(t)).dept)[0]!;
    await signInNewUser('hiddenapprover', { roles: ['追加单隐号审批人', '普通员工'], dept });
    const sent = await call('sunli', '/OaExamine/setAdditionalOrder', {
      ...order([guestOf(customer, 1), guestOf(shop, 2)], '隐号加单'),
      checkUserId: String(ids.hiddenapprover),
    });
    expect(sent.code).toBe(0);
    const guests = async (who: string) => {
      const res = await call(who, '/OaExamine/queryAdditionalOrderInfo', { examineId: sent.data.examineId });
      expect([who, res.code, res.msg]).toEqual([who, 0, 'success']);
      return res.data.model;
    };
    const [open] = await guests('sunli');
    expect(open).toMatchObject({ phone: '13912340001', age: customer.age });
    expect(customer.age).toMatch(/^\d+$/);
    const [closed, shopGuest] = await guests('hiddenapprover');
    expect(closed).toMatchObject({ customerName: '林婉清', phone: '', age: '' });
    // The shop's own phone is not hidden from them.
    expect(shopGuest).toMatchObject({ phone: '13800001001', age: shop.age });
  });

  it.each([
    [{ customerId: '' }, '客户姓名不能为空'],
    [{ customerName: '' }, '客户姓名不能为空'],
    [{ relation: '' }, '请输入店家三级'],
    [{ projectContent: '' }, '请填写项目/客情'],
    [{ deptId: '' }, '请选择科室'],
    [{ phone: '' }, '请输入电话号码'],
    [{ phone: '1391234' }, '请输入正确的11位手机号码'],
    [{ phone: '19912340001' }, '请输入正确的11位手机号码'],
    [{ age: '100' }, '年龄最多2位数字'],
    [{ deptId: '999999' }, '科室不存在'],
    [{ appointDesignerUserId: 1 }, '设计师不存在'],
    [{ hasStoreShareholder: true, ownerShareholderType: 77 }, '股东类型不存在'],
  ])('refuses %j: %s', async (change, msg) => {
    const res = await call('sunli', '/OaExamine/setAdditionalOrder', order([guestOf(customer, 1, change)]));
    expect(res).toMatchObject({ code: 400, msg });
  });

  it('needs its content, a guest, a known task', async () => {
    expect(await call('sunli', '/OaExamine/setAdditionalOrder', order([guestOf(customer, 1)], ''))).toMatchObject({
      code: 400,
      msg: '审批内容不能为空',
    });
    expect(await call('sunli', '/OaExamine/setAdditionalOrder', order([]))).toMatchObject({
      code: 400,
      msg: '请添加至少一位客人',
    });
    expect(
      await call('sunli', '/OaExamine/setAdditionalOrder', order([guestOf(customer, 1)], '加单', 9999)),
    ).toMatchObject({ code: 400, msg: '任务类型不存在' });
  });

  it('refuses a customer or shop outside the applicant’s scope, and unknown ones', async () => {
    const asWufang = (guests: unknown[]) => ({ ...order(guests), checkUserId: String(ids.liuyang) });
    expect(await call('wufang', '/OaExamine/setAdditionalOrder', asWufang([guestOf(customer, 1)]))).toMatchObject({
      code: 403,
      msg: '只能选择您有权查看的客户',
    });
    expect(await call('wufang', '/OaExamine/setAdditionalOrder', asWufang([guestOf(shop, 2)]))).toMatchObject({
      code: 403,
      msg: '只能选择您有权查看的店家',
    });
    expect(
      await call('sunli', '/OaExamine/setAdditionalOrder', order([guestOf(customer, 1, { customerId: 999999 })])),
    ).toMatchObject({ code: 404, msg: '客户不存在' });
    // A customer id sent as a shop is a different record.
    expect(
      await call('sunli', '/OaExamine/setAdditionalOrder', order([guestOf(customer, 2, { customerId: 999999 })])),
    ).toMatchObject({ code: 404, msg: '店家不存在' });
  });

  it('an edit replaces the guests', async () => {
    const sent = await call('sunli', '/OaExamine/setAdditionalOrder', order([guestOf(customer, 1), guestOf(shop, 2)]));
    const { examineId } = sent.data;
    // Withdraw, then resubmit with one guest.
    const info = await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId });
    expect(
      (await call('sunli', '/OaExamine/auditExamine', { recordId: info.data.recordId, status: 4, remarks: '改客人' }))
        .code,
    ).toBe(0);
    const edited = await call(
      'sunli',
      '/OaExamine/setAdditionalOrder',
      body('oaExamineAdditionalOrderList', [guestOf(shop, 2)], '只约店家', { examineId }),
    );
    expect(edited.code).toBe(0);
    const detail = await call('sunli', '/OaExamine/queryAdditionalOrderInfo', { examineId });
    expect(detail.data.model).toHaveLength(1);
    expect(detail.data.model[0].customerName).toBe('王芳');
    expect(detail.data.oaExamine).toEqual({});
  });
});
