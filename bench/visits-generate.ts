/**
 * Generate visits and bookings for the visit benchmarks (issue 23), set-based (INSERT … SELECT
 * over generate_series): `visits` past visits of the generated customers over 20 stores (the demo's
 * 客服部 and the generated branches' 客服部), one every 31 seconds back from today (about a year for
 * 1,000,000), all 已离店, each with its
 * booking (arrived, or every tenth 未到 / 已取消), with generated doctors and consultants; then
 * today's board and queue: bookings over the day and open visits at every station (已到店 …
 * 已治疗), replaced on every run so "today" is today. The live-queue triggers are switched off
 * for the bulk insert (a million NOTIFYs would measure the queue, not the data) and on again.
 *
 *   npx tsx bench/visits-generate.ts                          # PGlite in bench/out/pglite
 *   DATABASE_URL=postgres://... npx tsx bench/visits-generate.ts
 *   options: --visits 1000000 --customers 200000 --users 10000 --reset
 *
 * Deterministic but for the clock: the same options give the same rows relative to today.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { type Db, openDatabase } from '../packages/server/src/db/client.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { GEN_CUSTOMER_BATCH, generateCustomers } from './generate-customers.ts';
import { generateOrg } from './generate-org.ts';

/** batch_id prefix of the generated bookings and visits (`t` after it: today's). */
export const GEN_VISIT_BATCH = 'bench-v-';
const TODAY = `${GEN_VISIT_BATCH}t`;
/** Doctors and consultants: generated users, this many of each. */
const STAFF = 20;
/** Stores the past visits are spread over (客服部 of the demo first). */
const STORES = 20;
/** The company's today at 00:00, as SQL. */
const dayStart = sql.raw(`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`);
const int = (n: number) => sql.raw(String(Math.trunc(n)));
const intArr = (xs: number[]) => sql.raw(`array[${xs.map((x) => Math.trunc(x)).join(',')}]::int[]`);

export type VisitBenchData = {
  store: number;
  stores: number;
  doctors: number[];
  consultants: number[];
  past: number;
  today: number;
};

export async function generateVisits(
  db: Db,
  opts: { visits: number; customers: number; users?: number; reset: boolean; log?: boolean },
): Promise<VisitBenchData> {
  const say = (s: string) => opts.log !== false && console.log(s);
  const t0 = performance.now();
  await generateOrg(db, { users: opts.users ?? 10000, depts: 200, reset: false, log: opts.log });
  await generateCustomers(db, { customers: opts.customers, reset: false, log: opts.log });
  const [store] = await queryRows<{ id: number }>(
    db,
    sql`select s.store_id as id from clinic_booking_setting s join sys_dept d on d.dept_id = s.store_id
        where d.name = '客服部' order by s.store_id limit 1`,
  );
  if (!store) throw new Error('the demo store 客服部 is missing (seed the demo organisation first)');
  // A chain: the generated branches' 客服部 open as stores too, and the past visits spread over all
  // of them (1,000,000 over 20 stores is about 140 a day each), so a day's board is a real day's.
  await db.execute(sql`insert into clinic_booking_setting (store_id, rooms)
    select dept_id, '["诊室1","诊室2"]'::jsonb from sys_dept where name = '客服部' and dept_id <> ${store.id}
    order by dept_id limit ${STORES - 1} on conflict do nothing`);
  const stores = (
    await queryRows<{ id: number }>(
      db,
      sql`select s.store_id as id from clinic_booking_setting s join sys_dept d on d.dept_id = s.store_id
          where d.name = '客服部' order by s.store_id limit ${STORES}`,
    )
  ).map((r) => Number(r.id));
  const staff = await queryRows<{ id: number }>(
    db,
    sql`select user_id as id from sys_user where status = 1 and username like 'u%' order by user_id limit ${2 * STAFF}`,
  );
  const doctors = staff.slice(0, STAFF).map((s) => Number(s.id));
  const consultants = staff.slice(STAFF).map((s) => Number(s.id));
  const like = `${GEN_VISIT_BATCH}%`;
  const [gen] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from clinic_visit where batch_id like ${like} and batch_id not like ${`${TODAY}%`}`,
  );
  const n = opts.visits;
  const withTriggers = async (run: (tx: Db) => Promise<void>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`alter table clinic_visit disable trigger clinic_visit_notify_insert`);
      await tx.execute(sql`alter table clinic_visit disable trigger clinic_visit_notify_update`);
      await run(tx as Db);
      await tx.execute(sql`alter table clinic_visit enable trigger clinic_visit_notify_insert`);
      await tx.execute(sql`alter table clinic_visit enable trigger clinic_visit_notify_update`);
    });
  const [admin] = await queryRows<{ id: number }>(db, sql`select user_id as id from sys_user where username = 'admin'`);
  const adminId = int(Number(admin!.id));
  const storeId = int(Number(store.id));
  const docs = intArr(doctors);
  const cons = intArr(consultants);

  if (Number(gen?.n) > 0 && !opts.reset) say(`visits already generated (${gen?.n}); pass --reset to generate again`);
  else {
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from clinic_visit where batch_id like ${like}`);
      await tx.execute(sql`delete from clinic_appointment where batch_id like ${like}`);
    });
    await withTriggers(async (tx) => {
      await tx.execute(sql`create temp table bench_visit_customer on commit drop as
        select row_number() over (order by customer_id) as rn, customer_id
        from crm_customer where batch_id like ${`${GEN_CUSTOMER_BATCH}%`}`);
      const [cc] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from bench_visit_customer`);
      const customers = int(Number(cc!.n));
      // Bookings, oldest first, one every 31 s back from today's start: 已到店, or 未到 / 已取消 every tenth.
      await tx.execute(sql`insert into clinic_appointment (customer_id, store_id, kind, status, start_time, end_time,
          doctor_id, consultant_id, room, batch_id, create_user_id, create_time, update_time)
        select c.customer_id, (${intArr(stores)})[1 + i % ${int(stores.length)}], 1 + i % 3,
          case when i % 20 = 1 then 5 when i % 20 = 11 then 4 else 3 end,
          t, t + interval '30 minutes', (${docs})[1 + i % ${int(STAFF)}], (${cons})[1 + (i * 7) % ${int(STAFF)}],
          '诊室' || (1 + i % 2), ${GEN_VISIT_BATCH} || 'a' || i, ${adminId}, t - interval '2 days', t
        from generate_series(1, ${int(n)}) i
        cross join lateral (select ${dayStart} - (${int(n)} - i + 1) * interval '31 seconds' as t) x
        join bench_visit_customer c on c.rn = 1 + (i::bigint * 7919) % ${customers}`);
      say(`  bookings: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      // A visit per booking that arrived: typed, consulted, dealt or not, left an hour later.
      await tx.execute(sql`insert into clinic_visit (customer_id, store_id, appointment_id, visit_type, status, status_time,
          consultant_id, doctor_id, assigned_time, deal_status, arrived_time, left_time, batch_id, create_user_id,
          create_time, update_time)
        select a.customer_id, a.store_id, a.appointment_id, 1 + a.appointment_id % 5, 12, a.start_time + interval '1 hour',
          a.consultant_id, a.doctor_id, a.start_time + interval '5 minutes', 1 + a.appointment_id % 2, a.start_time,
          a.start_time + interval '1 hour', ${GEN_VISIT_BATCH} || 'v' || a.appointment_id, ${adminId}, a.start_time,
          a.start_time + interval '1 hour'
        from clinic_appointment a where a.batch_id like ${`${GEN_VISIT_BATCH}a%`} and a.status = 3`);
      await tx.execute(sql`update clinic_appointment a set visit_id = v.visit_id from clinic_visit v
        where v.appointment_id = a.appointment_id and a.batch_id like ${`${GEN_VISIT_BATCH}a%`}`);
      say(`  visits: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    });
  }

  // Today's board and queue, again on every run.
  const todayRows = 120;
  await withTriggers(async (tx) => {
    await tx.execute(sql`delete from clinic_visit where batch_id like ${`${TODAY}%`}`);
    await tx.execute(sql`delete from clinic_appointment where batch_id like ${`${TODAY}%`}`);
    const start = dayStart;
    // Bookings every 5 minutes from 09:00, in turn with each doctor; the first half already here.
    await tx.execute(sql`insert into clinic_appointment (customer_id, store_id, kind, status, start_time, end_time,
        doctor_id, consultant_id, room, batch_id, create_user_id)
      select c.customer_id, ${storeId}, 1, case when i <= ${int(todayRows / 2)} then 3 else 2 end,
        ${start} + interval '9 hours' + i * interval '4 minutes', ${start} + interval '9 hours 30 minutes' + i * interval '4 minutes',
        (${docs})[1 + i % ${int(STAFF)}], (${cons})[1 + i % ${int(STAFF)}], '诊室1', ${TODAY} || 'a' || i, ${adminId}
      from generate_series(1, ${int(todayRows)}) i
      join (select row_number() over (order by customer_id) rn, customer_id from crm_customer
            where batch_id like ${`${GEN_CUSTOMER_BATCH}%`} order by customer_id limit ${int(todayRows)}) c on c.rn = i`);
    // The arrived half is in today's queue, at every station from 已到店 to 已治疗.
    await tx.execute(sql`insert into clinic_visit (customer_id, store_id, appointment_id, visit_type, status, status_time,
        consultant_id, doctor_id, arrived_time, batch_id, create_user_id)
      select a.customer_id, a.store_id, a.appointment_id, 2, 1 + a.appointment_id % 9, least(now(), a.start_time + interval '10 minutes'),
        case when 1 + a.appointment_id % 9 >= 3 then a.consultant_id end, a.doctor_id, least(now(), a.start_time),
        ${TODAY} || 'v' || a.appointment_id, ${adminId}
      from clinic_appointment a where a.batch_id like ${`${TODAY}a%`} and a.status = 3`);
  });
  const [counts] = await queryRows<{ past: number; today: number }>(
    db,
    sql`select count(*) filter (where batch_id not like ${`${TODAY}%`})::int as past,
          count(*) filter (where batch_id like ${`${TODAY}%`})::int as today
        from clinic_visit where batch_id like ${like}`,
  );
  say(`visits: ${counts!.past} past, ${counts!.today} today (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  return {
    store: Number(store.id),
    stores: stores.length,
    doctors,
    consultants,
    past: counts!.past,
    today: counts!.today,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const small = process.env.SMALL === '1';
  const { values } = parseArgs({
    options: {
      visits: { type: 'string', default: small ? '10000' : '1000000' },
      customers: { type: 'string', default: small ? '2000' : '200000' },
      users: { type: 'string', default: small ? '1000' : '10000' },
      reset: { type: 'boolean', default: false },
      'data-dir': {
        type: 'string',
        default: path.join(import.meta.dirname, small ? 'out/pglite-visits-small' : 'out/pglite'),
      },
    },
  });
  const database = openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.resolve(values['data-dir']),
  });
  await database.migrate();
  await ensureSystemData(database.db);
  await generateVisits(database.db, {
    visits: Number(values.visits),
    customers: Number(values.customers),
    users: Number(values.users),
    reset: values.reset,
  });
  await database.close();
}
