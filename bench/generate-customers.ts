/**
 * Generate many customers for benchmarks, set-based (INSERT … SELECT over generate_series): owned
 * by the generated organisation's users (a few with thousands, most with dozens), a tenth in the
 * pool, two custom fields (客户来源, a select; 消费金额, a number) with values in `fields`, and a
 * follow-up for every other customer.
 *
 *   npx tsx bench/generate-customers.ts                          # PGlite in bench/out/pglite
 *   DATABASE_URL=postgres://... npx tsx bench/generate-customers.ts
 *   options: --customers 1000000 --reset
 *
 * Needs the generated organisation (generate-org.ts; generated first when missing). Deterministic
 * (setseed): the same options give the same data.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ModuleCode } from '@crm/shared';
import { pinyinSearchKey } from '@crm/shared/pinyin';
import { sql } from 'drizzle-orm';
import { queryRows } from '../packages/server/src/core/sql.ts';
import { type Db, openDatabase } from '../packages/server/src/db/client.ts';
import { ensureSystemData } from '../packages/server/src/db/system-data.ts';
import { loadFields, replaceFields } from '../packages/server/src/fields/store.ts';
import { GEN_REMARK, generateOrg } from './generate-org.ts';

/** batch_id prefix of the generated customers (how they are found again for --reset). */
export const GEN_CUSTOMER_BATCH = 'bench-c-';

/** The custom fields the generated customers carry, by name. */
export const BENCH_SOURCES = ['网络推广', '老客转介绍', '门店到访', '展会活动', '电话咨询'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴', '徐', '孙', '马', '朱', '胡', '林'];
const GIVEN = ['女士', '小姐', '先生', '姐', '总', '老师'];

/**
 * The pinyin search key (full, space, initials) of each name part: a generated name is surname,
 * given name and a number, and its key is the parts' keys joined around the number, as
 * saveRecord would store it (`王女士42` → `wangnvshi42 wns42`), so pickers find them by pinyin.
 */
const keyParts = (xs: string[]) =>
  xs.map((x) => {
    const [full = '', initials = full] = pinyinSearchKey(x).split(' ');
    return { full, initials };
  });
const SURNAME_KEYS = keyParts(SURNAMES);
const GIVEN_KEYS = keyParts(GIVEN);

const textArr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(', ')}]::text[]`);
const int = (n: number) => sql.raw(String(Math.trunc(n)));

/** The two custom fields (added once, by name, through the field store as the designer would). */
export async function ensureBenchFields(db: Db): Promise<{ source: string; spent: string }> {
  const fields = await loadFields(db, ModuleCode.customer);
  const find = (name: string) => fields.find((f) => f.name === name && f.fieldType === 0)?.fieldName;
  if (!find('客户来源') || !find('消费金额')) {
    await replaceFields(db, ModuleCode.customer, 0, [
      ...fields,
      { name: '客户来源', formType: 'select', isNull: 0, isUnique: 0, options: BENCH_SOURCES, inputTips: '' },
      { name: '消费金额', formType: 'number', isNull: 0, isUnique: 0, options: [], inputTips: '' },
    ] as never);
  }
  const after = await loadFields(db, ModuleCode.customer);
  const get = (name: string) => after.find((f) => f.name === name && f.fieldType === 0)!.fieldName!;
  return { source: get('客户来源'), spent: get('消费金额') };
}

export async function generateCustomers(db: Db, opts: { customers: number; reset: boolean; log?: boolean }) {
  const say = (s: string) => opts.log !== false && console.log(s);
  const t0 = performance.now();
  await ensureSystemData(db);
  const names = await ensureBenchFields(db);
  const [gen] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from crm_customer where batch_id like ${`${GEN_CUSTOMER_BATCH}%`}`,
  );
  if (Number(gen?.n) > 0) {
    if (!opts.reset) {
      say(`customers already generated (${gen?.n}); pass --reset to generate again`);
      return { customers: Number(gen?.n), fields: names };
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from crm_follow_record where label = 2 and record_id in
        (select customer_id from crm_customer where batch_id like ${`${GEN_CUSTOMER_BATCH}%`})`);
      await tx.execute(sql`delete from crm_customer where batch_id like ${`${GEN_CUSTOMER_BATCH}%`}`);
    });
    say('removed the previously generated customers');
  }
  const owners = await queryRows<{ user_id: number }>(
    db,
    sql`select u.user_id from sys_user u join sys_dept d on d.dept_id = u.dept_id
        where d.remark = ${GEN_REMARK} and u.status = 1 order by u.user_id`,
  );
  if (owners.length < 100) throw new Error('the generated organisation is missing: run generate-org.ts first');
  const [admin] = await queryRows<{ user_id: number }>(db, sql`select user_id from sys_user where username = 'admin'`);
  const n = opts.customers;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`create temporary table gen_owner on commit drop as
      select row_number() over (order by u.user_id) as k, u.user_id from sys_user u
      join sys_dept d on d.dept_id = u.dept_id where d.remark = ${GEN_REMARK} and u.status = 1`);
    // Owners: a Zipf-like share (power 3 of a uniform) so a few own thousands; one customer in ten in the pool.
    const surname = sql`1 + (i % ${int(SURNAMES.length)})`;
    const given = sql`1 + (i / 7 % ${int(GIVEN.length)})`;
    await tx.execute(sql`insert into crm_customer (customer_name, search_key, mobile, has_old_customer, gender, relation,
        id_card, deal_status, owner_user_id, create_user_id, fields, batch_id, next_time, create_time, update_time)
      select
        (${textArr(SURNAMES)})[${surname}] || (${textArr(GIVEN)})[${given}] || i,
        (${textArr(SURNAME_KEYS.map((k) => k.full))})[${surname}] || (${textArr(GIVEN_KEYS.map((k) => k.full))})[${given}]
          || i || ' ' || (${textArr(SURNAME_KEYS.map((k) => k.initials))})[${surname}]
          || (${textArr(GIVEN_KEYS.map((k) => k.initials))})[${given}] || i,
        '13' || lpad((i::bigint * 7919 % 1000000000)::text, 9, '0'),
        i % 3 <> 0,
        1 + (i % 2),
        '三级' || (i % 50),
        '5101' || lpad(i::text, 14, '0'),
        case when i % 5 = 0 then 1 else 0 end,
        case when i % 10 = 0 then null else o.user_id end,
        ${int(Number(admin!.user_id))},
        jsonb_build_object(${names.source}::text, (${textArr(BENCH_SOURCES)})[1 + (i % ${int(BENCH_SOURCES.length)})],
                           ${names.spent}::text, (i * 37) % 20000),
        ${GEN_CUSTOMER_BATCH} || i,
        case when i % 4 = 0 then now() + ((i % 30) - 10) * interval '1 day' else null end,
        now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second',
        now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
      from generate_series(1, ${int(n)}) as i
      join gen_owner o on o.k = 1 + floor(power(((i::bigint * 2654435761) % 1000003) / 1000003.0, 3) * ${int(owners.length)})::int`);
    await tx.execute(sql`insert into crm_follow_record (label, record_id, category, content, next_time, create_user_id, create_time)
      select 2, customer_id, (array['打电话','发短信','上门拜访'])[1 + customer_id % 3], '回访：客户对项目满意，约下次到店',
        null, coalesce(owner_user_id, create_user_id), update_time
      from crm_customer where batch_id like ${`${GEN_CUSTOMER_BATCH}%`} and customer_id % 2 = 0`);
  });
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from crm_customer where batch_id like ${`${GEN_CUSTOMER_BATCH}%`}`,
  );
  say(`generated ${count?.n} customers in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { customers: Number(count?.n), fields: names };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      customers: { type: 'string', default: '1000000' },
      reset: { type: 'boolean', default: false },
      'data-dir': { type: 'string', default: path.join(import.meta.dirname, 'out/pglite') },
    },
  });
  const database = openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.resolve(values['data-dir']),
  });
  await database.migrate();
  await generateOrg(database.db, { users: 10000, depts: 200, reset: false });
  await generateCustomers(database.db, { customers: Number(values.customers), reset: values.reset });
  await database.close();
}
