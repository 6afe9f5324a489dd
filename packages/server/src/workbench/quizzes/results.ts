import { type QuizResultsInput, type QuizStats, type QuizTakerRow, takerStatusNames } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../auth/session.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import { loadExcel } from '../../crm/records/excel/lib.ts';
import { sendWorkbook } from '../../crm/records/excel/reply.ts';
import type { Db } from '../../db/client.ts';
import { liveQuiz, resultScope, takersSql } from './access.ts';
import { finishExpired } from './taking.ts';

type Row = Record<string, unknown>;

const used = sql`extract(epoch from (a.submitted_at - a.started_at))`;

/**
 * The takers of one quiz: everyone assigned (or who started), with their attempt if any. The
 * quiz id is bound by the caller's `where` (`qz.quiz_id`), the people by the viewer's data scope.
 */
const takerList = defineList({
  from: sql`quiz qz join sys_user u on true
    left join quiz_attempt a on a.quiz_id = qz.quiz_id and a.user_id = u.user_id`,
  id: sql`u.user_id`,
  fields: {
    score: { sql: sql`a.score`, type: 'number' },
    timeUsed: { sql: used, type: 'number' },
    submitTime: { sql: sql`a.submitted_at`, type: 'date' },
  },
  search: [sql`u.realname`],
  defaultSort: [
    { field: 'score', order: 'desc' },
    { field: 'timeUsed', order: 'asc' },
  ],
  scope: { owner: sql`u.user_id`, permission: 'oa:quiz:manage' },
});

const statusSql = sql`(case when a.attempt_id is null then 0 when a.submitted_at is null then 1 else 2 end)`;

/** Place among everyone who handed in: higher score first, then less time; ties share it. */
const rankSql = sql`case when a.submitted_at is not null then 1 + (select count(*)::int from quiz_attempt b
  where b.quiz_id = a.quiz_id and b.submitted_at is not null and (b.score > a.score
    or (b.score = a.score and b.submitted_at - b.started_at < a.submitted_at - a.started_at))) end`;

const toTaker = (r: Row): QuizTakerRow => ({
  userId: Number(r.user_id),
  realname: String(r.realname),
  deptName: String(r.dept_name),
  status: Number(r.status),
  score: r.score == null ? null : Number(r.score),
  passed: r.passed == null ? null : r.passed === true,
  timeUsed: r.used == null ? null : Math.round(Number(r.used)),
  startTime: (r.started_at as string | null) ?? null,
  submitTime: (r.submitted_at as string | null) ?? null,
  autoSubmitted: r.auto_submitted === true,
  rank: r.rank == null ? null : Number(r.rank),
});

const takerColumns = sql`u.user_id, u.realname, coalesce(d.name, '') as dept_name, ${statusSql} as status,
  a.score, a.passed, ${used} as used, a.started_at, a.submitted_at, a.auto_submitted, ${rankSql} as rank`;

/** The results, best first (the ranking); a status narrows it (未参加 lists who has not taken it yet). */
export async function listTakers(db: Db, user: SessionUser, input: QuizResultsInput) {
  await liveQuiz(db, input.quizId);
  await finishExpired(db, sql`quiz_id = ${input.quizId}`);
  return listPage<Row, QuizTakerRow>(
    db,
    takerList,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search,
      where: [
        sql`qz.quiz_id = ${input.quizId}`,
        sql`u.user_id in (${takersSql(input.quizId)})`,
        input.status === undefined ? undefined : sql`${statusSql} = ${input.status}`,
      ],
    },
    {
      columns: takerColumns,
      joins: sql`join sys_user u on u.user_id = page.id left join sys_dept d on d.dept_id = u.dept_id
        left join quiz_attempt a on a.quiz_id = ${input.quizId} and a.user_id = u.user_id`,
      map: toTaker,
    },
  );
}

/** Counts of the takers in the viewer's scope and each question's error rate among their hand-ins. */
export async function quizStats(db: Db, user: SessionUser, quizId: number): Promise<QuizStats> {
  await liveQuiz(db, quizId);
  await finishExpired(db, sql`quiz_id = ${quizId}`);
  const inScope = (col: ReturnType<typeof sql>) => resultScope(user, col) ?? sql`true`;
  const [c] = await queryRows<Row>(
    db,
    sql`select count(*)::int as assigned,
        count(a.submitted_at)::int as submitted,
        count(*) filter (where a.passed)::int as passed,
        count(*) filter (where a.attempt_id is null)::int as not_taken,
        avg(a.score) filter (where a.submitted_at is not null) as average
      from (${takersSql(quizId)}) t
      left join quiz_attempt a on a.quiz_id = ${quizId} and a.user_id = t.user_id
      where ${inScope(sql`t.user_id`)}`,
  );
  const items = await queryRows<Row>(
    db,
    sql`select i.item_id, i.seq, i.type, i.stem, count(x.attempt_id)::int as answered,
        count(*) filter (where x.attempt_id is not null and not x.correct)::int as wrong
      from quiz_item i
      left join (quiz_attempt_item x join quiz_attempt a on a.attempt_id = x.attempt_id and ${inScope(sql`a.user_id`)})
        on x.item_id = i.item_id
      where i.quiz_id = ${quizId}
      group by i.item_id, i.seq, i.type, i.stem order by i.seq`,
  );
  const average = c?.average == null ? null : Math.round(Number(c.average) * 10) / 10;
  return {
    assigned: Number(c?.assigned ?? 0),
    submitted: Number(c?.submitted ?? 0),
    passed: Number(c?.passed ?? 0),
    notTaken: Number(c?.not_taken ?? 0),
    averageScore: average,
    items: items.map((i) => {
      const answered = Number(i.answered);
      const wrong = Number(i.wrong);
      return {
        itemId: Number(i.item_id),
        seq: Number(i.seq),
        type: Number(i.type),
        stem: String(i.stem),
        answered,
        wrong,
        errorRate: answered ? Math.round((wrong / answered) * 1000) / 1000 : null,
      };
    }),
  };
}

const minutes = (seconds: number | null) => (seconds == null ? '' : `${Math.floor(seconds / 60)}分${seconds % 60}秒`);

/** The results sheet (every taker in the viewer's scope, ranked) and the error-rate sheet. */
export async function exportResults(db: Db, user: SessionUser, quizId: number, reply: FastifyReply) {
  const quiz = await liveQuiz(db, quizId);
  const takers = await listTakers(db, user, { quizId, page: 1, limit: 100_000, search: '' } as QuizResultsInput);
  const stats = await quizStats(db, user, quizId);
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('成绩');
  sheet.columns = [
    { header: '名次', key: 'rank', width: 8 },
    { header: '姓名', key: 'name', width: 14 },
    { header: '部门', key: 'dept', width: 16 },
    { header: '状态', key: 'status', width: 10 },
    { header: '得分', key: 'score', width: 8 },
    { header: '是否及格', key: 'passed', width: 10 },
    { header: '用时', key: 'used', width: 12 },
    { header: '交卷时间', key: 'submit', width: 20 },
  ];
  for (const r of takers.list)
    sheet.addRow({
      rank: r.rank ?? '',
      name: r.realname,
      dept: r.deptName,
      status: takerStatusNames[r.status] + (r.autoSubmitted ? '（到时自动交卷）' : ''),
      score: r.score ?? '',
      passed: r.passed == null ? '' : r.passed ? '及格' : '不及格',
      used: minutes(r.timeUsed),
      submit: timeText(r.submitTime) ?? '',
    });
  const rates = book.addWorksheet('错误率');
  rates.columns = [
    { header: '题号', key: 'seq', width: 8 },
    { header: '题目', key: 'stem', width: 50 },
    { header: '作答人数', key: 'answered', width: 10 },
    { header: '答错人数', key: 'wrong', width: 10 },
    { header: '错误率(%)', key: 'rate', width: 10 },
  ];
  for (const i of stats.items)
    rates.addRow({
      seq: i.seq,
      stem: i.stem,
      answered: i.answered,
      wrong: i.wrong,
      rate: i.errorRate == null ? '' : Math.round(i.errorRate * 1000) / 10,
    });
  for (const s of [sheet, rates]) s.getRow(1).font = { bold: true };
  return sendWorkbook(reply, `${quiz.title}_成绩.xlsx`, await book.xlsx.writeBuffer());
}
