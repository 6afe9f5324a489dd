import { z } from 'zod';
import {
  idField,
  idList,
  intEnum,
  intField,
  optionalId,
  optionalInt,
  optionalText,
  pageFields,
  requiredText,
  searchField,
} from '../schemas/fields.ts';
import { timeInput } from '../time/field.ts';
import { JUDGEMENT_OPTIONS, type QuestionType, questionTypes } from './scoring.ts';

/** Every message a quiz call answers with (the web shows the same texts). */
export const QuizMsg = {
  bankNotFound: '题库不存在',
  bankNameRequired: '请输入题库名称',
  bankNameTaken: '题库名称已存在',
  questionNotFound: '题目不存在',
  typeInvalid: '请选择题型',
  stemRequired: '请输入题目内容',
  optionRequired: '选项内容不能为空',
  optionsInvalid: '选项有误',
  optionsTooFew: '至少需要两个选项',
  optionsTooMany: '选项不能超过8个',
  optionsRepeated: '选项不能重复',
  answerRequired: '请选择正确答案',
  answerInvalid: '正确答案有误',
  singleOneAnswer: '单选题只能有一个正确答案',
  multipleTwoAnswers: '多选题至少要有两个正确答案',
  judgementAnswer: '判断题的答案只能是正确或错误',
  scoreInvalid: '分值须在1到100之间',
  quizNotFound: '考试不存在',
  titleRequired: '请输入考试名称',
  timeInvalid: '时间格式有误',
  startRequired: '请选择开始时间',
  endRequired: '请选择结束时间',
  endBeforeStart: '结束时间须晚于开始时间',
  limitInvalid: '考试时长须在1到600分钟之间',
  passInvalid: '及格分有误',
  passAboveTotal: '及格分不能超过总分',
  targetsRequired: '请选择参加考试的部门或人员',
  deptInvalid: '部门有误',
  userInvalid: '人员有误',
  questionsRequired: '请选择题目或填写随机抽题数量',
  questionsBoth: '选择题目和随机抽题只能二选一',
  randomInvalid: '随机抽题数量须在1到200之间',
  randomTooMany: '题库中的题目不够抽取',
  questionsNotInBank: '所选题目不在该题库中',
  questionsFixed: '考试创建后不能更换题目，请新建考试',
  bankEmpty: '题库中还没有题目',
  notAssigned: '这场考试没有安排给你',
  notOpenYet: '考试还没有开始',
  closed: '考试已结束',
  notStarted: '请先开始考试',
  notSubmitted: '你还没有交卷',
  alreadySubmitted: '你已交卷，不能再修改答案',
  timeUp: '考试时间已到，不能再修改答案',
  answersInvalid: '答案格式有误',
  statusInvalid: '状态有误',
  tooManyQuestions: '一场考试最多200道题',
} as const;

export const quizText = {
  bankName: { label: '题库名称', max: 50 },
  bankDescription: { label: '题库说明', max: 200, multiline: true },
  stem: { label: '题目内容', max: 500, multiline: true },
  option: { label: '选项内容', max: 100 },
  explanation: { label: '答案解析', max: 500, multiline: true },
  title: { label: '考试名称', max: 100 },
  batchId: { label: '提交批次', max: 40 },
} as const;

export const QUIZ_OPTIONS_MAX = 8;
export const QUIZ_ITEMS_MAX = 200;

export const quizBankSaveSchema = z.object({
  bankId: optionalId(QuizMsg.bankNotFound),
  name: requiredText(quizText.bankName, QuizMsg.bankNameRequired),
  description: optionalText(quizText.bankDescription),
});
export type QuizBankSaveInput = z.infer<typeof quizBankSaveSchema>;

export const quizBankIdSchema = z.object({ bankId: idField(QuizMsg.bankNotFound) });
export const quizBankListSchema = z.object({ ...pageFields, search: searchField });

/** The cross-field rules of a question; the first broken one is the answer's message. */
function questionIssue(q: { type: QuestionType; options: string[]; answer: number[] }): string | null {
  if (q.type !== 3) {
    if (q.options.length < 2) return QuizMsg.optionsTooFew;
    if (new Set(q.options).size !== q.options.length) return QuizMsg.optionsRepeated;
  }
  const count = q.type === 3 ? JUDGEMENT_OPTIONS.length : q.options.length;
  if (q.answer.length === 0) return QuizMsg.answerRequired;
  if (new Set(q.answer).size !== q.answer.length || q.answer.some((i) => i >= count)) return QuizMsg.answerInvalid;
  if (q.type === 1 && q.answer.length !== 1) return QuizMsg.singleOneAnswer;
  if (q.type === 2 && q.answer.length < 2) return QuizMsg.multipleTwoAnswers;
  if (q.type === 3 && q.answer.length !== 1) return QuizMsg.judgementAnswer;
  return null;
}

/** A question: a judgement's options are always 正确/错误 whatever was sent. */
export const quizQuestionSaveSchema = z
  .object({
    questionId: optionalId(QuizMsg.questionNotFound),
    bankId: idField(QuizMsg.bankNotFound),
    type: intEnum(questionTypes, QuizMsg.typeInvalid) as z.ZodType<QuestionType>,
    stem: requiredText(quizText.stem, QuizMsg.stemRequired),
    options: z
      .array(requiredText(quizText.option, QuizMsg.optionRequired), { error: QuizMsg.optionsInvalid })
      .max(QUIZ_OPTIONS_MAX, { error: QuizMsg.optionsTooMany })
      .default([]),
    answer: z.array(intField(QuizMsg.answerInvalid, { min: 0, max: QUIZ_OPTIONS_MAX - 1 }), {
      error: QuizMsg.answerRequired,
    }),
    score: intField(QuizMsg.scoreInvalid, { min: 1, max: 100 }),
    explanation: optionalText(quizText.explanation),
    /** Made by the form when it opens: a second save of a new question with it answers the first. */
    batchId: optionalText(quizText.batchId),
  })
  .superRefine((q, ctx) => {
    const msg = questionIssue(q);
    if (msg) ctx.addIssue({ code: 'custom', message: msg });
  })
  .transform((q) => ({
    ...q,
    options: q.type === 3 ? [...JUDGEMENT_OPTIONS] : q.options,
    answer: [...q.answer].sort((a, b) => a - b),
  }));
export type QuizQuestionSaveInput = z.infer<typeof quizQuestionSaveSchema>;

export const quizQuestionIdSchema = z.object({ questionId: idField(QuizMsg.questionNotFound) });
export const quizQuestionListSchema = z.object({
  ...pageFields,
  bankId: idField(QuizMsg.bankNotFound),
  search: searchField,
  type: intEnum(questionTypes, QuizMsg.typeInvalid).optional(),
});

/**
 * A quiz. On creation it takes its questions from one bank, picked (`questionIds`) or drawn
 * (`randomCount`, the same draw for every taker); they are copied into the quiz, so a later edit
 * of the bank never changes a paper someone took. An edit changes everything but the questions.
 */
export const quizSaveSchema = z
  .object({
    quizId: optionalId(QuizMsg.quizNotFound),
    title: requiredText(quizText.title, QuizMsg.titleRequired),
    startTime: z.preprocess((v) => (v === '' || v == null ? undefined : v), timeInput(QuizMsg.timeInvalid).optional()),
    endTime: z.preprocess((v) => (v === '' || v == null ? undefined : v), timeInput(QuizMsg.timeInvalid).optional()),
    timeLimit: intField(QuizMsg.limitInvalid, { min: 1, max: 600 }),
    passScore: intField(QuizMsg.passInvalid, { min: 0, max: 20_000 }),
    deptIds: idList(QuizMsg.deptInvalid).default([]),
    userIds: idList(QuizMsg.userInvalid).default([]),
    bankId: optionalId(QuizMsg.bankNotFound),
    questionIds: idList(QuizMsg.questionNotFound)
      .default([])
      .refine((ids) => ids.length <= QUIZ_ITEMS_MAX, { error: QuizMsg.tooManyQuestions }),
    randomCount: optionalInt(QuizMsg.randomInvalid, { min: 1, max: QUIZ_ITEMS_MAX }),
    /** Made by the form when it opens: a double click creates one quiz. */
    batchId: optionalText(quizText.batchId),
  })
  .superRefine((q, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!q.startTime) return issue(QuizMsg.startRequired);
    if (!q.endTime) return issue(QuizMsg.endRequired);
    if (q.endTime <= q.startTime) return issue(QuizMsg.endBeforeStart);
    if (q.deptIds.length === 0 && q.userIds.length === 0) return issue(QuizMsg.targetsRequired);
    const picks = q.questionIds.length > 0 || q.randomCount !== undefined;
    if (q.quizId) {
      if (picks || q.bankId) issue(QuizMsg.questionsFixed);
      return;
    }
    if (!q.bankId) return issue(QuizMsg.bankNotFound);
    if (!picks) return issue(QuizMsg.questionsRequired);
    if (q.questionIds.length > 0 && q.randomCount !== undefined) issue(QuizMsg.questionsBoth);
  })
  .transform((q) => ({ ...q, startTime: q.startTime as Date, endTime: q.endTime as Date }));
export type QuizSaveInput = z.infer<typeof quizSaveSchema>;

export const quizIdSchema = z.object({ quizId: idField(QuizMsg.quizNotFound) });
export const quizListSchema = z.object({ ...pageFields, search: searchField });
export const myQuizListSchema = z.object({ ...pageFields });

/** 0 未参加, 1 答题中, 2 已交卷. */
export const takerStatuses = [0, 1, 2] as const;
export const takerStatusNames: Record<number, string> = { 0: '未参加', 1: '答题中', 2: '已交卷' };

/** The takers of one quiz, best first (the ranking); `status` narrows it. */
export const quizResultsSchema = z.object({
  ...pageFields,
  quizId: idField(QuizMsg.quizNotFound),
  status: intEnum(takerStatuses, QuizMsg.statusInvalid).optional(),
  search: searchField,
});
export type QuizResultsInput = z.infer<typeof quizResultsSchema>;

/** What a taker chose, by item id: `{"12": [0], "13": [1, 3]}`. */
export const quizAnswersField = z
  .record(
    z.string().regex(/^\d{1,9}$/, { error: QuizMsg.answersInvalid }),
    z.array(
      z
        .number({ error: QuizMsg.answersInvalid })
        .int()
        .min(0)
        .max(QUIZ_OPTIONS_MAX - 1),
      {
        error: QuizMsg.answersInvalid,
      },
    ),
    { error: QuizMsg.answersInvalid },
  )
  .refine((a) => Object.keys(a).length <= QUIZ_ITEMS_MAX, { error: QuizMsg.answersInvalid })
  .refine((a) => Object.values(a).every((xs) => xs.length <= QUIZ_OPTIONS_MAX), { error: QuizMsg.answersInvalid });

export const quizAnswerSchema = z.object({
  quizId: idField(QuizMsg.quizNotFound),
  answers: quizAnswersField.default({}),
});
export type QuizAnswerInput = z.infer<typeof quizAnswerSchema>;
