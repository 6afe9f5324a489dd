import { QUIZ_MANAGE, QuizMsg } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { scopeCondition } from '../../core/data-scope.ts';
import { notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { instantOf } from '../../core/times.ts';
import type { Tx } from '../../db/client.ts';
import { assignedPeopleSql, deptAndAncestorsSql } from '../../org/tree.ts';

/**
 * Who takes a quiz: the people it names and everyone in the departments it names or below them.
 * A person's assignment is read when it matters (the list, the start), so a move to another
 * department moves their quizzes with them; an attempt once started stays theirs.
 */
export const assignedToMeSql = (user: SessionUser, quiz: SQL = sql`q.quiz_id`): SQL =>
  sql`(exists (select 1 from quiz_target_user tu where tu.quiz_id = ${quiz} and tu.user_id = ${user.userId})
    or exists (select 1 from quiz_target_dept td where td.quiz_id = ${quiz}
      and td.dept_id in (${deptAndAncestorsSql(user.deptId)})))`;

/** The user ids who take quiz `quizId` (active people assigned, and anyone who started it). */
export const takersSql = (quizId: number | SQL): SQL => sql`
  select n.user_id from (${assignedPeopleSql({
    userIds: sql`select tu.user_id from quiz_target_user tu where tu.quiz_id = ${quizId}`,
    deptIds: sql`select td.dept_id from quiz_target_dept td where td.quiz_id = ${quizId}`,
  })}) n
  union
  select a.user_id from quiz_attempt a where a.quiz_id = ${quizId}`;

/** The takers `user` may see the results of: the data scope of their role granting oa:quiz:manage. */
export const resultScope = (user: SessionUser, userColumn: SQL): SQL | undefined =>
  scopeCondition(user, QUIZ_MANAGE, userColumn);

/** 1 未开始, 2 进行中, 3 已结束, over alias `q`. */
export const phaseSql = sql`(case when now() < q.start_time then 1 when now() < q.end_time then 2 else 3 end)`;

export type QuizHead = {
  id: number;
  title: string;
  startTime: Date;
  endTime: Date;
  timeLimit: number;
  passScore: number;
  totalScore: number;
};

/** A live quiz, or 考试不存在. */
export async function liveQuiz(tx: Tx, id: number): Promise<QuizHead> {
  const [r] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select quiz_id, title, start_time, end_time, time_limit, pass_score, total_score
        from quiz where quiz_id = ${id} and not is_deleted`,
  );
  if (!r) throw notFound(QuizMsg.quizNotFound);
  return {
    id,
    title: String(r.title),
    startTime: instantOf(r.start_time)!,
    endTime: instantOf(r.end_time)!,
    timeLimit: Number(r.time_limit),
    passScore: Number(r.pass_score),
    totalScore: Number(r.total_score),
  };
}
