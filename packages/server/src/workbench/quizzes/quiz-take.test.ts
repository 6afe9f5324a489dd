import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { download, sheetRows } from '../../crm/records/excel/test-support.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orgIds, people } from '../../test/people.ts';
import { inMinutes, safetyQuestions } from './test-support.ts';

/**
 * Taking a quiz (issue 25): assigned to 销售一部 (赵强, 孙丽, 周杰) and 陈静 (财务部). 郑浩 (销售二部)
 * is not assigned. zhaoqiang's 销售经理 role sees the results of 销售一部 only (own and child
 * departments); admin sees everyone.
 */
let t: TestApp;
const { call, signIn, ids, tokens } = people(() => t);
let quizId: number;
let items: { itemId: number; stem: string }[];
const db = () => t.database.db;

/** The right answers by item id (the paper never carries them). */
let right: Record<string, number[]>;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'zhaoqiang', 'sunli', 'zhoujie', 'chenjing', 'zhenghao']);
  const dept = (await orgIds(t)).dept;
  const bankId = (await call('admin', '/OaQuiz/saveBank', { name: '治疗安全' })).data.bankId;
  const qids: number[] = [];
  for (const q of safetyQuestions(bankId)) qids.push((await call('admin', '/OaQuiz/saveQuestion', q)).data.questionId);
  const made = await call('admin', '/OaQuiz/saveQuiz', {
    title: '治疗安全月考',
    startTime: inMinutes(-60),
    endTime: inMinutes(24 * 60),
    timeLimit: 30,
    passScore: 30,
    deptIds: [dept.销售一部],
    userIds: [ids.chenjing],
    bankId,
    questionIds: qids,
  });
  quizId = made.data.quizId;
  items = (await call('admin', '/OaQuiz/quizInfo', { quizId })).data.items;
  right = Object.fromEntries(
    (await call('admin', '/OaQuiz/quizInfo', { quizId })).data.items.map((i: { itemId: number; answer: number[] }) => [
      String(i.itemId),
      i.answer,
    ]),
  );
});
afterAll(() => t.close());

const itemKey = (n: number) => () => String(items[n]!.itemId);
const [single, multi, judge] = [itemKey(0), itemKey(1), itemKey(2)];

describe('taking a quiz', () => {
  it('lists it for an assigned person, starts it with a paper without answers', async () => {
    const mine = await call('sunli', '/OaQuiz/myQuizzes', {});
    expect(mine.data.list).toEqual([
      expect.objectContaining({ quizId, title: '治疗安全月考', myStatus: 0, phase: 2, totalScore: 40, score: null }),
    ]);
    const paper = await call('sunli', '/OaQuiz/start', { quizId });
    expect(paper).toMatchObject({ code: 0, data: { quizId, totalScore: 40, passScore: 30, answers: {} } });
    expect(paper.data.items).toHaveLength(3);
    for (const i of paper.data.items)
      expect(Object.keys(i).sort()).toEqual(['itemId', 'options', 'score', 'stem', 'type']);
    const minutes =
      (Date.parse(paper.data.deadline.replace(' ', 'T')) - Date.parse(paper.data.serverTime.replace(' ', 'T'))) /
      60_000;
    expect(Math.round(minutes)).toBe(30);
    expect((await call('sunli', '/OaQuiz/myQuizzes', {})).data.list[0].myStatus).toBe(1);
  });

  it('keeps saved answers and returns them when the paper is opened again', async () => {
    expect(await call('sunli', '/OaQuiz/saveAnswers', { quizId, answers: { [single()]: [0] } })).toMatchObject({
      code: 0,
    });
    const again = await call('sunli', '/OaQuiz/start', { quizId });
    expect(again.data.answers).toEqual({ [single()]: [0] });
    expect(await call('sunli', '/OaQuiz/saveAnswers', { quizId, answers: { 999999: [0] } })).toMatchObject({
      code: 400,
      msg: '答案格式有误',
    });
    expect(await call('sunli', '/OaQuiz/saveAnswers', { quizId, answers: { [single()]: [5] } })).toMatchObject({
      code: 400,
      msg: '答案格式有误',
    });
  });

  it('scores on the server and counts a double submit once', async () => {
    const answers = { [multi()]: [3, 1, 0], [judge()]: [1] };
    const [a, b] = await Promise.all([
      call('sunli', '/OaQuiz/submit', { quizId, answers }),
      call('sunli', '/OaQuiz/submit', { quizId, answers }),
    ]);
    expect(a.data).toEqual(b.data);
    expect(b).toMatchObject({
      code: 0,
      data: { score: 40, passed: true, late: false, autoSubmitted: false, closed: false },
    });
    const [c, d] = await Promise.all([
      call('sunli', '/OaQuiz/submit', { quizId, answers: {} }),
      call('sunli', '/OaQuiz/submit', { quizId, answers: { [single()]: [1] } }),
    ]);
    expect([c.data.score, d.data.score]).toEqual([40, 40]);
    const [counted] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from quiz_attempt_item x join quiz_attempt a using (attempt_id)
          where a.quiz_id = ${quizId} and a.user_id = ${ids.sunli}`,
    );
    expect(Number(counted?.n)).toBe(3);
    // Before the quiz closes the answers stay hidden.
    expect(b.data.items[0]).toMatchObject({ chosen: [0], correct: null, answer: null, explanation: null });
    expect(await call('sunli', '/OaQuiz/saveAnswers', { quizId, answers: {} })).toMatchObject({
      code: 400,
      msg: '你已交卷，不能再修改答案',
    });
    expect(await call('sunli', '/OaQuiz/start', { quizId })).toMatchObject({
      code: 400,
      msg: '你已交卷，不能再修改答案',
    });
  });

  it('refuses someone the quiz is not assigned to', async () => {
    expect(await call('zhenghao', '/OaQuiz/start', { quizId })).toMatchObject({
      code: 403,
      msg: '这场考试没有安排给你',
    });
    expect((await call('zhenghao', '/OaQuiz/myQuizzes', {})).data.totalRow).toBe(0);
    expect(await call('zhenghao', '/OaQuiz/submit', { quizId, answers: {} })).toMatchObject({
      code: 400,
      msg: '请先开始考试',
    });
  });

  it('past the deadline refuses new answers and counts only what was saved', async () => {
    await call('chenjing', '/OaQuiz/start', { quizId });
    await call('chenjing', '/OaQuiz/saveAnswers', { quizId, answers: { [multi()]: [0, 1, 3] } });
    await db().execute(
      sql`update quiz_attempt set deadline = now() - interval '1 minute' where quiz_id = ${quizId} and user_id = ${ids.chenjing}`,
    );
    const late = await call('chenjing', '/OaQuiz/submit', { quizId, answers: { [single()]: [0], [judge()]: [1] } });
    expect(late).toMatchObject({ code: 0, data: { score: 20, passed: false, late: true } });
  });

  it('hands in an abandoned paper with what was saved when its time is up', async () => {
    await call('zhoujie', '/OaQuiz/start', { quizId });
    await call('zhoujie', '/OaQuiz/saveAnswers', { quizId, answers: { [single()]: [0], [judge()]: [0] } });
    await db().execute(
      sql`update quiz_attempt set started_at = now() - interval '40 minutes', deadline = now() - interval '10 minutes'
          where quiz_id = ${quizId} and user_id = ${ids.zhoujie}`,
    );
    expect(await call('zhoujie', '/OaQuiz/saveAnswers', { quizId, answers: { [judge()]: [1] } })).toMatchObject({
      code: 400,
      msg: '考试时间已到，不能再修改答案',
    });
    const result = await call('zhoujie', '/OaQuiz/myResult', { quizId });
    expect(result.data).toMatchObject({ score: 10, passed: false, autoSubmitted: true, timeUsed: 30 * 60 });
  });
});

describe('results', () => {
  it('ranks the takers, lists who has not taken it, within the viewer’s data scope', async () => {
    const all = await call('admin', '/OaQuiz/results', { quizId });
    expect(
      all.data.list.map((r: { realname: string; score: number | null; rank: number | null; status: number }) => [
        r.realname,
        r.status,
        r.score,
        r.rank,
      ]),
    ).toEqual([
      ['孙丽', 2, 40, 1],
      ['陈静', 2, 20, 2],
      ['周杰', 2, 10, 3],
      ['赵强', 0, null, null],
    ]);
    expect(all.data.list[2]).toMatchObject({ autoSubmitted: true, timeUsed: 1800, passed: false });
    const notYet = await call('admin', '/OaQuiz/results', { quizId, status: 0 });
    expect(notYet.data.list.map((r: { userId: number }) => r.userId)).toEqual([ids.zhaoqiang]);
    // 赵强's scope is 销售一部: 陈静 of 财务部 is not his to see.
    const team = await call('zhaoqiang', '/OaQuiz/results', { quizId });
    expect(team.data.list.map((r: { realname: string }) => r.realname)).toEqual(['孙丽', '周杰', '赵强']);
    const list = await call('zhaoqiang', '/OaQuiz/quizList', {});
    expect(list.data.list.find((q: { quizId: number }) => q.quizId === quizId)).toMatchObject({
      assignedCount: 3,
      submittedCount: 2,
    });
  });

  it('counts each question’s error rate among the hand-ins in scope', async () => {
    const stats = await call('admin', '/OaQuiz/stats', { quizId });
    // 孙丽 all right; 陈静 the multiple choice only; 周杰 the single choice only.
    expect(stats.data).toMatchObject({ assigned: 4, submitted: 3, passed: 1, notTaken: 1, averageScore: 23.3 });
    expect(
      stats.data.items.map((i: { answered: number; wrong: number; errorRate: number }) => [
        i.answered,
        i.wrong,
        i.errorRate,
      ]),
    ).toEqual([
      [3, 1, 0.333],
      [3, 1, 0.333],
      [3, 2, 0.667],
    ]);
    const team = await call('zhaoqiang', '/OaQuiz/stats', { quizId });
    expect(team.data).toMatchObject({ assigned: 3, submitted: 2, notTaken: 1 });
    expect(team.data.items.map((i: { wrong: number }) => i.wrong)).toEqual([0, 1, 1]);
  });

  it('exports the ranking and the error rates to Excel', async () => {
    const res = await download(t, '/OaQuiz/excelExport', { quizId }, tokens.zhaoqiang);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['名次', '姓名', '部门', '状态', '得分', '是否及格', '用时', '交卷时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([
      [1, '孙丽', '销售一部', '已交卷', 40, '及格'],
      // The place in the whole quiz: 陈静 (out of 赵强's scope) is second.
      [3, '周杰', '销售一部', '已交卷（到时自动交卷）', 10, '不及格'],
      ['', '赵强', '销售一部', '未参加', '', ''],
    ]);
  });

  it('shows the right answers once the quiz has closed', async () => {
    // 赵强 is answering when a manager moves the close before his deadline: his time ends with it.
    await call('zhaoqiang', '/OaQuiz/start', { quizId });
    await call('zhaoqiang', '/OaQuiz/saveAnswers', { quizId, answers: { [single()]: [0] } });
    await db().execute(sql`update quiz set end_time = now() - interval '1 minute' where quiz_id = ${quizId}`);
    expect(await call('zhaoqiang', '/OaQuiz/saveAnswers', { quizId, answers: { [judge()]: [1] } })).toMatchObject({
      code: 400,
      msg: '考试时间已到，不能再修改答案',
    });
    expect((await call('zhaoqiang', '/OaQuiz/myResult', { quizId })).data).toMatchObject({
      score: 10,
      autoSubmitted: true,
    });
    const result = await call('chenjing', '/OaQuiz/myResult', { quizId });
    expect(result.data.closed).toBe(true);
    expect(result.data.items.map((i: { correct: boolean; answer: number[] }) => [i.correct, i.answer])).toEqual([
      [false, right[single()]],
      [true, right[multi()]],
      [false, right[judge()]],
    ]);
    expect(result.data.items[1].explanation).toBe('耗材须分类存放');
  });

  it('opens a quiz only within its period', async () => {
    const bankId = (await call('admin', '/OaQuiz/saveBank', { name: '时段' })).data.bankId;
    await call('admin', '/OaQuiz/saveQuestion', safetyQuestions(bankId)[2]);
    const quiz = async (from: number, to: number) =>
      (
        await call('admin', '/OaQuiz/saveQuiz', {
          title: '时段考试',
          startTime: inMinutes(from),
          endTime: inMinutes(to),
          timeLimit: 10,
          passScore: 5,
          userIds: [ids.sunli],
          bankId,
          randomCount: 1,
        })
      ).data.quizId;
    const later = await quiz(60, 120);
    const past = await quiz(-120, -60);
    expect(await call('sunli', '/OaQuiz/start', { quizId: later })).toMatchObject({ code: 400, msg: '考试还没有开始' });
    expect(await call('sunli', '/OaQuiz/start', { quizId: past })).toMatchObject({ code: 400, msg: '考试已结束' });
    const mine = await call('sunli', '/OaQuiz/myQuizzes', {});
    expect(
      mine.data.list.filter((q: { title: string }) => q.title === '时段考试').map((q: { phase: number }) => q.phase),
    ).toEqual([1, 3]);
  });
});
