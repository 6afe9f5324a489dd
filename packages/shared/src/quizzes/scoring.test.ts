import { describe, expect, it } from 'vitest';
import { quizQuestionSaveSchema, quizSaveSchema } from './schemas.ts';
import { isCorrect, isLate, quizDeadline, SUBMIT_GRACE_MS, scorePaper } from './scoring.ts';

describe('isCorrect', () => {
  it('single choice: exactly the right option', () => {
    expect(isCorrect(1, [2], [2])).toBe(true);
    expect(isCorrect(1, [2], [1])).toBe(false);
    expect(isCorrect(1, [2], [2, 1])).toBe(false);
    expect(isCorrect(1, [2], [])).toBe(false);
    expect(isCorrect(1, [2], undefined)).toBe(false);
  });

  it('multiple choice: all or nothing, in any order', () => {
    expect(isCorrect(2, [0, 2], [2, 0])).toBe(true);
    expect(isCorrect(2, [0, 2], [0, 2, 2])).toBe(true);
    expect(isCorrect(2, [0, 2], [0])).toBe(false);
    expect(isCorrect(2, [0, 2], [0, 1, 2])).toBe(false);
    expect(isCorrect(2, [0, 2], [])).toBe(false);
  });

  it('judgement: 正确 is 0, 错误 is 1, one only', () => {
    expect(isCorrect(3, [0], [0])).toBe(true);
    expect(isCorrect(3, [0], [1])).toBe(false);
    expect(isCorrect(3, [1], [0, 1])).toBe(false);
  });
});

describe('scorePaper', () => {
  const items = [
    { itemId: 1, type: 1 as const, answer: [1], score: 10 },
    { itemId: 2, type: 2 as const, answer: [0, 3], score: 20 },
    { itemId: 3, type: 3 as const, answer: [1], score: 5 },
  ];
  it('adds the scores of the right items only', () => {
    expect(scorePaper(items, { 1: [1], 2: [0, 3], 3: [1] })).toMatchObject({ score: 35, correctCount: 3 });
    expect(scorePaper(items, { 1: [1], 2: [0], 3: [0] })).toEqual({
      score: 10,
      correctCount: 1,
      items: [
        { itemId: 1, correct: true },
        { itemId: 2, correct: false },
        { itemId: 3, correct: false },
      ],
    });
    expect(scorePaper(items, {}).score).toBe(0);
  });

  it('ignores answers to items not on the paper', () => {
    expect(scorePaper(items, { 99: [0], 1: [1] }).score).toBe(10);
  });
});

describe('the deadline', () => {
  const start = new Date('2026-11-26T02:00:00Z');
  const close = new Date('2026-11-26T10:00:00Z');
  it('is the start plus the limit, never past the close', () => {
    expect(quizDeadline(start, 30, close).toISOString()).toBe('2026-11-26T02:30:00.000Z');
    expect(quizDeadline(new Date('2026-11-26T09:50:00Z'), 30, close).toISOString()).toBe(close.toISOString());
  });

  it('takes answers up to the grace after it, not later', () => {
    const deadline = quizDeadline(start, 30, close);
    expect(isLate(deadline, new Date(deadline.getTime() - 1000))).toBe(false);
    expect(isLate(deadline, new Date(deadline.getTime() + SUBMIT_GRACE_MS))).toBe(false);
    expect(isLate(deadline, new Date(deadline.getTime() + SUBMIT_GRACE_MS + 1))).toBe(true);
  });
});

describe('question rules', () => {
  const base = { bankId: 1, stem: '治疗前要核对什么？', score: 5 };
  const issue = (q: Record<string, unknown>) => {
    const r = quizQuestionSaveSchema.safeParse({ ...base, ...q });
    return r.success ? null : r.error.issues[0]?.message;
  };
  it.each([
    [{ type: 1, options: ['A'], answer: [0] }, '至少需要两个选项'],
    [{ type: 1, options: ['A', 'A'], answer: [0] }, '选项不能重复'],
    [{ type: 1, options: ['A', 'B'], answer: [0, 1] }, '单选题只能有一个正确答案'],
    [{ type: 1, options: ['A', 'B'], answer: [2] }, '正确答案有误'],
    [{ type: 1, options: ['A', ''], answer: [0] }, '选项内容不能为空'],
    [{ type: 2, options: ['A', 'B', 'C'], answer: [1] }, '多选题至少要有两个正确答案'],
    [{ type: 2, options: ['A', 'B', 'C'], answer: [] }, '请选择正确答案'],
    [{ type: 3, answer: [2] }, '正确答案有误'],
    [{ type: 3, answer: [0, 1] }, '判断题的答案只能是正确或错误'],
    [{ type: 4, options: ['A', 'B'], answer: [0] }, '请选择题型'],
    [{ type: 1, options: ['A', 'B'], answer: [0], score: 0 }, '分值须在1到100之间'],
    [{ type: 1, options: ['A', 'B'], answer: [0], stem: ' ' }, '请输入题目内容'],
  ])('refuses %o with %s', (q, msg) => {
    expect(issue(q)).toBe(msg);
  });

  it('gives a judgement its fixed options', () => {
    const q = quizQuestionSaveSchema.parse({ ...base, type: 3, options: ['x', 'y', 'z'], answer: [1] });
    expect(q.options).toEqual(['正确', '错误']);
  });
});

describe('quiz rules', () => {
  const base = {
    title: '安全考试',
    startTime: '2026-11-26 09:00',
    endTime: '2026-11-30 18:00',
    timeLimit: 30,
    passScore: 60,
    deptIds: [1],
    bankId: 1,
    randomCount: 5,
  };
  const issue = (q: Record<string, unknown>) => {
    const r = quizSaveSchema.safeParse({ ...base, ...q });
    return r.success ? null : r.error.issues[0]?.message;
  };
  it.each([
    [{ endTime: '2026-11-26 08:00' }, '结束时间须晚于开始时间'],
    [{ startTime: '' }, '请选择开始时间'],
    [{ deptIds: [], userIds: [] }, '请选择参加考试的部门或人员'],
    [{ randomCount: undefined }, '请选择题目或填写随机抽题数量'],
    [{ questionIds: [3] }, '选择题目和随机抽题只能二选一'],
    [{ timeLimit: 0 }, '考试时长须在1到600分钟之间'],
    [{ quizId: 4 }, '考试创建后不能更换题目，请新建考试'],
  ])('refuses %o with %s', (q, msg) => {
    expect(issue(q)).toBe(msg);
  });
  it('takes a valid quiz', () => {
    expect(issue({})).toBeNull();
  });
});
