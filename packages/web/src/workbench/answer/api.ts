import type { Input, QuizAnswers } from '@crm/shared';
import { downloadWorkbook } from '@/crm/records/excel/api';
import { call } from '@/shell/call';

/** The quiz calls (docs/workbench-quizzes.md); answers typed by the shared contracts. */
export type {
  MyQuizRow,
  QuizBankRow,
  QuizDetail,
  QuizPaper,
  QuizQuestionRow,
  QuizResult,
  QuizRow,
  QuizStats,
  QuizTakerRow,
} from '@crm/shared';

const json = { json: true } as const;
export type Paged = { page: number; limit: number; search: string };

export type QuestionBody = Input<'/OaQuiz/saveQuestion'>;

export const quizApi = {
  mine: (p: { page: number; limit: number }) => call('/OaQuiz/myQuizzes', p, json),
  start: (quizId: number) => call('/OaQuiz/start', { quizId }, json),
  save: (quizId: number, answers: QuizAnswers) =>
    call('/OaQuiz/saveAnswers', { quizId, answers }, { ...json, silent: true }),
  submit: (quizId: number, answers: QuizAnswers) => call('/OaQuiz/submit', { quizId, answers }, json),
  result: (quizId: number) => call('/OaQuiz/myResult', { quizId }, json),

  banks: (p: Paged) => call('/OaQuiz/bankList', p, json),
  saveBank: (body: Input<'/OaQuiz/saveBank'>) => call('/OaQuiz/saveBank', body, json),
  deleteBank: (bankId: number) => call('/OaQuiz/deleteBank', { bankId }, json),
  questions: (bankId: number, p: Paged) => call('/OaQuiz/questionList', { ...p, bankId }, json),
  saveQuestion: (body: QuestionBody) => call('/OaQuiz/saveQuestion', body, json),
  deleteQuestion: (questionId: number) => call('/OaQuiz/deleteQuestion', { questionId }, json),

  quizzes: (p: Paged) => call('/OaQuiz/quizList', p, json),
  info: (quizId: number) => call('/OaQuiz/quizInfo', { quizId }, json),
  saveQuiz: (body: Input<'/OaQuiz/saveQuiz'>) => call('/OaQuiz/saveQuiz', body, json),
  deleteQuiz: (quizId: number) => call('/OaQuiz/deleteQuiz', { quizId }, json),
  results: (quizId: number, p: Paged & { status?: number }) => call('/OaQuiz/results', { ...p, quizId }, json),
  stats: (quizId: number) => call('/OaQuiz/stats', { quizId }, json),
  exportResults: (quizId: number, title: string) =>
    downloadWorkbook('/OaQuiz/excelExport', { quizId }, `${title}_成绩.xlsx`),
};

export const quizKeys = {
  all: ['quiz'] as const,
  mine: (p: object) => ['quiz', 'mine', p] as const,
  banks: (p: object) => ['quiz', 'banks', p] as const,
  questions: (bankId: number, p: object) => ['quiz', 'questions', bankId, p] as const,
  quizzes: (p: object) => ['quiz', 'quizzes', p] as const,
  info: (quizId: number) => ['quiz', 'info', quizId] as const,
  results: (quizId: number, p: object) => ['quiz', 'results', quizId, p] as const,
  stats: (quizId: number) => ['quiz', 'stats', quizId] as const,
};
