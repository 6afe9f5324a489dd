import type { QuizDetail, QuizRow, QuizSaveInput } from '@crm/shared';
import { QuizMsg } from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createOnce } from '../../db/create-once.ts';
import { requireActiveUsers, requireDepts } from '../../oa/examine/people-check.ts';
import { inList } from '../../org/sql-lists.ts';
import { phaseSql, resultScope, takersSql } from './access.ts';
import { quizItems, quizTargetDepts, quizTargetUsers, quizzes } from './tables.ts';

type Row = Record<string, unknown>;
type Picked = {
  id: number;
  type: number;
  stem: string;
  options: string[];
  answer: number[];
  score: number;
  explanation: string;
};

/** The questions a new quiz copies: the ones picked, in that order, or `randomCount` drawn from the bank. */
async function pickQuestions(tx: Tx, input: QuizSaveInput): Promise<Picked[]> {
  const bankId = input.bankId!;
  const [bank] = await queryRows<Row>(tx, sql`select 1 from quiz_bank where bank_id = ${bankId} and not is_deleted`);
  if (!bank) throw notFound(QuizMsg.bankNotFound);
  const cols = sql`question_id as id, type, stem, options, answer, score, explanation`;
  const live = sql`bank_id = ${bankId} and not is_deleted`;
  let rows: Row[];
  if (input.questionIds.length) {
    const ids = [...new Set(input.questionIds)];
    rows = await queryRows<Row>(
      tx,
      sql`select ${cols} from quiz_question where ${live} and question_id in ${inList(ids)}`,
    );
    if (rows.length !== ids.length) throw badRequest(QuizMsg.questionsNotInBank);
    const at = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => at.get(Number(a.id))! - at.get(Number(b.id))!);
  } else {
    const [n] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from quiz_question where ${live}`);
    if (!Number(n?.n)) throw badRequest(QuizMsg.bankEmpty);
    if (Number(n?.n) < input.randomCount!) throw badRequest(QuizMsg.randomTooMany);
    rows = await queryRows<Row>(
      tx,
      sql`select ${cols} from quiz_question where ${live} order by random() limit ${input.randomCount!}`,
    );
  }
  return rows.map((r) => ({
    id: Number(r.id),
    type: Number(r.type),
    stem: String(r.stem),
    options: r.options as string[],
    answer: r.answer as number[],
    score: Number(r.score),
    explanation: String(r.explanation),
  }));
}

async function setTargets(tx: Tx, quizId: number, input: QuizSaveInput) {
  const deptIds = [...new Set(input.deptIds)];
  const userIds = [...new Set(input.userIds)];
  await requireDepts(tx, deptIds);
  await requireActiveUsers(tx, userIds);
  await tx.delete(quizTargetDepts).where(eq(quizTargetDepts.quizId, quizId));
  await tx.delete(quizTargetUsers).where(eq(quizTargetUsers.quizId, quizId));
  if (deptIds.length) await tx.insert(quizTargetDepts).values(deptIds.map((deptId) => ({ quizId, deptId })));
  if (userIds.length) await tx.insert(quizTargetUsers).values(userIds.map((userId) => ({ quizId, userId })));
}

const head = (input: QuizSaveInput) => ({
  title: input.title,
  startTime: input.startTime,
  endTime: input.endTime,
  timeLimit: input.timeLimit,
  passScore: input.passScore,
});

/** Create a quiz (once per form batch) with its copied questions and takers, or edit all but its questions. */
export async function saveQuiz(db: Db, user: SessionUser, input: QuizSaveInput): Promise<number> {
  if (input.quizId) {
    const quizId = input.quizId;
    await db.transaction(async (tx) => {
      const [q] = await queryRows<Row>(
        tx,
        sql`select total_score from quiz where quiz_id = ${quizId} and not is_deleted for update`,
      );
      if (!q) throw notFound(QuizMsg.quizNotFound);
      if (input.passScore > Number(q.total_score)) throw badRequest(QuizMsg.passAboveTotal);
      await tx
        .update(quizzes)
        .set({ ...head(input), updatedAt: new Date() })
        .where(eq(quizzes.id, quizId));
      await setTargets(tx, quizId, input);
    });
    return quizId;
  }
  return createOnce(db, quizzes, user.userId, input.batchId, async (tx) => {
    const picked = await pickQuestions(tx, input);
    const totalScore = picked.reduce((s, p) => s + p.score, 0);
    if (input.passScore > totalScore) throw badRequest(QuizMsg.passAboveTotal);
    const [row] = await tx
      .insert(quizzes)
      .values({ ...head(input), totalScore, bankId: input.bankId!, createUserId: user.userId, batchId: input.batchId })
      .onConflictDoNothing()
      .returning({ id: quizzes.id });
    if (!row) return undefined;
    await tx.insert(quizItems).values(
      picked.map((p, i) => ({
        quizId: row.id,
        seq: i + 1,
        questionId: p.id,
        type: p.type,
        stem: p.stem,
        options: p.options,
        answer: p.answer,
        score: p.score,
        explanation: p.explanation,
      })),
    );
    await setTargets(tx, row.id, input);
    return row.id;
  });
}

export async function deleteQuiz(db: Db, quizId: number): Promise<null> {
  const done = await db
    .update(quizzes)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(sql`${quizzes.id} = ${quizId} and not ${quizzes.isDeleted}`)
    .returning({ id: quizzes.id });
  if (!done.length) throw notFound(QuizMsg.quizNotFound);
  return null;
}

/** A quiz's columns over alias `q`; the counts are of the takers in the viewer's data scope. */
const rowColumns = (user: SessionUser) => {
  const inScope = (col: ReturnType<typeof sql>) => resultScope(user, col) ?? sql`true`;
  return sql`q.quiz_id, q.title, q.start_time, q.end_time, q.time_limit, q.pass_score, q.total_score,
    q.create_time, ${phaseSql} as phase, coalesce(cu.realname, '') as creator,
    (select count(*)::int from quiz_item i where i.quiz_id = q.quiz_id) as question_count,
    (select count(*)::int from (${takersSql(sql`q.quiz_id`)}) t where ${inScope(sql`t.user_id`)}) as assigned_count,
    (select count(*)::int from quiz_attempt a where a.quiz_id = q.quiz_id and a.submitted_at is not null
       and ${inScope(sql`a.user_id`)}) as submitted_count`;
};

const toRow = (r: Row): QuizRow => ({
  quizId: Number(r.quiz_id),
  title: String(r.title),
  startTime: r.start_time as string,
  endTime: r.end_time as string,
  timeLimit: Number(r.time_limit),
  passScore: Number(r.pass_score),
  totalScore: Number(r.total_score),
  questionCount: Number(r.question_count),
  phase: Number(r.phase),
  assignedCount: Number(r.assigned_count),
  submittedCount: Number(r.submitted_count),
  createUserName: String(r.creator),
  createTime: r.create_time as string,
});

// Quizzes are run by the company's managers together; each one's results follow their data scope.
const quizList = defineList({
  from: sql`quiz q`,
  id: sql`q.quiz_id`,
  fields: {
    startTime: { sql: sql`q.start_time`, type: 'date' },
    endTime: { sql: sql`q.end_time`, type: 'date' },
  },
  search: [sql`q.title`],
  defaultSort: [{ field: 'startTime', order: 'desc' }],
  scope: { unscoped: 'quizzes are shared by everyone holding oa:quiz:manage; their results are scoped (results.ts)' },
});

export function listQuizzes(db: Db, user: SessionUser, input: { page: number; limit: number; search: string }) {
  return listPage<Row, QuizRow>(
    db,
    quizList,
    { user, page: input.page, limit: input.limit, search: input.search, where: [sql`not q.is_deleted`] },
    {
      columns: rowColumns(user),
      joins: sql`join quiz q on q.quiz_id = page.id left join sys_user cu on cu.user_id = q.create_user_id`,
      map: toRow,
    },
  );
}

/** Everything of one quiz for its managers: takers named, every item with its answer. */
export async function quizInfo(db: Db, user: SessionUser, quizId: number): Promise<QuizDetail> {
  const [r] = await queryRows<Row>(
    db,
    sql`select ${rowColumns(user)} from quiz q left join sys_user cu on cu.user_id = q.create_user_id
        where q.quiz_id = ${quizId} and not q.is_deleted`,
  );
  if (!r) throw notFound(QuizMsg.quizNotFound);
  const depts = await queryRows<Row>(
    db,
    sql`select d.dept_id, d.name from quiz_target_dept t join sys_dept d on d.dept_id = t.dept_id
        where t.quiz_id = ${quizId} order by d.dept_id`,
  );
  const users = await queryRows<Row>(
    db,
    sql`select u.user_id, u.realname from quiz_target_user t join sys_user u on u.user_id = t.user_id
        where t.quiz_id = ${quizId} order by u.user_id`,
  );
  const items = await queryRows<Row>(
    db,
    sql`select item_id, type, stem, options, answer, score, explanation from quiz_item
        where quiz_id = ${quizId} order by seq`,
  );
  return {
    ...toRow(r),
    depts: depts.map((d) => ({ deptId: Number(d.dept_id), name: String(d.name) })),
    users: users.map((u) => ({ userId: Number(u.user_id), realname: String(u.realname) })),
    items: items.map((i) => ({
      itemId: Number(i.item_id),
      type: Number(i.type),
      stem: String(i.stem),
      options: i.options as string[],
      answer: i.answer as number[],
      score: Number(i.score),
      explanation: String(i.explanation),
    })),
  };
}
