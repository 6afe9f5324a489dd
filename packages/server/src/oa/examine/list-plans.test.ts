import { examineListSchema } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { examineCounts, type ListKind, listExamines, waitingCount } from './queries.ts';

/**
 * The approval lists at scale read only the viewer's rows: on PostgreSQL, with 40,000 approvals
 * of which 2,000 wait for one approver, no list or count may scan oa_examine sequentially (the
 * planner did, for every tab, before the tabs paged from the task, log and copy indexes). PGlite
 * has the same planner but its plans are not what production runs: this runs under
 * `bash scripts/test-postgres.sh` (CI's test:postgres step).
 */
const onPostgres = inject('dbTemplate').kind === 'postgres';

let t: TestApp;
let db: Db;
let busiest: number;
let copied: number;
let applicant: number;
let categoryId: number;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  db = t.database.db;
  const users = await queryRows<{ user_id: number; username: string }>(
    db,
    sql`select user_id, username from sys_user order by user_id`,
  );
  const id = (name: string) => Number(users.find((u) => u.username === name)!.user_id);
  busiest = id('liming');
  copied = id('zhoujie');
  applicant = id('sunli');
  const others = users.map((u) => Number(u.user_id)).filter((u) => u !== busiest);
  const [cat] = await queryRows<{ id: number }>(db, sql`select min(category_id) as id from oa_examine_category`);
  categoryId = Number(cat!.id);
  const n = 40000;
  const base = 100000;
  // Every 5th approval goes to the busiest approver, every 4th still waits: 2,000 wait for them.
  await db.execute(sql`create temporary table plan_gen as
    select i, ${base}::int + i as rid,
           case when i % 5 = 0 then ${busiest}::int else (${sql.raw(`'{${others.join(',')}}'::int[]`)})[1 + i % ${others.length}] end as approver,
           case when i % 7 = 0 then ${applicant}::int else (${sql.raw(`'{${others.join(',')}}'::int[]`)})[1 + (i / 7) % ${others.length}] end as applicant,
           i % 4 = 0 as waiting,
           now() - make_interval(mins => ${n} - i) as at
    from generate_series(1, ${n}) i`);
  await db.execute(sql`insert into examine_record (record_id, subject_type, subject_id, category_id, applicant_id, status, state)
    select rid, 'oa', rid, ${categoryId}, applicant, case when waiting then 0 else 1 end, '{}'::jsonb from plan_gen`);
  await db.execute(sql`insert into oa_examine (examine_id, category_id, create_user_id, content, status, record_id,
      is_deleted, create_time, update_time, submit_time)
    select rid, ${categoryId}, applicant, '计划测试' || i, case when waiting then 0 else 1 end, rid, i % 997 = 0, at, at, at from plan_gen`);
  await db.execute(sql`insert into examine_task (record_id, seq, round, step_id, user_id, status, create_time)
    select rid, 1, 1, 1, approver, case when waiting then 'pending' else 'approved' end, at from plan_gen`);
  await db.execute(sql`insert into examine_log (record_id, seq, round, kind, user_id, create_time)
    select rid, 1, 1, 'submit', applicant, at from plan_gen
    union all select rid, 2, 1, 'approve', approver, at from plan_gen where not waiting`);
  await db.execute(sql`insert into examine_cc (record_id, user_id, read_time, create_time)
    select rid, ${copied}, case when i % 2 = 0 then at end, at from plan_gen where i % 3 = 0`);
  await db.execute(sql`vacuum analyze oa_examine`);
  await db.execute(sql`vacuum analyze examine_record`);
  await db.execute(sql`vacuum analyze examine_task`);
  await db.execute(sql`vacuum analyze examine_log`);
  await db.execute(sql`vacuum analyze examine_cc`);
}, 120_000);
afterAll(async () => {
  if (onPostgres) await t.close();
});

/** The SQL a query function sends, captured by a stand-in database that answers no rows. */
async function sent(run: (db: Db) => Promise<unknown>): Promise<SQL> {
  let captured: SQL | undefined;
  const fake = {
    execute: async (q: SQL) => {
      captured = q;
      return { rows: [] };
    },
  } as unknown as Db;
  await run(fake);
  return captured!;
}

async function plan(run: (db: Db) => Promise<unknown>): Promise<string> {
  const rows = await queryRows<Record<string, string>>(db, sql`explain ${await sent(run)}`);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

const viewer = (userId: number) => ({ userId, roles: [], isSuper: false }) as unknown as SessionUser;
const list =
  (kind: ListKind, who: () => number, body: Record<string, unknown> = {}) =>
  (on: Db) =>
    listExamines(on, kind, viewer(who()), examineListSchema.parse(body));

describe.skipIf(!onPostgres)('approval lists at scale do not scan oa_examine', () => {
  it('the data has the shape the plans are about', async () => {
    expect(await waitingCount(db, busiest)).toBeGreaterThan(1900);
    expect((await examineCounts(db, busiest)).waiting).toBe(await waitingCount(db, busiest));
  });

  it.each([
    ['待我审批', list('waiting', () => busiest)],
    ['待我审批, page 20', list('waiting', () => busiest, { page: 20 })],
    ['待我审批, one category', list('waiting', () => busiest, { categoryId: 1 })],
    ['待我审批, a search', list('waiting', () => busiest, { search: '计划' })],
    ['待我审批, by submission time', list('waiting', () => busiest, { sortField: 'submitTime' })],
    ['我已审批', list('handled', () => busiest)],
    ['我已审批, status 1', list('handled', () => busiest, { status: 1 })],
    ['抄送我的', list('copied', () => copied)],
    ['我发起的', list('initiate', () => applicant)],
    ['我发起的, last 30 days', list('initiate', () => applicant, { startTime: '2020-01-01', endTime: '2099-01-01' })],
    ['the tab counts', (on: Db) => examineCounts(on, busiest)],
    ['the workbench badge', (on: Db) => waitingCount(on, busiest)],
  ])('%s', async (_name, run) => {
    const text = await plan(run);
    expect(text).not.toMatch(/Seq Scan on oa_examine\b/);
  });
});
