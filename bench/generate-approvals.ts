/**
 * Generate many finished and waiting OA approvals for benchmarks, with set-based SQL (INSERT …
 * SELECT over generate_series) in one transaction: oa_examine, examine_record (a valid engine
 * state: one 'users' step), examine_task, examine_log and examine_cc.
 *
 *   npx tsx bench/generate-approvals.ts                          # PGlite in bench/out/pglite
 *   DATABASE_URL=postgres://... npx tsx bench/generate-approvals.ts
 *   options: --approvals 100000 --users 10000 --reset
 *
 * Needs the generated organisation (generate-org.ts; generated first when missing). Approvals are
 * filed by generated users (a few prolific applicants, most with a handful) to their supervisor,
 * or, a quarter of them, to one of the (active) head-office managers (president, finance, HR, …) with a
 * Zipf-like share, where a backlog piles up: the busiest approver has thousands waiting, most
 * supervisors a handful. Deterministic (setseed): the same options give the same data.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { type Db, openDatabase } from '../packages/server/src/db/client.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { examineCategories } from '../packages/server/src/oa/examine/tables.ts';
import { GEN_REMARK, generateOrg } from './generate-org.ts';

/** batch_id prefix of the generated approvals (how they are found again for --reset). */
export const GEN_BATCH = 'bench:gen:';

/** Head-office managers (heads of these departments) who receive a quarter of all approvals, busiest first. */
const HOT_DEPTS = ['财务中心', '人力资源中心', '美业集团', '采购中心', '市场中心', '信息技术中心', '法务部', '品牌部'];

const BENCH_CATEGORIES = [
  { title: '请假申请', className: '人事', icon: 2 },
  { title: '费用报销', className: '财务', icon: 3 },
  { title: '出差申请', className: '行政', icon: 4 },
  { title: '采购申请', className: '行政', icon: 5 },
];

const SUBJECTS = [
  '市场活动物料采购',
  '客户答谢会场地预订',
  '门店装修验收',
  '年度培训计划',
  '新品试用申请',
  '办公设备更换',
  '合同条款变更说明',
  '会员积分活动方案',
  '差旅费用说明',
  '季度销售目标调整',
  '供应商资质审核',
  '客户投诉处理结果',
];

const intArr = (xs: number[]) => sql.raw(`'{${xs.map((x) => Math.trunc(x)).join(',')}}'::int[]`);
/** Constants of this file, inlined: CREATE TABLE AS takes no bind parameters. */
const textArr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(', ')}]::text[]`);
const int = (n: number) => sql.raw(String(Math.trunc(n)));

export type ApprovalStats = { approvals: number; waiting: number; tasks: number; logs: number; copies: number };

async function stats(db: Db): Promise<ApprovalStats> {
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select (select count(*) from oa_examine)::int as approvals,
               (select count(*) from examine_task where status = 'pending' and not superseded)::int as waiting,
               (select count(*) from examine_task)::int as tasks,
               (select count(*) from examine_log)::int as logs,
               (select count(*) from examine_cc)::int as copies`,
  );
  return {
    approvals: Number(row?.approvals),
    waiting: Number(row?.waiting),
    tasks: Number(row?.tasks),
    logs: Number(row?.logs),
    copies: Number(row?.copies),
  };
}

export async function generateApprovals(
  db: Db,
  opts: { approvals: number; reset: boolean; log?: boolean },
): Promise<ApprovalStats> {
  const say = (s: string) => opts.log !== false && console.log(s);
  const t0 = performance.now();
  await ensureSystemData(db);
  const [gen] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from oa_examine where batch_id like ${`${GEN_BATCH}%`}`,
  );
  if (Number(gen?.n) > 0) {
    if (!opts.reset) {
      const s = await stats(db);
      say(
        `approvals already generated (${gen?.n}; ${s.approvals} in all, ${s.waiting} waiting); pass --reset to generate again`,
      );
      return s;
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from examine_record where record_id in
        (select record_id from oa_examine where batch_id like ${`${GEN_BATCH}%`})`);
      await tx.execute(sql`delete from oa_examine where batch_id like ${`${GEN_BATCH}%`}`);
    });
    say('removed the previously generated approvals');
  }

  const [general] = await queryRows<{ id: number }>(
    db,
    sql`select category_id as id from oa_examine_category where type = 'general' and not is_deleted order by category_id limit 1`,
  );
  if (!general) throw new Error('the 普通审批 category is missing');
  const categoryIds = [Number(general.id)];
  for (const [i, c] of BENCH_CATEGORIES.entries()) {
    const [found] = await queryRows<{ id: number }>(
      db,
      sql`select category_id as id from oa_examine_category where title = ${c.title} and remarks = ${GEN_REMARK} limit 1`,
    );
    const id =
      found?.id ??
      (
        await db
          .insert(examineCategories)
          .values({ ...c, type: 'custom', remarks: GEN_REMARK, sort: 100 + i, examineType: 2 })
          .returning({ id: examineCategories.id })
      )[0]!.id;
    categoryIds.push(Number(id));
  }

  // The head-office managers: heads of the generated group and its centres, in HOT_DEPTS order.
  const hotRows = await queryRows<{ user_id: number }>(
    db,
    sql`select d.owner_user_id as user_id from sys_dept d
        join sys_user u on u.user_id = d.owner_user_id and u.status = 1
        where d.remark = ${GEN_REMARK} and d.name = any(${textArr(HOT_DEPTS)})
        order by array_position(${textArr(HOT_DEPTS)}, d.name::text), d.dept_id`,
  );
  const hot = [...new Set(hotRows.map((r) => Number(r.user_id)))];
  if (hot.length < 4) throw new Error('the generated organisation is missing: run generate-org.ts first');
  const hotArr = intArr(hot);
  const nHot = hot.length;

  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.20261122)`);
    const [base] = await queryRows<{ e: number; r: number }>(
      tx,
      sql`select coalesce((select max(examine_id) from oa_examine), 0)::int as e,
                 coalesce((select max(record_id) from examine_record), 0)::int as r`,
    );
    // One row per approval: who files it, who approves, whether it still waits, when, copies.
    await tx.execute(sql`create temp table bench_appr on commit drop as
      with u as (
        select u.user_id, u.parent_id, (p.status = 1) as parent_active,
               row_number() over (order by md5(u.user_id::text)) as n
        from sys_user u left join sys_user p on p.user_id = u.parent_id
        where u.username ~ '^u[0-9]+$' and u.status = 1
      ),
      nu as (select count(*)::int as c from u),
      r as (
        select i, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5,
               random() as r6, random() as r7, random() as r8, random() as r9, random() as r10, random() as r11
        from generate_series(1, ${int(opts.approvals)}) i
      ),
      a as (
        select r.*, nu.c as nusers, u.user_id as applicant,
               -- k: a Zipf-like pick among the head-office managers (the first gets about a third).
               least(${int(nHot)}, floor(pow(${int(nHot + 1)}, r.r3))::int) as k,
               case when r.r2 < 0.25 or u.parent_id is null or not coalesce(u.parent_active, false)
                    then null else u.parent_id end as supervisor
        from r cross join nu join u on u.n = 1 + least(nu.c - 1, floor(nu.c * r.r1 * r.r1)::int)
      ),
      b as (
        select a.*,
               case when a.supervisor is not null then a.supervisor
                    when (${hotArr})[a.k] <> a.applicant then (${hotArr})[a.k]
                    else (${hotArr})[1 + a.k % ${int(nHot)}] end as approver,
               -- A backlog piles up at the head-office managers.
               a.r4 < case when a.supervisor is null then 0.5 else 0.12 end as pending
        from a
      ),
      c as (
        select b.*, now() - b.r8 * (case when b.pending then 45 else 730 end) * interval '1 day' as created
        from b
      )
      select c.i, ${int(base!.e)} + c.i as examine_id, ${int(base!.r)} + c.i as record_id, c.applicant, c.approver, c.pending,
             (${intArr(categoryIds)})[case when c.r7 < 0.4 then 1 else 2 + floor((c.r7 - 0.4) / 0.6 * ${int(categoryIds.length - 1)})::int end]
               as category_id,
             case when c.pending then 0 else 1 end::smallint as status,
             c.created,
             case when c.pending then c.created else least(now(), c.created + c.r10 * interval '3 days') end as updated,
             case when c.r5 >= 0.3 then null
                  when c.r6 < 0.4 then (${hotArr})[1 + floor(c.r6 / 0.4 * 3)::int]
                  else ccu.user_id end as cc,
             c.r9 < 0.7 as cc_read,
             (${textArr(SUBJECTS)})[1 + c.i % ${int(SUBJECTS.length)}] || ' #' || c.i as content
      from c left join u ccu on ccu.n = 1 + floor(c.r11 * c.nusers)::int`);
    await tx.execute(sql`update bench_appr set cc = null where cc = applicant`);

    await tx.execute(sql`insert into oa_examine (examine_id, category_id, create_user_id, content, remark, batch_id,
        cc_user_ids, check_user_ids, status, record_id, create_time, update_time, submit_time)
      select examine_id, category_id, applicant, content, '详见附件，请审批。', ${GEN_BATCH}::text || i::text,
             case when cc is null then '{}'::int[] else array[cc] end, array[approver], status, record_id, created, updated,
             created
      from bench_appr`);
    const submitLog = sql`jsonb_build_object('seq', 1, 'round', 1, 'stepId', null, 'kind', 'submit', 'userId', applicant)`;
    await tx.execute(sql`insert into examine_record (record_id, subject_type, subject_id, category_id, applicant_id,
        status, state, version, create_time, update_time)
      select record_id, 'oa', examine_id, category_id, applicant, status,
             jsonb_build_object(
               'status', status, 'applicantId', applicant, 'round', 1,
               'plan', jsonb_build_array(jsonb_build_object('kind', 'users', 'userIds', jsonb_build_array(approver),
                 'mode', 'or', 'origin', 'chosen', 'id', 1)),
               'pastSteps', '[]'::jsonb,
               'current', case when pending then 1 end,
               'tasks', jsonb_build_array(jsonb_build_object('seq', 1, 'round', 1, 'stepId', 1, 'userId', approver,
                 'status', case when pending then 'pending' else 'approved' end, 'superseded', false)),
               'log', case when pending then jsonb_build_array(${submitLog})
                      else jsonb_build_array(${submitLog},
                        jsonb_build_object('seq', 2, 'round', 1, 'stepId', 1, 'kind', 'approve', 'userId', approver),
                        jsonb_build_object('seq', 3, 'round', 1, 'stepId', null, 'kind', 'finish', 'userId', null, 'status', 1))
                      end),
             case when pending then 1 else 2 end, created, updated
      from bench_appr`);
    await tx.execute(sql`insert into examine_task (record_id, seq, round, step_id, user_id, status, superseded, acted_time, create_time)
      select record_id, 1, 1, 1, approver, case when pending then 'pending' else 'approved' end, false,
             case when pending then null else updated end, created
      from bench_appr`);
    await tx.execute(sql`insert into examine_log (record_id, seq, round, step_id, kind, user_id, status, create_time)
      select record_id, 1, 1, null::int, 'submit', applicant, null::smallint, created from bench_appr
      union all select record_id, 2, 1, 1, 'approve', approver, null, updated from bench_appr where not pending
      union all select record_id, 3, 1, null, 'finish', null, 1, updated from bench_appr where not pending`);
    await tx.execute(sql`insert into examine_cc (record_id, user_id, read_time, create_time)
      select record_id, cc, case when cc_read and not pending then updated + interval '1 hour' end, created
      from bench_appr where cc is not null`);
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('oa_examine', 'examine_id'), (select max(examine_id) from oa_examine))`,
    );
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('examine_record', 'record_id'), (select max(record_id) from examine_record))`,
    );
  });
  await db.execute(sql`analyze oa_examine, examine_record, examine_task, examine_log, examine_cc, oa_examine_category`);
  const s = await stats(db);
  say(
    `generated ${opts.approvals} approvals in ${((performance.now() - t0) / 1000).toFixed(1)} s; now ${s.approvals} approvals, ` +
      `${s.waiting} waiting tasks, ${s.tasks} tasks, ${s.logs} log entries, ${s.copies} copies`,
  );
  return s;
}

async function main() {
  const { values } = parseArgs({
    options: {
      approvals: { type: 'string', default: '100000' },
      users: { type: 'string', default: '10000' },
      'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
      reset: { type: 'boolean', default: false },
    },
  });
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = openDatabase({ databaseUrl, dataDir: path.resolve(values['data-dir']) });
  console.log(databaseUrl ? `database: ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}` : `PGlite: ${values['data-dir']}`);
  try {
    await database.migrate();
    await generateOrg(database.db, { users: Number(values.users), depts: 200, reset: false });
    await generateApprovals(database.db, { approvals: Number(values.approvals), reset: values.reset });
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
