import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { orgIds, people } from '../../test/people.ts';
import { inMinutes, safetyQuestions } from './test-support.ts';

/**
 * Quizzes (issue 25): banks, questions and quizzes, run by those holding oa:quiz:manage (admin,
 * the 销售经理 zhaoqiang); sunli (普通员工) only takes quizzes; crmonly holds neither leaf.
 */
let t: TestApp;
const { call, signIn, signInNewUser, ids } = people(() => t);
const refused = { code: 403, msg: '无权访问' };
let dept: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'zhaoqiang', 'sunli']);
  await signInNewUser('crmonly', { roles: ['销售'], dept: '总经办' });
  dept = (await orgIds(t)).dept;
});
afterAll(() => t.close());

async function newBank(name: string) {
  const res = await call('admin', '/OaQuiz/saveBank', { name, description: '治疗安全' });
  expect(res).toMatchObject({ code: 0 });
  return res.data.bankId as number;
}

async function withQuestions(name: string) {
  const bankId = await newBank(name);
  const qids: number[] = [];
  for (const q of safetyQuestions(bankId)) qids.push((await call('admin', '/OaQuiz/saveQuestion', q)).data.questionId);
  return { bankId, qids };
}

const quizBody = (extra: Record<string, unknown>) => ({
  title: '治疗安全月考',
  startTime: inMinutes(-60),
  endTime: inMinutes(24 * 60),
  timeLimit: 30,
  passScore: 30,
  deptIds: [dept.销售一部],
  ...extra,
});

describe('banks', () => {
  it('creates, renames, lists with the question count and deletes', async () => {
    const { bankId } = await withQuestions('服务规范');
    expect(await call('admin', '/OaQuiz/saveBank', { bankId, name: '服务规范（新）' })).toMatchObject({ code: 0 });
    const list = await call('zhaoqiang', '/OaQuiz/bankList', { search: '服务规范' });
    expect(list.data.list).toEqual([
      expect.objectContaining({ bankId, name: '服务规范（新）', questionCount: 3, createUserName: '系统管理员' }),
    ]);
    expect(await call('admin', '/OaQuiz/deleteBank', { bankId })).toMatchObject({ code: 0 });
    expect((await call('admin', '/OaQuiz/bankList', { search: '服务规范' })).data.totalRow).toBe(0);
    expect(await call('admin', '/OaQuiz/questionList', { bankId })).toMatchObject({ code: 404, msg: '题库不存在' });
    expect(await call('admin', '/OaQuiz/deleteBank', { bankId })).toMatchObject({ code: 404, msg: '题库不存在' });
  });

  it('refuses a second live bank of one name and an empty name', async () => {
    await newBank('消毒规范');
    expect(await call('zhaoqiang', '/OaQuiz/saveBank', { name: '消毒规范' })).toMatchObject({
      code: 400,
      msg: '题库名称已存在',
    });
    expect(await call('admin', '/OaQuiz/saveBank', { name: ' ' })).toMatchObject({ code: 400, msg: '请输入题库名称' });
  });
});

describe('questions', () => {
  it('saves the three types, edits one and deletes one', async () => {
    const { bankId, qids } = await withQuestions('题型');
    const list = await call('admin', '/OaQuiz/questionList', { bankId });
    expect(
      list.data.list.map((q: { type: number; options: string[]; answer: number[] }) => [q.type, q.answer]),
    ).toEqual([
      [1, [0]],
      [2, [0, 1, 3]],
      [3, [1]],
    ]);
    expect(list.data.list[2].options).toEqual(['正确', '错误']);
    const edit = await call(
      'admin',
      '/OaQuiz/saveQuestion',
      raw({
        ...safetyQuestions(bankId)[0],
        questionId: qids[0],
        score: 15,
      }),
    );
    expect(edit).toMatchObject({ code: 0, data: { questionId: qids[0] } });
    expect(await call('admin', '/OaQuiz/deleteQuestion', { questionId: qids[1] })).toMatchObject({ code: 0 });
    const after = await call('admin', '/OaQuiz/questionList', { bankId });
    expect(after.data.list.map((q: { score: number }) => q.score)).toEqual([15, 10]);
    expect(await call('admin', '/OaQuiz/deleteQuestion', { questionId: qids[1] })).toMatchObject({
      code: 404,
      msg: '题目不存在',
    });
  });

  it('refuses broken questions with their message', async () => {
    const bankId = await newBank('校验');
    const good = safetyQuestions(bankId)[0]!;
    const cases: [Record<string, unknown>, string][] = [
      [{ stem: '' }, '请输入题目内容'],
      [{ options: ['只有一个'] }, '至少需要两个选项'],
      [{ answer: [0, 1] }, '单选题只能有一个正确答案'],
      [{ type: 2, answer: [0] }, '多选题至少要有两个正确答案'],
      [{ answer: [] }, '请选择正确答案'],
      [{ score: 101 }, '分值须在1到100之间'],
      [{ bankId: 999999 }, '题库不存在'],
    ];
    for (const [extra, msg] of cases)
      expect([extra, await call('admin', '/OaQuiz/saveQuestion', { ...good, ...extra })]).toMatchObject([
        extra,
        { code: expect.any(Number), msg },
      ]);
  });

  it('saves a new question once however often its form is sent (double click)', async () => {
    const bankId = await newBank('双击');
    const body = { ...safetyQuestions(bankId)[2], batchId: 'quiz-q-double' };
    const [a, b] = await Promise.all([
      call('admin', '/OaQuiz/saveQuestion', raw(body)),
      call('admin', '/OaQuiz/saveQuestion', raw(body)),
    ]);
    expect(a.data.questionId).toBe(b.data.questionId);
    expect((await call('admin', '/OaQuiz/questionList', { bankId })).data.totalRow).toBe(1);
  });
});

describe('quizzes', () => {
  it('copies picked questions in the order picked, with takers by department and person', async () => {
    const { bankId, qids } = await withQuestions('月考题库');
    const res = await call('admin', '/OaQuiz/saveQuiz', {
      ...quizBody({ userIds: [ids.chenjing] }),
      bankId,
      questionIds: [qids[2], qids[0]],
      passScore: 20,
    });
    expect(res).toMatchObject({ code: 0 });
    const info = await call('admin', '/OaQuiz/quizInfo', { quizId: res.data.quizId });
    expect(info.data).toMatchObject({
      title: '治疗安全月考',
      totalScore: 20,
      questionCount: 2,
      phase: 2,
      depts: [{ deptId: dept.销售一部, name: '销售一部' }],
      users: [{ userId: ids.chenjing, realname: '陈静' }],
    });
    expect(info.data.items.map((i: { stem: string }) => i.stem)).toEqual([
      '顾客过敏史可以不问。',
      '注射类治疗前必须核对什么？',
    ]);
    // 销售一部 (赵强, 孙丽, 周杰) and 陈静.
    expect(info.data.assignedCount).toBe(4);
    // A later edit of the bank leaves the quiz's copy alone.
    await call(
      'admin',
      '/OaQuiz/saveQuestion',
      raw({
        ...safetyQuestions(bankId)[0],
        questionId: qids[0],
        stem: '改过的题',
      }),
    );
    const again = await call('admin', '/OaQuiz/quizInfo', { quizId: res.data.quizId });
    expect(again.data.items[1].stem).toBe('注射类治疗前必须核对什么？');
  });

  it('draws N random questions of the bank', async () => {
    const { bankId, qids } = await withQuestions('随机');
    const res = await call('admin', '/OaQuiz/saveQuiz', { ...quizBody({}), bankId, randomCount: 2, passScore: 10 });
    const info = await call('admin', '/OaQuiz/quizInfo', { quizId: res.data.quizId });
    expect(info.data.items).toHaveLength(2);
    const stems = safetyQuestions(bankId).map((q) => q.stem);
    for (const i of info.data.items) expect(stems).toContain(i.stem);
    expect(qids).toHaveLength(3);
  });

  it('refuses a quiz that cannot be taken', async () => {
    const { bankId, qids } = await withQuestions('校验考试');
    const other = await withQuestions('另一个题库');
    const cases: [Record<string, unknown>, string][] = [
      [{ bankId, questionIds: qids, passScore: 41 }, '及格分不能超过总分'],
      [{ bankId, questionIds: [other.qids[0]] }, '所选题目不在该题库中'],
      [{ bankId, randomCount: 4 }, '题库中的题目不够抽取'],
      [{ bankId, questionIds: qids, deptIds: [], userIds: [] }, '请选择参加考试的部门或人员'],
      [{ bankId, questionIds: qids, userIds: [999999] }, '所选成员不存在或已被禁用'],
      [{ bankId, questionIds: qids, endTime: inMinutes(-120) }, '结束时间须晚于开始时间'],
      [{ bankId, questionIds: qids, title: '' }, '请输入考试名称'],
      [{ bankId: 999999, randomCount: 1 }, '题库不存在'],
    ];
    for (const [extra, msg] of cases)
      expect([extra, await call('admin', '/OaQuiz/saveQuiz', quizBody(extra))]).toMatchObject([
        extra,
        { code: expect.any(Number), msg },
      ]);
  });

  it('edits all but the questions, lists and deletes', async () => {
    const { bankId, qids } = await withQuestions('编辑考试');
    const quizId = (await call('admin', '/OaQuiz/saveQuiz', { ...quizBody({}), bankId, questionIds: qids })).data
      .quizId;
    const edit = await call('zhaoqiang', '/OaQuiz/saveQuiz', {
      ...quizBody({ title: '治疗安全补考', deptIds: [], userIds: [ids.sunli] }),
      quizId,
    });
    expect(edit).toMatchObject({ code: 0, data: { quizId } });
    const info = await call('admin', '/OaQuiz/quizInfo', { quizId });
    expect(info.data).toMatchObject({
      title: '治疗安全补考',
      depts: [],
      users: [{ userId: ids.sunli }],
      questionCount: 3,
    });
    expect(await call('admin', '/OaQuiz/saveQuiz', { ...quizBody({}), quizId, bankId, randomCount: 1 })).toMatchObject({
      code: 400,
      msg: '考试创建后不能更换题目，请新建考试',
    });
    const list = await call('admin', '/OaQuiz/quizList', { search: '补考' });
    expect(list.data.list).toEqual([expect.objectContaining({ quizId, title: '治疗安全补考', assignedCount: 1 })]);
    expect(await call('admin', '/OaQuiz/deleteQuiz', { quizId })).toMatchObject({ code: 0 });
    expect(await call('admin', '/OaQuiz/quizInfo', { quizId })).toMatchObject({ code: 404, msg: '考试不存在' });
  });

  it('creates one quiz however often its form is sent (double click)', async () => {
    const { bankId, qids } = await withQuestions('双击考试');
    const body = { ...quizBody({ title: '双击考试' }), bankId, questionIds: qids, batchId: 'quiz-double' };
    const [a, b] = await Promise.all([
      call('admin', '/OaQuiz/saveQuiz', body),
      call('admin', '/OaQuiz/saveQuiz', body),
    ]);
    expect(a.data.quizId).toBe(b.data.quizId);
    expect((await call('admin', '/OaQuiz/quizList', { search: '双击考试' })).data.totalRow).toBe(1);
  });
});

describe('permissions', () => {
  it('keeps banks, quizzes and results to managers, and the quizzes to staff', async () => {
    for (const url of ['/OaQuiz/bankList', '/OaQuiz/quizList', '/OaQuiz/saveBank', '/OaQuiz/results', '/OaQuiz/stats'])
      expect([url, await call('sunli', url, { name: 'x', quizId: 1 })]).toMatchObject([url, refused]);
    for (const url of ['/OaQuiz/myQuizzes', '/OaQuiz/start', '/OaQuiz/submit'])
      expect([url, await call('crmonly', url, { quizId: 1 })]).toMatchObject([url, refused]);
    expect((await call('sunli', '/OaQuiz/myQuizzes', {})).code).toBe(0);
  });
});
