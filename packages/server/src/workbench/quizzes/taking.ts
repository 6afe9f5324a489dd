import {
  isLate,
  type MyQuizRow,
  type QuestionType,
  type QuizAnswers,
  QuizMsg,
  type QuizPaper,
  type QuizResult,
  quizDeadline,
  SUBMIT_GRACE_MS,
  scorePaper,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import { instantOf } from '../../core/times.ts';
import type { Db, Tx } from '../../db/client.ts';
import { assignedToMeSql, liveQuiz, phaseSql } from './access.ts';
import { quizAttemptItems } from './tables.ts';

type Row = Record<string, unknown>;

type Attempt = {
  id: number;
  quizId: number;
  userId: number;
  startedAt: Date;
  deadline: Date;
  answers: QuizAnswers;
  submittedAt: Date | null;
};

/** The deadline never passes the quiz's close, even if a manager moved the close after the start. */
const effectiveDeadline = sql`least(deadline, (select z.end_time from quiz z where z.quiz_id = quiz_attempt.quiz_id))`;
const attemptCols = sql`attempt_id, quiz_id, user_id, started_at, ${effectiveDeadline} as deadline, answers, submitted_at`;
const toAttempt = (r: Row): Attempt => ({
  id: Number(r.attempt_id),
  quizId: Number(r.quiz_id),
  userId: Number(r.user_id),
  startedAt: instantOf(r.started_at)!,
  deadline: instantOf(r.deadline)!,
  answers: (r.answers ?? {}) as QuizAnswers,
  submittedAt: instantOf(r.submitted_at),
});

async function myAttempt(tx: Tx, user: SessionUser, quizId: number, lock = false): Promise<Attempt | undefined> {
  const [r] = await queryRows<Row>(
    tx,
    sql`select ${attemptCols} from quiz_attempt where quiz_id = ${quizId} and user_id = ${user.userId}
        ${lock ? sql`for update` : sql``}`,
  );
  return r ? toAttempt(r) : undefined;
}

type Item = {
  itemId: number;
  type: QuestionType;
  stem: string;
  options: string[];
  score: number;
  answer: number[];
  explanation: string;
};

async function itemsOf(tx: Tx, quizId: number): Promise<Item[]> {
  const rows = await queryRows<Row>(
    tx,
    sql`select item_id, type, stem, options, answer, score, explanation from quiz_item where quiz_id = ${quizId} order by seq`,
  );
  return rows.map((r) => ({
    itemId: Number(r.item_id),
    type: Number(r.type) as QuestionType,
    stem: String(r.stem),
    options: r.options as string[],
    score: Number(r.score),
    answer: r.answer as number[],
    explanation: String(r.explanation),
  }));
}

/** Only answers to the paper's own items, each a set of its options' indexes. */
function checkAnswers(items: Item[], answers: QuizAnswers): QuizAnswers {
  const byId = new Map(items.map((i) => [String(i.itemId), i]));
  const out: QuizAnswers = {};
  for (const [key, chosen] of Object.entries(answers)) {
    const item = byId.get(key);
    if (!item || chosen.some((c) => c >= item.options.length)) throw badRequest(QuizMsg.answersInvalid);
    out[key] = [...new Set(chosen)].sort((a, b) => a - b);
  }
  return out;
}

/**
 * Hand an attempt in under its row lock: the server scores `answers` against the quiz's own copy
 * of the questions and records each item's outcome for the error rates. An automatic hand-in is
 * dated at the deadline, so the time used never exceeds the limit.
 */
async function finish(tx: Tx, a: Attempt, answers: QuizAnswers, how: { auto: boolean; late: boolean }, now: Date) {
  const items = await itemsOf(tx, a.quizId);
  const [quiz] = await queryRows<Row>(tx, sql`select pass_score from quiz where quiz_id = ${a.quizId}`);
  const result = scorePaper(items, answers);
  const submittedAt = how.auto ? a.deadline : now;
  await tx.execute(sql`update quiz_attempt set answers = ${JSON.stringify(answers)}::jsonb,
      submitted_at = ${submittedAt.toISOString()}::timestamptz, score = ${result.score},
      passed = ${result.score >= Number(quiz?.pass_score)}, auto_submitted = ${how.auto}, late = ${how.late}
      where attempt_id = ${a.id}`);
  if (result.items.length)
    await tx
      .insert(quizAttemptItems)
      .values(result.items.map((i) => ({ attemptId: a.id, itemId: i.itemId, quizId: a.quizId, correct: i.correct })));
}

/**
 * Hand in, with what was saved, every attempt whose time ran out (past the grace) and that nobody
 * handed in: run before anything reads attempts, so a closed browser still ends with a score.
 */
export async function finishExpired(db: Db, where: SQL, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - SUBMIT_GRACE_MS).toISOString();
  await db.transaction(async (tx) => {
    const rows = await queryRows<Row>(
      tx,
      sql`select ${attemptCols} from quiz_attempt
          where submitted_at is null and ${effectiveDeadline} < ${cutoff}::timestamptz and ${where}
          for update skip locked`,
    );
    for (const r of rows) {
      const a = toAttempt(r);
      await finish(tx, a, a.answers, { auto: true, late: false }, now);
    }
  });
}

const finishMine = (db: Db, user: SessionUser) => finishExpired(db, sql`user_id = ${user.userId}`);

/** Start (or come back to) my attempt: within the open period, if the quiz is assigned to me. */
export async function startQuiz(db: Db, user: SessionUser, quizId: number): Promise<QuizPaper> {
  await finishMine(db, user);
  return db.transaction(async (tx) => {
    const quiz = await liveQuiz(tx, quizId);
    const now = new Date();
    let a = await myAttempt(tx, user, quizId, true);
    if (!a) {
      const [ok] = await queryRows<Row>(tx, sql`select ${assignedToMeSql(user, sql`${quizId}::int`)} as ok`);
      if (ok?.ok !== true) throw forbidden(QuizMsg.notAssigned);
      if (now < quiz.startTime) throw badRequest(QuizMsg.notOpenYet);
      if (now >= quiz.endTime) throw badRequest(QuizMsg.closed);
      const deadline = quizDeadline(now, quiz.timeLimit, quiz.endTime);
      await tx.execute(sql`insert into quiz_attempt (quiz_id, user_id, started_at, deadline)
          values (${quizId}, ${user.userId}, ${now.toISOString()}::timestamptz, ${deadline.toISOString()}::timestamptz)
          on conflict (quiz_id, user_id) do nothing`);
      a = (await myAttempt(tx, user, quizId, true))!;
    }
    if (a.submittedAt) throw badRequest(QuizMsg.alreadySubmitted);
    const items = await itemsOf(tx, quizId);
    return {
      quizId,
      title: quiz.title,
      timeLimit: quiz.timeLimit,
      passScore: quiz.passScore,
      totalScore: quiz.totalScore,
      deadline: a.deadline.toISOString(),
      serverTime: now.toISOString(),
      items: items.map(({ itemId, type, stem, options, score }) => ({ itemId, type, stem, options, score })),
      answers: a.answers,
    };
  });
}

/** Keep what I chose so far; refused once handed in or past the deadline. */
export async function saveAnswers(db: Db, user: SessionUser, quizId: number, answers: QuizAnswers) {
  await finishMine(db, user);
  return db.transaction(async (tx) => {
    await liveQuiz(tx, quizId);
    const a = await myAttempt(tx, user, quizId, true);
    if (!a) throw badRequest(QuizMsg.notStarted);
    const now = new Date();
    if (a.submittedAt || isLate(a.deadline, now))
      throw badRequest(a.submittedAt && !(await wasAuto(tx, a.id)) ? QuizMsg.alreadySubmitted : QuizMsg.timeUp);
    const checked = checkAnswers(await itemsOf(tx, quizId), answers);
    await tx.execute(sql`update quiz_attempt set answers = ${JSON.stringify(checked)}::jsonb,
        saved_at = ${now.toISOString()}::timestamptz where attempt_id = ${a.id}`);
    return { savedTime: now.toISOString() };
  });
}

async function wasAuto(tx: Tx, attemptId: number) {
  const [r] = await queryRows<Row>(tx, sql`select auto_submitted from quiz_attempt where attempt_id = ${attemptId}`);
  return r?.auto_submitted === true;
}

/**
 * Hand in once. A second submit (double click, a retry) answers the first result unchanged. Past
 * the deadline the answers sent are not counted: the saved ones are, and the result says so.
 */
export async function submitQuiz(db: Db, user: SessionUser, quizId: number, answers: QuizAnswers) {
  await db.transaction(async (tx) => {
    await liveQuiz(tx, quizId);
    const a = await myAttempt(tx, user, quizId, true);
    if (!a) throw badRequest(QuizMsg.notStarted);
    if (a.submittedAt) return;
    const now = new Date();
    if (isLate(a.deadline, now)) return finish(tx, a, a.answers, { auto: false, late: true }, now);
    const checked = checkAnswers(await itemsOf(tx, quizId), answers);
    await finish(tx, a, { ...a.answers, ...checked }, { auto: false, late: false }, now);
  });
  return myResult(db, user, quizId);
}

/** My result; the right answers, explanations and which items I got right show once the quiz closed. */
export async function myResult(db: Db, user: SessionUser, quizId: number): Promise<QuizResult> {
  await finishMine(db, user);
  const quiz = await liveQuiz(db, quizId);
  const [r] = await queryRows<Row>(
    db,
    sql`select ${attemptCols}, score, passed, auto_submitted, late from quiz_attempt
        where quiz_id = ${quizId} and user_id = ${user.userId} and submitted_at is not null`,
  );
  if (!r) throw badRequest(QuizMsg.notSubmitted);
  const a = toAttempt(r);
  const closed = new Date() >= quiz.endTime;
  const outcome = new Map(
    (await queryRows<Row>(db, sql`select item_id, correct from quiz_attempt_item where attempt_id = ${a.id}`)).map(
      (x) => [Number(x.item_id), x.correct === true],
    ),
  );
  const items = await itemsOf(db, quizId);
  return {
    quizId,
    title: quiz.title,
    score: Number(r.score),
    passed: r.passed === true,
    totalScore: quiz.totalScore,
    passScore: quiz.passScore,
    startTime: a.startedAt.toISOString(),
    submitTime: a.submittedAt!.toISOString(),
    timeUsed: Math.round((a.submittedAt!.getTime() - a.startedAt.getTime()) / 1000),
    autoSubmitted: r.auto_submitted === true,
    late: r.late === true,
    closed,
    items: items.map((i) => ({
      itemId: i.itemId,
      type: i.type,
      stem: i.stem,
      options: i.options,
      score: i.score,
      chosen: a.answers[String(i.itemId)] ?? [],
      correct: closed ? (outcome.get(i.itemId) ?? false) : null,
      answer: closed ? i.answer : null,
      explanation: closed ? i.explanation : null,
    })),
  };
}

// A taker's own list: the quizzes assigned to them and those they took.
const myList = defineList({
  from: sql`quiz q`,
  id: sql`q.quiz_id`,
  fields: { startTime: { sql: sql`q.start_time`, type: 'date' } },
  defaultSort: [{ field: 'startTime', order: 'desc' }],
  scope: { unscoped: "the taker's own quizzes: assigned to them or taken by them (access.ts)" },
});

export async function myQuizzes(db: Db, user: SessionUser, input: { page: number; limit: number }) {
  await finishMine(db, user);
  const mine = sql`exists (select 1 from quiz_attempt x where x.quiz_id = q.quiz_id and x.user_id = ${user.userId})`;
  return listPage<Row, MyQuizRow>(
    db,
    myList,
    {
      user,
      page: input.page,
      limit: input.limit,
      where: [sql`not q.is_deleted`, sql`(${assignedToMeSql(user)} or ${mine})`],
    },
    {
      columns: sql`q.quiz_id, q.title, q.start_time, q.end_time, q.time_limit, q.pass_score, q.total_score,
        ${phaseSql} as phase, (select count(*)::int from quiz_item i where i.quiz_id = q.quiz_id) as question_count,
        a.attempt_id, a.submitted_at, a.score, a.passed, a.deadline`,
      joins: sql`join quiz q on q.quiz_id = page.id
        left join quiz_attempt a on a.quiz_id = q.quiz_id and a.user_id = ${user.userId}`,
      map: (r) => ({
        quizId: Number(r.quiz_id),
        title: String(r.title),
        startTime: r.start_time as string,
        endTime: r.end_time as string,
        timeLimit: Number(r.time_limit),
        passScore: Number(r.pass_score),
        totalScore: Number(r.total_score),
        questionCount: Number(r.question_count),
        phase: Number(r.phase),
        myStatus: r.attempt_id == null ? 0 : r.submitted_at == null ? 1 : 2,
        score: r.submitted_at == null ? null : Number(r.score),
        passed: r.submitted_at == null ? null : r.passed === true,
        deadline: r.attempt_id == null ? null : (r.deadline as string),
      }),
    },
  );
}
