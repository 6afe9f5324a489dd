import type { QuizBankRow, QuizBankSaveInput, QuizQuestionRow, QuizQuestionSaveInput } from '@crm/shared';
import { QuizMsg } from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createOnce } from '../../db/create-once.ts';
import { quizBanks, quizQuestions } from './tables.ts';

type Row = Record<string, unknown>;

/** A live bank (locked for a write), or 题库不存在. */
async function liveBank(tx: Tx, bankId: number, lock = false) {
  const [row] = await queryRows<Row>(
    tx,
    sql`select bank_id from quiz_bank where bank_id = ${bankId} and not is_deleted ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw notFound(QuizMsg.bankNotFound);
}

/** Create or rename a bank; two live banks never share a name. */
export async function saveBank(db: Db, user: SessionUser, input: QuizBankSaveInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [clash] = await queryRows<Row>(
      tx,
      sql`select bank_id from quiz_bank where name = ${input.name} and not is_deleted
          and bank_id <> ${input.bankId ?? 0}`,
    );
    if (clash) throw badRequest(QuizMsg.bankNameTaken);
    if (input.bankId) {
      await liveBank(tx, input.bankId, true);
      await tx
        .update(quizBanks)
        .set({ name: input.name, description: input.description, updatedAt: new Date() })
        .where(eq(quizBanks.id, input.bankId));
      return input.bankId;
    }
    const [row] = await tx
      .insert(quizBanks)
      .values({ name: input.name, description: input.description, createUserId: user.userId })
      .returning({ id: quizBanks.id });
    return row!.id;
  });
}

/** Delete a bank and its questions; quizzes made from it keep their own copies. */
export async function deleteBank(db: Db, bankId: number): Promise<null> {
  await db.transaction(async (tx) => {
    await liveBank(tx, bankId, true);
    const now = new Date();
    await tx.update(quizBanks).set({ isDeleted: true, updatedAt: now }).where(eq(quizBanks.id, bankId));
    await tx
      .update(quizQuestions)
      .set({ isDeleted: true, updatedAt: now })
      .where(and(eq(quizQuestions.bankId, bankId), eq(quizQuestions.isDeleted, false)));
  });
  return null;
}

// Banks and questions are the company's teaching material, shared by everyone who runs quizzes.
const bankList = defineList({
  from: sql`quiz_bank b`,
  id: sql`b.bank_id`,
  fields: { updateTime: { sql: sql`b.update_time`, type: 'date' }, name: { sql: sql`b.name`, type: 'text' } },
  search: [sql`b.name`],
  defaultSort: [{ field: 'updateTime', order: 'desc' }],
  scope: { unscoped: 'question banks are shared teaching material of everyone holding oa:quiz:manage' },
});

export function listBanks(db: Db, user: SessionUser, input: { page: number; limit: number; search: string }) {
  return listPage<Row, QuizBankRow>(
    db,
    bankList,
    { user, page: input.page, limit: input.limit, search: input.search, where: [sql`not b.is_deleted`] },
    {
      columns: sql`b.bank_id, b.name, b.description, b.update_time, coalesce(u.realname, '') as realname,
        (select count(*)::int from quiz_question x where x.bank_id = b.bank_id and not x.is_deleted) as n`,
      joins: sql`join quiz_bank b on b.bank_id = page.id left join sys_user u on u.user_id = b.create_user_id`,
      map: (r) => ({
        bankId: Number(r.bank_id),
        name: String(r.name),
        description: String(r.description),
        questionCount: Number(r.n),
        createUserName: String(r.realname),
        updateTime: r.update_time as string,
      }),
    },
  );
}

const questionFields = (input: QuizQuestionSaveInput) => ({
  type: input.type,
  stem: input.stem,
  options: input.options,
  answer: input.answer,
  score: input.score,
  explanation: input.explanation,
});

/** Create (once per form batch) or edit a question of a live bank. */
export async function saveQuestion(db: Db, user: SessionUser, input: QuizQuestionSaveInput): Promise<number> {
  if (input.questionId) {
    const id = input.questionId;
    await db.transaction(async (tx) => {
      await liveBank(tx, input.bankId, true);
      const done = await tx
        .update(quizQuestions)
        .set({ ...questionFields(input), updatedAt: new Date() })
        .where(
          and(eq(quizQuestions.id, id), eq(quizQuestions.bankId, input.bankId), eq(quizQuestions.isDeleted, false)),
        )
        .returning({ id: quizQuestions.id });
      if (!done.length) throw notFound(QuizMsg.questionNotFound);
    });
    return id;
  }
  return createOnce(db, quizQuestions, user.userId, input.batchId, async (tx) => {
    await liveBank(tx, input.bankId, true);
    const [row] = await tx
      .insert(quizQuestions)
      .values({ ...questionFields(input), bankId: input.bankId, createUserId: user.userId, batchId: input.batchId })
      .onConflictDoNothing()
      .returning({ id: quizQuestions.id });
    return row?.id;
  });
}

export async function deleteQuestion(db: Db, questionId: number): Promise<null> {
  const done = await db
    .update(quizQuestions)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.isDeleted, false)))
    .returning({ id: quizQuestions.id });
  if (!done.length) throw notFound(QuizMsg.questionNotFound);
  return null;
}

const questionList = defineList({
  from: sql`quiz_question qq`,
  id: sql`qq.question_id`,
  fields: { id: { sql: sql`qq.question_id`, type: 'number' }, type: { sql: sql`qq.type`, type: 'number' } },
  search: [sql`qq.stem`],
  defaultSort: [{ field: 'id', order: 'asc' }],
  scope: { unscoped: 'question banks are shared teaching material of everyone holding oa:quiz:manage' },
});

export async function listQuestions(
  db: Db,
  user: SessionUser,
  input: { page: number; limit: number; search: string; bankId: number; type?: number },
) {
  await liveBank(db, input.bankId);
  return listPage<Row, QuizQuestionRow>(
    db,
    questionList,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search,
      where: [
        sql`qq.bank_id = ${input.bankId}`,
        sql`not qq.is_deleted`,
        input.type ? sql`qq.type = ${input.type}` : undefined,
      ],
    },
    {
      columns: sql`qq.*`,
      joins: sql`join quiz_question qq on qq.question_id = page.id`,
      map: (r) => ({
        questionId: Number(r.question_id),
        bankId: Number(r.bank_id),
        type: Number(r.type),
        stem: String(r.stem),
        options: r.options as string[],
        answer: r.answer as number[],
        score: Number(r.score),
        explanation: String(r.explanation),
        updateTime: r.update_time as string,
      }),
    },
  );
}
