import { z } from 'zod';
import { apiTime, pageOf } from '../contracts/common.ts';

const int = z.number().int();

export const quizBankRowSchema = z.object({
  bankId: int,
  name: z.string(),
  description: z.string(),
  questionCount: int,
  createUserName: z.string(),
  updateTime: apiTime,
});
export type QuizBankRow = z.infer<typeof quizBankRowSchema>;

export const quizQuestionRowSchema = z.object({
  questionId: int,
  bankId: int,
  type: int,
  stem: z.string(),
  options: z.array(z.string()),
  answer: z.array(int),
  score: int,
  explanation: z.string(),
  updateTime: apiTime,
});
export type QuizQuestionRow = z.infer<typeof quizQuestionRowSchema>;

/** 1 未开始, 2 进行中, 3 已结束 (by the open period). */
export const quizPhaseNames: Record<number, string> = { 1: '未开始', 2: '进行中', 3: '已结束' };

export const quizRowSchema = z.object({
  quizId: int,
  title: z.string(),
  startTime: apiTime,
  endTime: apiTime,
  timeLimit: int,
  passScore: int,
  totalScore: int,
  questionCount: int,
  phase: int,
  /** Takers in the viewer's data scope: assigned, and of those who handed in. */
  assignedCount: int,
  submittedCount: int,
  createUserName: z.string(),
  createTime: apiTime,
});
export type QuizRow = z.infer<typeof quizRowSchema>;

export const quizItemSchema = z.object({
  itemId: int,
  type: int,
  stem: z.string(),
  options: z.array(z.string()),
  score: int,
});
export type QuizItem = z.infer<typeof quizItemSchema>;

export const quizDetailSchema = quizRowSchema.extend({
  depts: z.array(z.object({ deptId: int, name: z.string() })),
  users: z.array(z.object({ userId: int, realname: z.string() })),
  items: z.array(quizItemSchema.extend({ answer: z.array(int), explanation: z.string() })),
});
export type QuizDetail = z.infer<typeof quizDetailSchema>;

/** 我的考试: a quiz assigned to me with where I am in it (0 未参加, 1 答题中, 2 已交卷). */
export const myQuizRowSchema = z.object({
  quizId: int,
  title: z.string(),
  startTime: apiTime,
  endTime: apiTime,
  timeLimit: int,
  passScore: int,
  totalScore: int,
  questionCount: int,
  phase: int,
  myStatus: int,
  score: int.nullable(),
  passed: z.boolean().nullable(),
  deadline: apiTime.nullable(),
});
export type MyQuizRow = z.infer<typeof myQuizRowSchema>;

/** The paper as its taker sees it: no answers; what they saved; when their time ends. */
export const quizPaperSchema = z.object({
  quizId: int,
  title: z.string(),
  timeLimit: int,
  passScore: int,
  totalScore: int,
  deadline: apiTime,
  /** The server's clock when it answered, so the countdown does not trust the device's clock. */
  serverTime: apiTime,
  items: z.array(quizItemSchema),
  answers: z.record(z.string(), z.array(int)),
});
export type QuizPaper = z.infer<typeof quizPaperSchema>;

/** A taker's result; `answer`, `explanation` and `correct` stay null until the quiz closes. */
export const quizResultSchema = z.object({
  quizId: int,
  title: z.string(),
  score: int,
  passed: z.boolean(),
  totalScore: int,
  passScore: int,
  startTime: apiTime,
  submitTime: apiTime,
  timeUsed: int,
  autoSubmitted: z.boolean(),
  /** Answers after the deadline were not counted; the saved ones were. */
  late: z.boolean(),
  closed: z.boolean(),
  items: z.array(
    quizItemSchema.extend({
      chosen: z.array(int),
      correct: z.boolean().nullable(),
      answer: z.array(int).nullable(),
      explanation: z.string().nullable(),
    }),
  ),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

export const quizTakerRowSchema = z.object({
  userId: int,
  realname: z.string(),
  deptName: z.string(),
  status: int,
  score: int.nullable(),
  passed: z.boolean().nullable(),
  /** Seconds from start to hand-in. */
  timeUsed: int.nullable(),
  startTime: apiTime.nullable(),
  submitTime: apiTime.nullable(),
  autoSubmitted: z.boolean(),
  /** Place among those who handed in (score, then less time); equal places share a rank. */
  rank: int.nullable(),
});
export type QuizTakerRow = z.infer<typeof quizTakerRowSchema>;

export const quizStatsSchema = z.object({
  assigned: int,
  submitted: int,
  passed: int,
  notTaken: int,
  averageScore: z.number().nullable(),
  items: z.array(
    z.object({
      itemId: int,
      seq: int,
      type: int,
      stem: z.string(),
      answered: int,
      wrong: int,
      /** wrong / answered, 0–1; null while nobody handed in. */
      errorRate: z.number().nullable(),
    }),
  ),
});
export type QuizStats = z.infer<typeof quizStatsSchema>;

export const quizContracts = {
  '/OaQuiz/bankList': pageOf(quizBankRowSchema),
  '/OaQuiz/saveBank': z.object({ bankId: int }),
  '/OaQuiz/deleteBank': z.null(),
  '/OaQuiz/questionList': pageOf(quizQuestionRowSchema),
  '/OaQuiz/saveQuestion': z.object({ questionId: int }),
  '/OaQuiz/deleteQuestion': z.null(),
  '/OaQuiz/quizList': pageOf(quizRowSchema),
  '/OaQuiz/saveQuiz': z.object({ quizId: int }),
  '/OaQuiz/quizInfo': quizDetailSchema,
  '/OaQuiz/deleteQuiz': z.null(),
  '/OaQuiz/results': pageOf(quizTakerRowSchema),
  '/OaQuiz/stats': quizStatsSchema,
  '/OaQuiz/myQuizzes': pageOf(myQuizRowSchema),
  '/OaQuiz/start': quizPaperSchema,
  '/OaQuiz/saveAnswers': z.object({ savedTime: apiTime }),
  '/OaQuiz/submit': quizResultSchema,
  '/OaQuiz/myResult': quizResultSchema,
};
