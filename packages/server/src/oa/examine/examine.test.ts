import { ExamineFormMsg, ExamineMsg, Msg } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

let t: TestApp;
const { ids, call, signIn, signInNewUser } = people(() => t);
let categoryId: number;
let generalId: number;

beforeAll(async () => {
  t = await createTestApp();
  await signIn([
    'admin',
    'yangfan',
    'sunli',
    'zhaoqiang',
    'chenjing',
    'liuyang',
    'huangmin',
    'zhenghao',
    'liming',
    'wufang',
  ]);
  const created = await call('yangfan', '/OaExamineCategory/setExamineCategory', {
    title: '采购申请',
    className: '行政',
    examineType: 1,
    steps: [
      { stepType: 1, userIds: [] },
      { stepType: 2, userIds: [ids.chenjing, ids.liuyang] },
    ],
    ccUserIds: [ids.huangmin],
  });
  categoryId = created.data.categoryId;
  await call('yangfan', '/field/examineFieldSave', {
    categoryId,
    fields: [
      { name: '采购物品', formType: 'text', isNull: 1 },
      { name: '金额', formType: 'floatnumber', isNull: 1 },
    ],
  });
  const cats = await call('yangfan', '/OaExamineCategory/queryExamineCategoryList');
  generalId = cats.data.list.find((c: { type: string }) => c.type === 'general').categoryId;
});
afterAll(() => t.close());

const purchase = (
  extra: Record<string, unknown> = {},
  values: [string, unknown][] = [
    ['field_1', '投影仪'],
    ['field_2', '3999.00'],
  ],
) => ({
  oaExamine: { categoryId, batchId: `b-${Math.random()}`, content: '采购投影仪' },
  field: values.map(([fieldName, value]) => ({ fieldName, value })),
  ccUserId: [ids.huangmin],
  ...extra,
});

describe('an approval from submission to approval', () => {
  it('walks submit → approve → reject → edit and resubmit → approve, with CC and visibility', async () => {
    const body = purchase();
    const sent = await call('sunli', '/OaExamine/setOaExamine', body);
    expect(sent.code).toBe(0);
    const { examineId, recordId } = sent.data;
    // The timeline names the people of a step before it starts (the 或签 step waits for the supervisor).
    const first = await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId });
    expect(first.data.flow[1]).toMatchObject({ kind: 'users', mode: 'or', isCurrent: false, tasks: [] });
    expect(first.data.flow[1].users.map((u: { realname: string }) => u.realname)).toEqual(['陈静', '刘洋']);
    // A double click sends the same batch again: still one approval.
    expect((await call('sunli', '/OaExamine/setOaExamine', body)).data.examineId).toBe(examineId);
    expect((await call('sunli', '/OaExamine/myInitiate')).data.totalRow).toBe(1);

    const waiting = await call('zhaoqiang', '/OaExamine/myOaExamine', { type: 1 });
    expect(waiting.data.list.map((r: { examineId: number }) => r.examineId)).toEqual([examineId]);
    expect((await call('zhaoqiang', '/OaBackLog/num')).data.examineNum).toBe(1);
    expect((await call('zhaoqiang', '/OaExamine/auditExamine', { recordId, status: 1 })).data.status).toBe(3);

    expect((await call('chenjing', '/OaExamine/auditExamine', { recordId, status: 2 })).msg).toBe(
      ExamineMsg.rejectRemarks,
    );
    expect(
      (await call('chenjing', '/OaExamine/auditExamine', { recordId, status: 2, remarks: '请附报价单' })).data.status,
    ).toBe(2);
    expect((await call('liuyang', '/OaExamine/myOaExamine', { type: 1 })).data.totalRow).toBe(0);

    const detail = await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId });
    expect(detail.data.permitted).toMatchObject({ edit: true, withdraw: false, approve: false });
    const resent = await call(
      'sunli',
      '/OaExamine/setOaExamine',
      purchase({ oaExamine: { categoryId, examineId, content: '采购投影仪（附报价）' } }),
    );
    expect(resent.data).toMatchObject({ examineId, recordId, status: 0 });

    await call('zhaoqiang', '/OaExamine/auditExamine', { recordId, status: 1 });
    expect(
      (await call('liuyang', '/OaExamine/auditExamine', { recordId, status: 1, remarks: '同意' })).data.status,
    ).toBe(1);
    expect((await call('zhaoqiang', '/OaExamine/myOaExamine', { type: 2 })).data.list[0].status).toBe(1);

    const copied = await call('huangmin', '/OaExamine/myCopyExamine');
    expect(copied.data.list[0]).toMatchObject({ examineId, read: false });
    const seen = await call('huangmin', '/OaExamine/queryOaExamineInfo', { examineId });
    expect(seen.data.history.map((h: { kind: string }) => h.kind)).toEqual([
      'submit',
      'approve',
      'reject',
      'finish',
      'submit',
      'approve',
      'approve',
      'finish',
    ]);
    expect((await call('huangmin', '/OaExamine/myCopyExamine')).data.list[0].read).toBe(true);

    const stranger = await call('zhenghao', '/OaExamine/queryOaExamineInfo', { examineId });
    expect(stranger.msg).toBe(Msg.forbidden);
    expect((await call('admin', '/OaExamine/queryOaExamineInfo', { examineId })).code).toBe(0);
  });
});

describe('validation', () => {
  it.each([
    [
      'general without content',
      () => ({ oaExamine: { categoryId: generalId, detail: 'x' }, checkUserId: [ids.liming] }),
      '请输入审批内容',
    ],
    [
      'general without detail',
      () => ({ oaExamine: { categoryId: generalId, content: 'x' }, checkUserId: [ids.liming] }),
      '请输入审批详情',
    ],
    [
      'chosen flow without approver',
      () => ({ oaExamine: { categoryId: generalId, content: 'x', detail: 'y' } }),
      '至少选择一个审批人',
    ],
    ['required custom field', () => purchase({}, [['field_2', '10']]), '采购物品不能为空'],
    [
      'currency format',
      () =>
        purchase({}, [
          ['field_1', 'x'],
          ['field_2', '1.234'],
        ]),
      '货币的整数部分须少于10位，小数部分须少于2位',
    ],
    ['unknown category', () => ({ oaExamine: { categoryId: 99999 } }), ExamineFormMsg.categoryUnavailable],
    [
      'more than twenty approver levels',
      () => ({
        oaExamine: { categoryId: generalId, content: 'x', detail: 'y' },
        checkUserId: Array(21).fill(ids.liming),
      }),
      '审批人最多设置20级',
    ],
  ])('refuses %s', async (_name, body, msg) => {
    const res = await call('sunli', '/OaExamine/setOaExamine', body());
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe(msg);
  });

  it('checks every field type on the server: dates, people, departments, files', async () => {
    const created = await call('yangfan', '/OaExamineCategory/setExamineCategory', {
      title: '用车申请',
      examineType: 2,
    });
    const id = created.data.categoryId;
    const saved = await call('yangfan', '/field/examineFieldSave', {
      categoryId: id,
      fields: [
        { name: '用车日期', formType: 'date' },
        { name: '出发时间', formType: 'datetime' },
        { name: '同行人', formType: 'user' },
        { name: '用车部门', formType: 'structure' },
        { name: '附件', formType: 'file' },
      ],
    });
    expect(saved.code).toBe(0);
    const good: Record<string, unknown> = {
      field_1: '2026-11-30',
      field_2: '2026-11-30 08:30:00',
      field_3: `${ids.liming},${ids.wufang}`,
      field_4: '1',
      field_5: 'c0ffee-batch_1',
    };
    const submit = (values: Record<string, unknown>) =>
      call('sunli', '/OaExamine/setOaExamine', {
        oaExamine: { categoryId: id, batchId: `b-${Math.random()}`.replace('.', '') },
        field: Object.entries(values).map(([fieldName, value]) => ({ fieldName, value })),
        checkUserId: [ids.liming],
      });
    for (const [key, value, msg] of [
      ['field_1', '2026-02-30', '用车日期格式有误'],
      ['field_2', '明天早上', '出发时间格式有误'],
      ['field_3', 'zhangsan', '同行人格式有误'],
      ['field_4', { deptId: 1 }, '用车部门格式有误'],
      ['field_5', '../../etc/passwd', '附件格式有误'],
    ] as const) {
      const res = await submit({ ...good, [key]: value });
      expect([key, res.code, res.msg]).toEqual([key, 400, msg]);
    }
    expect((await submit(good)).code).toBe(0);
  });

  it('answers not found and refuses people without approvals', async () => {
    expect((await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId: 99999 })).msg).toBe('审批不存在');
    expect((await call('sunli', '/OaExamine/auditExamine', { recordId: 99999, status: 1 })).msg).toBe('审批不存在');
    // Someone whose roles grant no office permission cannot use approvals at all.
    const token = await signInNewUser('crmonly', { roles: ['销售'], dept: '总经办' });
    for (const url of [
      '/OaExamine/myInitiate',
      '/OaExamine/setOaExamine',
      '/OaExamineCategory/queryCategoryGroups',
      '/OaExamineCategory/queryAllExamineCategoryList',
    ]) {
      expect((await t.post(url, {}, token)).msg).toBe(Msg.forbidden);
    }
  });
});

describe('general approval with chosen approvers, and the DingTalk-style actions', () => {
  const submitGeneral = async (approvers: number[]) =>
    (
      await call('sunli', '/OaExamine/setOaExamine', {
        oaExamine: { categoryId: generalId, content: '团建费用', detail: '周五团建', batchId: `g-${Math.random()}` },
        checkUserId: approvers.join(','),
      })
    ).data as { examineId: number; recordId: number };

  it('withdraw needs a reason; urge at most once an hour; comments', async () => {
    const { examineId, recordId } = await submitGeneral([ids.liming!]);
    expect((await call('sunli', '/OaExamine/urge', { recordId })).code).toBe(0);
    expect((await call('sunli', '/OaExamine/urge', { recordId })).msg).toBe(ExamineFormMsg.urgeTooOften);
    expect((await call('liming', '/OaExamine/myOaExamine', { type: 1 })).data.list[0].urgedTime).toBeTruthy();
    expect((await call('liming', '/OaExamine/comment', { recordId, content: '预算多少？' })).code).toBe(0);
    expect((await call('zhenghao', '/OaExamine/comment', { recordId, content: 'x' })).msg).toBe(Msg.forbidden);
    expect((await call('sunli', '/OaExamine/auditExamine', { recordId, status: 4 })).msg).toBe(
      ExamineMsg.withdrawRemarks,
    );
    expect((await call('liming', '/OaExamine/auditExamine', { recordId, status: 4, remarks: 'x' })).msg).toBe(
      ExamineMsg.withdrawOnlyApplicant,
    );
    expect((await call('sunli', '/OaExamine/auditExamine', { recordId, status: 4, remarks: '改期' })).data.status).toBe(
      4,
    );
    const detail = await call('sunli', '/OaExamine/queryOaExamineInfo', { examineId });
    expect(detail.data.comments[0]).toMatchObject({ content: '预算多少？' });
    expect((await call('sunli', '/OaExamine/deleteOaExamine', { examineId })).code).toBe(0);
    expect(
      (await call('sunli', '/OaExamine/myInitiate', { status: 4 })).data.list.map(
        (r: { examineId: number }) => r.examineId,
      ),
    ).not.toContain(examineId);
  });

  it('transfer, add approver after, pass on to a next approver, return to the applicant', async () => {
    const { recordId } = await submitGeneral([ids.zhaoqiang!, ids.liming!]);
    expect((await call('zhaoqiang', '/OaExamine/transfer', { recordId, toUserId: ids.zhaoqiang })).msg).toBe(
      ExamineMsg.transferSelf,
    );
    expect(
      (await call('zhaoqiang', '/OaExamine/transfer', { recordId, toUserId: ids.chenjing, remarks: '请财务看' })).code,
    ).toBe(0);
    expect(
      (await call('chenjing', '/OaExamine/addApprover', { recordId, userIds: [ids.liuyang], position: 'after' })).code,
    ).toBe(0);
    // Only chosen levels may name a next approver, not a step added by 加签.
    expect(
      (await call('liuyang', '/OaExamine/auditExamine', { recordId, status: 1, nextUserId: ids.huangmin })).msg,
    ).toBe(ExamineMsg.nextOnlyChosen);
    expect((await call('liuyang', '/OaExamine/auditExamine', { recordId, status: 1 })).code).toBe(0);
    expect(
      (await call('liming', '/OaExamine/auditExamine', { recordId, status: 1, nextUserId: ids.huangmin })).data.status,
    ).toBe(3);
    expect((await call('huangmin', '/OaExamine/returnExamine', { recordId, toStepId: 0 })).msg).toBe(
      ExamineMsg.returnRemarks,
    );
    const back = await call('huangmin', '/OaExamine/returnExamine', { recordId, toStepId: 0, remarks: '补充预算' });
    expect(back.data.status).toBe(5);
  });

  it('lists the department-grouped people and the flow info of a category', async () => {
    const groups = await call('sunli', '/OaExamine/queryExamineUserList');
    expect(
      groups.data
        .find((g: { deptName: string }) => g.deptName === '财务部')
        .userList.map((u: { realName: string }) => u.realName),
    ).toEqual(['陈静', '刘洋', '李娜']);
    const flow = await call('sunli', '/OaExamine/queryExamineFlowInfo', { categoryId });
    expect(flow.data).toMatchObject({
      examineType: 1,
      examineSteps: [{ stepType: 1 }, { stepType: 2, userList: [{ realname: '陈静' }, { realname: '刘洋' }] }],
    });
    const presets = await call('sunli', '/OaExamineCategory/queryExamineUsers', { categoryId });
    expect(presets.data.ccUsers).toEqual([{ userId: ids.huangmin, realname: '黄敏' }]);
  });
});

describe('lists page in SQL', () => {
  it('answers the page asked for with the total of all pages, newest first', async () => {
    const made: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await call('zhenghao', '/OaExamine/setOaExamine', {
        oaExamine: { categoryId: generalId, content: `报销${n}`, detail: '明细', batchId: `p-${n}-${Math.random()}` },
        checkUserId: [ids.wufang],
      });
      made.push(res.data.examineId);
    }
    const first = await call('zhenghao', '/OaExamine/myInitiate', { page: 1, limit: 2 });
    const second = await call('zhenghao', '/OaExamine/myInitiate', { page: 2, limit: 2 });
    expect(first.data.totalRow).toBe(3);
    expect(first.data.list.map((r: { content: string }) => r.content)).toEqual(['报销3', '报销2']);
    expect(second.data.list.map((r: { examineId: number }) => r.examineId)).toEqual([made[0]]);
    const waiting = await call('wufang', '/OaExamine/myOaExamine', { type: 1, limit: 2, search: '报销' });
    expect(waiting.data).toMatchObject({ totalRow: 3, page: 1, limit: 2 });
    expect(waiting.data.list[0]).toMatchObject({ createUserName: '郑浩', currentApprovers: '吴芳', status: 0 });
  });
});

describe('the lists on the shared list builder', () => {
  const general = (who: string, content: string, approver: string) =>
    call(who, '/OaExamine/setOaExamine', {
      oaExamine: { categoryId: generalId, content, detail: '明细', batchId: `lb-${Math.random()}` },
      checkUserId: [ids[approver]],
    });

  it('past the last page answers the real total and an empty list, in every tab', async () => {
    await general('chenjing', '翻页测试', 'huangmin');
    for (const [who, url, body] of [
      ['chenjing', '/OaExamine/myInitiate', {}],
      ['huangmin', '/OaExamine/myOaExamine', { type: 1 }],
    ] as const) {
      const all = await call(who, url, body);
      expect(all.data.totalRow).toBeGreaterThan(0);
      const past = await call(who, url, { ...body, page: 50, limit: 10 });
      expect(past.data).toMatchObject({ list: [], totalRow: all.data.totalRow, page: 50, limit: 10, lastPage: true });
    }
  });

  it('a search for % or _ finds those characters, not everything', async () => {
    await general('chenjing', '完成率100%', 'huangmin');
    await general('chenjing', '完成率1000', 'huangmin');
    await general('chenjing', '编号a_b', 'huangmin');
    await general('chenjing', '编号axb', 'huangmin');
    const contents = async (search: string) =>
      (await call('chenjing', '/OaExamine/myInitiate', { search })).data.list.map(
        (r: { content: string }) => r.content,
      );
    expect(await contents('%')).toEqual(['完成率100%']);
    expect(await contents('a_b')).toEqual(['编号a_b']);
    expect(await contents('_')).toEqual(['编号a_b']);
    expect(
      (await call('huangmin', '/OaExamine/myOaExamine', { type: 1, search: '100%' })).data.list.map(
        (r: { content: string }) => r.content,
      ),
    ).toEqual(['完成率100%']);
  });

  it('sorts on the declared fields only', async () => {
    expect((await call('chenjing', '/OaExamine/myInitiate', { sortField: 'content; drop table x' })).msg).toBe(
      '不支持按该字段排序',
    );
    expect((await call('huangmin', '/OaExamine/myOaExamine', { type: 1, sortField: 'remark' })).msg).toBe(
      '不支持按该字段排序',
    );
    const oldest = await call('chenjing', '/OaExamine/myInitiate', { sortField: 'createTime', order: 'asc' });
    expect(oldest.code).toBe(0);
    expect(oldest.data.list[0].content).toBe('翻页测试');
  });
});

describe('resubmission', () => {
  it('moves the submission time in the lists and the detail; the history keeps the first', async () => {
    const first = await call('liuyang', '/OaExamine/setOaExamine', {
      oaExamine: { categoryId: generalId, content: '重新提交测试', detail: '明细', batchId: `rs-${Math.random()}` },
      checkUserId: [ids.wufang],
    });
    const { examineId, recordId } = first.data;
    const later = await call('liuyang', '/OaExamine/setOaExamine', {
      oaExamine: { categoryId: generalId, content: '之后的一条', detail: '明细', batchId: `rs-${Math.random()}` },
      checkUserId: [ids.wufang],
    });
    expect(later.code).toBe(0);
    const before = (await call('liuyang', '/OaExamine/myInitiate')).data.list;
    expect(before.map((r: { examineId: number }) => r.examineId)[0]).toBe(later.data.examineId);
    const firstRow = before.find((r: { examineId: number }) => r.examineId === examineId);

    expect((await call('liuyang', '/OaExamine/auditExamine', { recordId, status: 4, remarks: '补充材料' })).code).toBe(
      0,
    );
    await new Promise((r) => setTimeout(r, 20));
    const resent = await call('liuyang', '/OaExamine/setOaExamine', {
      oaExamine: { categoryId: generalId, examineId, content: '重新提交测试', detail: '补充后', batchId: '' },
      checkUserId: [ids.wufang],
    });
    expect(resent.code).toBe(0);

    const mine = (await call('liuyang', '/OaExamine/myInitiate')).data.list;
    // The resubmitted approval is the newest submission now, and shows when it was sent again.
    expect(mine[0].examineId).toBe(examineId);
    expect(mine[0].createTime).toBe(firstRow.createTime);
    // Times are company-zone text to the second, which sorts as the instants do.
    expect(mine[0].submitTime >= firstRow.submitTime).toBe(true);
    const waiting = (await call('wufang', '/OaExamine/myOaExamine', { type: 1 })).data.list;
    expect(waiting.find((r: { examineId: number }) => r.examineId === examineId).submitTime).toBe(mine[0].submitTime);

    const detail = (await call('liuyang', '/OaExamine/queryOaExamineInfo', { examineId })).data;
    expect(detail.createTime).toBe(firstRow.createTime);
    expect(detail.submitTime).toBe(mine[0].submitTime);
    const submits = detail.history.filter((h: { kind: string }) => h.kind === 'submit');
    expect(submits).toHaveLength(2);
    expect(submits[0].time <= submits[1].time).toBe(true);
  });
});
