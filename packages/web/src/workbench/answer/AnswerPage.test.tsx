import type { MyQuizRow, QuizPaper, QuizResult } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../examine/test-utils';
import AnswerPage from './AnswerPage';
import BanksPanel from './BanksPanel';
import { QuestionForm } from './QuestionForm';

const row: MyQuizRow = {
  quizId: 7,
  title: '治疗安全月考',
  startTime: '2026-11-20 09:00:00',
  endTime: '2026-11-30 18:00:00',
  timeLimit: 30,
  passScore: 30,
  totalScore: 40,
  questionCount: 2,
  phase: 2,
  myStatus: 0,
  score: null,
  passed: null,
  deadline: null,
};
const paper: QuizPaper = {
  quizId: 7,
  title: '治疗安全月考',
  timeLimit: 30,
  passScore: 30,
  totalScore: 40,
  serverTime: '2026-11-26 10:00:00',
  deadline: '2026-11-26 10:30:00',
  items: [
    { itemId: 11, type: 2, stem: '治疗室消毒要做到哪些？', options: ['器械消毒', '随意摆放', '开窗通风'], score: 30 },
    { itemId: 12, type: 3, stem: '顾客过敏史可以不问。', options: ['正确', '错误'], score: 10 },
  ],
  answers: {},
};
const result: QuizResult = {
  quizId: 7,
  title: '治疗安全月考',
  score: 40,
  passed: true,
  totalScore: 40,
  passScore: 30,
  startTime: '2026-11-26 10:00:00',
  submitTime: '2026-11-26 10:05:30',
  timeUsed: 330,
  autoSubmitted: false,
  late: false,
  closed: false,
  items: paper.items.map((i) => ({ ...i, chosen: [0], correct: null, answer: null, explanation: null })),
};
const page = <T,>(list: T[]) => ({ list, totalRow: list.length, page: 1, limit: 15 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AnswerPage (/workbench/answer)', { timeout: 60_000 }, () => {
  it('lets a taker start a quiz, saves each choice, hands in once and shows the result', async () => {
    const calls = fakeFetch({
      '/OaQuiz/myQuizzes': page([row]),
      '/OaQuiz/start': paper,
      '/OaQuiz/saveAnswers': { savedTime: '2026-11-26 10:01:00' },
      '/OaQuiz/submit': result,
    });
    renderWithApp(<AnswerPage />, { permissions: ['oa:quiz:take'] });
    expect(await screen.findByText('治疗安全月考')).toBeTruthy();
    // A taker sees neither the banks nor the quizzes' management.
    expect(screen.queryByRole('tab', { name: '题库' })).toBeNull();
    fireEvent.click(screen.getByTestId('quiz-start-7'));
    const sheet = await screen.findByTestId('quiz-paper');
    // Counted on the server's clock: its time and the deadline are 30 minutes apart.
    expect(within(sheet).getByTestId('quiz-time-left').textContent).toMatch(/剩余时间 (30:00|29:5\d)/);
    fireEvent.click(within(sheet).getByLabelText('A. 器械消毒'));
    fireEvent.click(within(sheet).getByLabelText('C. 开窗通风'));
    fireEvent.click(within(sheet).getByLabelText('错误'));
    await waitFor(() => expect(calls.some((c) => c.path === '/OaQuiz/saveAnswers')).toBe(true), { timeout: 5000 });
    expect(calls.filter((c) => c.path === '/OaQuiz/saveAnswers').at(-1)!.body).toEqual({
      quizId: 7,
      answers: { 11: [0, 2], 12: [1] },
    });
    fireEvent.click(within(sheet).getByTestId('quiz-submit'));
    const dialog = (await screen.findByText(/交卷后不能再修改答案/)).closest<HTMLElement>('.ant-modal-confirm')!;
    fireEvent.click(within(dialog).getByRole('button', { name: /交\s?卷/ }));
    expect(await screen.findByTestId('quiz-result')).toBeTruthy();
    expect(screen.getByTestId('quiz-score').textContent).toBe('40 / 40 分');
    expect(screen.getByText('考试结束后可查看正确答案和解析')).toBeTruthy();
    const submits = calls.filter((c) => c.path === '/OaQuiz/submit');
    expect(submits).toHaveLength(1);
    expect(submits[0]!.body).toEqual({ quizId: 7, answers: { 11: [0, 2], 12: [1] } });
  });

  it('shows managers the banks and quizzes tabs', async () => {
    fakeFetch({ '/OaQuiz/myQuizzes': page([]), '/OaQuiz/quizList': page([]), '/OaQuiz/bankList': page([]) });
    renderWithApp(<AnswerPage />, { permissions: ['oa:quiz:take', 'oa:quiz:manage'] });
    expect(await screen.findByRole('tab', { name: '题库' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '考试管理' })).toBeTruthy();
    expect(await screen.findByText('暂无安排给你的考试')).toBeTruthy();
  });
});

describe('QuestionForm', { timeout: 60_000 }, () => {
  it('asks a multiple choice for two right answers before it saves', async () => {
    const calls = fakeFetch({});
    renderWithApp(<QuestionForm bankId={3} editing="new" onDone={() => undefined} />, {
      permissions: ['oa:quiz:manage'],
    });
    const form = await screen.findByTestId('quiz-question-form');
    fireEvent.click(within(form).getByLabelText('多选题'));
    fireEvent.change(within(form).getByTestId('quiz-question-stem'), { target: { value: '消毒要做到哪些？' } });
    const inputs = form.querySelectorAll<HTMLInputElement>('.ant-form-item input.ant-input');
    for (const [i, v] of ['器械消毒', '开窗通风', '随意摆放', '洗手'].entries())
      fireEvent.change(inputs[i]!, { target: { value: v } });
    fireEvent.click(within(form).getByLabelText('A'));
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('多选题至少要有两个正确答案')).toBeTruthy();
    expect(calls.some((c) => c.path === '/OaQuiz/saveQuestion')).toBe(false);
  });
});

describe('BanksPanel', { timeout: 60_000 }, () => {
  it('gives each new question its own form batch, so two saves make two questions', async () => {
    const bank = {
      bankId: 3,
      name: '治疗安全',
      description: '',
      questionCount: 0,
      createUserName: '王建国',
      updateTime: '2026-11-26 09:00:00',
    };
    let n = 0;
    const calls = fakeFetch({
      '/OaQuiz/bankList': page([bank]),
      '/OaQuiz/questionList': page([]),
      '/OaQuiz/saveQuestion': () => ({ questionId: ++n }),
    });
    renderWithApp(<BanksPanel />, { permissions: ['oa:quiz:manage'] });
    for (const stem of ['顾客过敏史可以不问。', '治疗前要洗手。']) {
      fireEvent.click(await screen.findByTestId('quiz-question-new'));
      const form = await screen.findByTestId('quiz-question-form');
      fireEvent.click(within(form).getByLabelText('判断题'));
      fireEvent.change(within(form).getByTestId('quiz-question-stem'), { target: { value: stem } });
      fireEvent.click(await within(form).findByLabelText('正确'));
      fireEvent.click(screen.getByRole('button', { name: '保 存' }));
      await waitFor(() => expect(screen.queryByTestId('quiz-question-form')).toBeNull());
    }
    const saves = calls.filter((c) => c.path === '/OaQuiz/saveQuestion').map((c) => c.body);
    expect(saves.map((b) => [b.stem, b.type, b.answer])).toEqual([
      ['顾客过敏史可以不问。', 3, [0]],
      ['治疗前要洗手。', 3, [0]],
    ]);
    expect(saves[0]!.batchId).toBeTruthy();
    expect(saves[1]!.batchId).not.toBe(saves[0]!.batchId);
  });
});
