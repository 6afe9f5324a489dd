import {
  myQuizListSchema,
  QUIZ_MANAGE,
  QUIZ_TAKE,
  quizAnswerSchema,
  quizBankIdSchema,
  quizBankListSchema,
  quizBankSaveSchema,
  quizContracts,
  quizIdSchema,
  quizListSchema,
  quizQuestionIdSchema,
  quizQuestionListSchema,
  quizQuestionSaveSchema,
  quizResultsSchema,
  quizSaveSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { deleteBank, deleteQuestion, listBanks, listQuestions, saveBank, saveQuestion } from './banks.ts';
import { deleteQuiz, listQuizzes, quizInfo, saveQuiz } from './quizzes.ts';
import { exportResults, listTakers, quizStats } from './results.ts';
import { myQuizzes, myResult, saveAnswers, startQuiz, submitQuiz } from './taking.ts';

const c = quizContracts;

/** Quizzes (docs/workbench-quizzes.md): managers run banks, quizzes and results; staff take their quizzes. */
export function registerQuizRoutes(app: FastifyInstance, { db }: Ctx): void {
  const manage = { method: 'POST' as const, access: QUIZ_MANAGE };
  const take = { method: 'POST' as const, access: QUIZ_TAKE };

  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/bankList',
    schema: quizBankListSchema,
    response: c['/OaQuiz/bankList'],
    handler: ({ user, input }) => listBanks(db, user, input),
  });
  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/saveBank',
    schema: quizBankSaveSchema,
    response: c['/OaQuiz/saveBank'],
    handler: async ({ user, input }) => ({ bankId: await saveBank(db, user, input) }),
  });
  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/deleteBank',
    schema: quizBankIdSchema,
    response: c['/OaQuiz/deleteBank'],
    handler: ({ input }) => deleteBank(db, input.bankId),
  });
  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/questionList',
    schema: quizQuestionListSchema,
    response: c['/OaQuiz/questionList'],
    handler: ({ user, input }) => listQuestions(db, user, input),
  });
  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/saveQuestion',
    schema: quizQuestionSaveSchema,
    response: c['/OaQuiz/saveQuestion'],
    handler: async ({ user, input }) => ({ questionId: await saveQuestion(db, user, input) }),
  });
  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/deleteQuestion',
    schema: quizQuestionIdSchema,
    response: c['/OaQuiz/deleteQuestion'],
    handler: ({ input }) => deleteQuestion(db, input.questionId),
  });
  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/quizList',
    schema: quizListSchema,
    response: c['/OaQuiz/quizList'],
    handler: ({ user, input }) => listQuizzes(db, user, input),
  });
  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/saveQuiz',
    schema: quizSaveSchema,
    response: c['/OaQuiz/saveQuiz'],
    handler: async ({ user, input }) => ({ quizId: await saveQuiz(db, user, input) }),
  });
  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/quizInfo',
    schema: quizIdSchema,
    response: c['/OaQuiz/quizInfo'],
    handler: ({ user, input }) => quizInfo(db, user, input.quizId),
  });
  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/deleteQuiz',
    schema: quizIdSchema,
    response: c['/OaQuiz/deleteQuiz'],
    handler: ({ input }) => deleteQuiz(db, input.quizId),
  });
  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/results',
    schema: quizResultsSchema,
    response: c['/OaQuiz/results'],
    handler: ({ user, input }) => listTakers(db, user, input),
  });
  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/stats',
    schema: quizIdSchema,
    response: c['/OaQuiz/stats'],
    handler: ({ user, input }) => quizStats(db, user, input.quizId),
  });
  defineRoute(app, {
    ...manage,
    url: '/OaQuiz/excelExport',
    schema: quizIdSchema,
    handler: ({ user, input, reply }) => exportResults(db, user, input.quizId, reply),
  });

  defineRoute(app, {
    ...take,
    url: '/OaQuiz/myQuizzes',
    schema: myQuizListSchema,
    response: c['/OaQuiz/myQuizzes'],
    handler: ({ user, input }) => myQuizzes(db, user, input),
  });
  defineRoute(app, {
    ...take,
    url: '/OaQuiz/start',
    schema: quizIdSchema,
    response: c['/OaQuiz/start'],
    handler: ({ user, input }) => startQuiz(db, user, input.quizId),
  });
  defineRoute(app, {
    ...take,
    url: '/OaQuiz/saveAnswers',
    schema: quizAnswerSchema,
    response: c['/OaQuiz/saveAnswers'],
    handler: ({ user, input }) => saveAnswers(db, user, input.quizId, input.answers),
  });
  defineRoute(app, {
    ...take,
    url: '/OaQuiz/submit',
    schema: quizAnswerSchema,
    response: c['/OaQuiz/submit'],
    handler: ({ user, input }) => submitQuiz(db, user, input.quizId, input.answers),
  });
  defineRoute(app, {
    ...take,
    url: '/OaQuiz/myResult',
    schema: quizIdSchema,
    response: c['/OaQuiz/myResult'],
    handler: ({ user, input }) => myResult(db, user, input.quizId),
  });
}
