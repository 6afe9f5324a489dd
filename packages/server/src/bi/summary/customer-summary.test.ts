import type { BucketUnit, CategoryKey, Period } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { customerPanel } from '../../crm/customer/test-support.ts';
import type { Tx } from '../../db/client.ts';
import { seededRandom } from '../../db/demo-kit.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { type FigureRequest, type Grouping, measureFigures, readRequests } from '../query.ts';
import { type CategorySql, sources } from '../sources.ts';
import { customerSummaryDifferences, rebuildCustomerSummaries } from './rebuild.ts';

/**
 * The customers' summaries (crm_customer_day, _month, _field_month: migration 0088's triggers)
 * equal the recomputation from crm_customer after a seeded random mix of what writes customers:
 * inserts of many rows, transfers (owner changes, to and from the pool), deal status changes,
 * field edits, creation days moved, deletes, several statements in one transaction and a rolled
 * back one, and the services (save, transfer, pool, deal status, delete). Then the figures read
 * through them equal the detail's for every grouping and period shape, a field that becomes a
 * choice field is refolded, and a change of the company's zone rebuilds them.
 */
let t: TestApp;
const { ids: uid, call, signIn } = people(() => t);
const db = () => t.database.db;
const owners = ['sunli', 'zhoujie', 'zhenghao', 'liming'];
const values = ['朋友介绍', '网络推广', '门店到访', ''];
let source = '';
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  await signIn([...owners, 'admin']);
  const [field] = await queryRows<{ field_name: string }>(
    db(),
    sql`select field_name from crm_field where label = 2 and scope_id = 0 and name = '客户来源' and not is_deleted`,
  );
  if (field) {
    source = field.field_name;
    await db().execute(sql`update crm_field set form_type = 'select' where field_name = ${source} and label = 2`);
  } else {
    source = 'field_cs_source';
    await db().execute(sql`insert into crm_field (label, scope_id, field_name, name, form_type, options, sort)
      values (2, 0, ${source}, '客户来源', 'select', '["朋友介绍", "网络推广", "门店到访"]'::jsonb, 98)`);
  }
});
afterAll(() => t?.close());

/** A fixed-seed generator (the demo's mulberry32): the same mix on every run. */
const random = (seed: number) => seededRandom(seed).next;
const rnd = random(24);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
/** An instant in 2020-01-01 … 2020-05-10 UTC, often near a company midnight (16:00 UTC). */
const instant = () => {
  const day = new Date(Date.UTC(2020, 0, 1 + Math.floor(rnd() * 130)));
  const hour = rnd() < 0.4 ? 15 + Math.floor(rnd() * 2) : Math.floor(rnd() * 24);
  return new Date(day.getTime() + hour * 3600_000 + Math.floor(rnd() * 60) * 60_000).toISOString();
};
const owner = () => (rnd() < 0.15 ? null : uid[pick(owners)]!);
const fieldsOf = () => {
  const v = pick(values);
  return rnd() < 0.2 ? '{}' : JSON.stringify({ [source]: v });
};

/** Customers made here (the seed's stay as they are, except where a service moves them). */
async function ids(on: Tx = db()): Promise<number[]> {
  const rows = await queryRows<{ customer_id: number }>(
    on,
    sql`select customer_id from crm_customer where customer_name like '汇总%' order by customer_id`,
  );
  return rows.map((r) => Number(r.customer_id));
}
const some = async (share: number) => (await ids()).filter(() => rnd() < share);
const list = (xs: number[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

async function insertMany(k: number) {
  const rows = Array.from({ length: k }, () => {
    n += 1;
    return sql`(${`汇总${n}`}, ${owner()}, ${uid.admin}, ${`cust-sum-${n}`}, ${instant()}::timestamptz,
      ${rnd() < 0.3 ? 1 : 0}, ${fieldsOf()}::jsonb)`;
  });
  await db().execute(sql`insert into crm_customer (customer_name, owner_user_id, create_user_id, batch_id, create_time,
    deal_status, fields) values ${sql.join(rows, sql`, `)}`);
}

const steps: Record<string, () => Promise<unknown>> = {
  insert: () => insertMany(1 + Math.floor(rnd() * 12)),
  transfer: async () => {
    const xs = await some(0.3);
    if (xs.length)
      await db().execute(sql`update crm_customer set owner_user_id = ${owner()} where customer_id in (${list(xs)})`);
  },
  deal: async () => {
    const xs = await some(0.3);
    if (xs.length)
      await db().execute(sql`update crm_customer set deal_status = 1 - deal_status where customer_id in (${list(xs)})`);
  },
  field: async () => {
    const xs = await some(0.3);
    const v = pick(values);
    if (xs.length)
      await db().execute(
        rnd() < 0.3
          ? sql`update crm_customer set fields = fields - ${source} where customer_id in (${list(xs)})`
          : sql`update crm_customer set fields = fields || jsonb_build_object(${source}::text, ${v}::text) where customer_id in (${list(xs)})`,
      );
  },
  moveDay: async () => {
    const xs = await some(0.2);
    if (xs.length)
      await db().execute(sql`update crm_customer set create_time = create_time + ${`${Math.floor(rnd() * 40) - 20} hours`}::interval
        where customer_id in (${list(xs)})`);
  },
  // An edit of nothing the summaries count (notes nothing).
  touch: async () => {
    const xs = await some(0.5);
    if (xs.length)
      await db().execute(sql`update crm_customer set update_time = now() where customer_id in (${list(xs)})`);
  },
  delete: async () => {
    const xs = await some(0.1);
    if (xs.length) await db().execute(sql`delete from crm_customer where customer_id in (${list(xs)})`);
  },
  // Several statements over the same rows in one transaction: they fold once, at its commit.
  together: async () => {
    await db().transaction(async (tx) => {
      n += 1;
      await tx.execute(sql`insert into crm_customer (customer_name, owner_user_id, create_user_id, batch_id, create_time, fields)
        values (${`汇总${n}`}, ${uid.sunli}, ${uid.admin}, ${`cust-sum-${n}`}, ${instant()}::timestamptz, ${fieldsOf()}::jsonb)`);
      await tx.execute(
        sql`update crm_customer set deal_status = 1, owner_user_id = ${owner()} where batch_id = ${`cust-sum-${n}`}`,
      );
      const xs = (await ids(tx)).filter(() => rnd() < 0.2);
      if (xs.length)
        await tx.execute(sql`update crm_customer set owner_user_id = ${owner()} where customer_id in (${list(xs)})`);
    });
  },
  rolledBack: async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(
          sql`update crm_customer set owner_user_id = null, deal_status = 1 where customer_name like '汇总%'`,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
  },
  // The services: a save, a transfer, the pool both ways, the deal status, a delete.
  save: async () => {
    n += 1;
    const res = await call(
      pick(owners),
      '/CrmCustomer/addOrUpdate',
      customerPanel({ customerName: `汇总${n}`, mobile: `137${String(n).padStart(8, '0')}` }),
    );
    expect(res).toMatchObject({ code: 0 });
  },
  serviceTransfer: async () => {
    const [x] = await some(0.1);
    if (x)
      expect(
        (
          await call('admin', '/CrmCustomer/transfer', {
            ids: [x],
            newOwnerUserId: uid[pick(owners)],
            transferType: 1,
            power: 1,
          })
        ).code,
      ).toBe(0);
  },
  pool: async () => {
    const [x] = (await some(0.2)).filter(Boolean);
    if (!x) return;
    await db().execute(
      sql`update crm_customer set owner_user_id = ${uid.sunli}, is_lock = false, deal_status = 0 where customer_id = ${x}`,
    );
    expect((await call('sunli', '/CrmCustomer/putInPublicCustomerPool', { ids: [x] })).code).toBe(0);
    expect((await call('sunli', '/CrmCustomer/receiveByIds', { ids: [x] })).code).toBe(0);
  },
  serviceDeal: async () => {
    // Owned ones (a pool customer is no one's to mark).
    const owned = await queryRows<{ customer_id: number }>(
      db(),
      sql`select customer_id from crm_customer where customer_name like '汇总%' and owner_user_id is not null`,
    );
    const xs = owned.map((r) => Number(r.customer_id)).filter(() => rnd() < 0.1);
    if (xs.length)
      expect(await call('admin', '/CrmCustomer/setDealStatus', { ids: xs, status: rnd() < 0.5 ? 1 : 0 })).toMatchObject(
        {
          code: 0,
        },
      );
  },
  serviceDelete: async () => {
    const owned = await queryRows<{ customer_id: number }>(
      db(),
      sql`select customer_id from crm_customer where customer_name like '汇总%' and owner_user_id is not null`,
    );
    const [x] = owned.map((r) => Number(r.customer_id)).filter(() => rnd() < 0.05);
    if (x) expect(await call('admin', '/CrmCustomer/deleteByIds', { ids: [x] })).toMatchObject({ code: 0 });
  },
};

describe('the customers’ summaries', () => {
  it('equal the detail after each of a seeded random mix of writes', async () => {
    await insertMany(60);
    expect(await customerSummaryDifferences(db())).toEqual([]);
    const names = Object.keys(steps);
    const done: string[] = [];
    for (let i = 0; i < 45; i++) {
      const name = i < names.length ? names[i]! : pick(names);
      await steps[name]!();
      done.push(name);
      expect({ after: done.join(' '), differences: await customerSummaryDifferences(db()) }).toEqual({
        after: done.join(' '),
        differences: [],
      });
    }
    // Nothing waits to be folded between transactions.
    const [left] = await queryRows<{ changes: number; pending: number }>(
      db(),
      sql`select (select count(*) from crm_customer_day_change)::int as changes,
        (select count(*) from crm_customer_day_pending)::int as pending`,
    );
    expect(left).toEqual({ changes: 0, pending: 0 });
  });

  it('give the figures the detail gives, for every grouping and period shape', async () => {
    const periods: Period[] = [
      { start: '2020-03-01', end: '2020-03-31', unit: 'month' },
      { start: '2020-01-01', end: '2020-12-31', unit: 'year' },
      { start: '2020-02-10', end: '2020-03-20', unit: 'day' },
      { start: '2020-04-01', end: '2020-04-30', unit: 'month' },
    ];
    const groupings = (key: CategoryKey, field: CategorySql): Grouping[] => [
      { by: 'none' },
      { by: 'owner' },
      ...(['day', 'week', 'month'] as BucketUnit[]).map((unit): Grouping => ({ by: 'bucket', unit })),
      { by: 'category', category: field, key },
    ];
    const field = (await sources.customerNew.categories!.customerSource!(db(), periods[0]!))!;
    // No 客户行业 field: every customer is 未填写, which the day and month counts give.
    const industry = (await sources.customerNew.categories!.customerIndustry!(db(), periods[0]!))!;
    const requests: FigureRequest[] = periods.flatMap((period) =>
      [
        ...groupings('customerSource', field),
        { by: 'category', category: industry, key: 'customerIndustry' } as const,
      ].flatMap((g) =>
        [sources.customerNew, sources.customerDeal].map((source) => ({ q: { source, period, users: null }, g })),
      ),
    );
    // The detail: as for a viewer from whom the creation time is hidden (no summary is read then).
    const detail = await measureFigures(db(), requests, [], new Map([['crm_customer', new Set(['create_time'])]]));
    const summed = await measureFigures(db(), requests, []);
    expect(summed.map((m) => Object.fromEntries(m))).toEqual(detail.map((m) => Object.fromEntries(m)));
    // Both have figures to compare, and the summaries were read: the month's for whole months.
    expect(summed[0]!.get('')!.value).toBeGreaterThan(0);
    const dialect = new PgDialect();
    // What each reads (the split resolved by the summary that holds it).
    const from = async (period: Period, g: Grouping) => {
      const [read] = await readRequests(db(), [{ q: { source: sources.customerNew, period, users: null }, g }]);
      return dialect.sqlToQuery(read!.q.source.from as SQL).sql;
    };
    expect(await from(periods[1]!, { by: 'bucket', unit: 'month' })).toContain('crm_customer_month');
    expect(await from(periods[0]!, { by: 'bucket', unit: 'day' })).toContain('crm_customer_day');
    expect(await from(periods[2]!, { by: 'owner' })).toContain('crm_customer_day');
    expect(await from(periods[1]!, { by: 'category', category: field, key: 'customerSource' })).toContain(
      'crm_customer_field_month',
    );
    expect(await from(periods[2]!, { by: 'category', category: field, key: 'customerSource' })).toContain(
      'crm_customer r',
    );
    expect(await from(periods[1]!, { by: 'category', category: industry, key: 'customerIndustry' })).toContain(
      'crm_customer_month',
    );
  });

  it('count a customer on the company day of its creation, and follow a change of the company zone', async () => {
    n += 1;
    // 01:00 on April 1st in Shanghai, 13:00 on March 31st in New York.
    await db().execute(sql`insert into crm_customer (customer_name, owner_user_id, create_user_id, batch_id, create_time)
      values (${`汇总${n}`}, ${uid.zhenghao}, ${uid.admin}, ${`cust-sum-${n}`}, '2030-03-31T17:00:00Z')`);
    const days = () =>
      queryRows<{ day: string; customers: number }>(
        db(),
        sql`select day::text as day, customers from crm_customer_day where day between '2030-03-01' and '2030-04-30'`,
      );
    expect(await days()).toEqual([{ day: '2030-04-01', customers: 1 }]);
    await db().execute(sql`insert into sys_config (key, value) values ('timeZone', 'America/New_York')
      on conflict (key) do update set value = excluded.value`);
    expect(await days()).toEqual([{ day: '2030-03-31', customers: 1 }]);
    expect(await customerSummaryDifferences(db())).toEqual([]);
    // A zone PostgreSQL does not know is the default, as the server takes it.
    await db().execute(sql`update sys_config set value = 'Mars/Olympus' where key = 'timeZone'`);
    expect(await days()).toEqual([{ day: '2030-04-01', customers: 1 }]);
    await db().execute(sql`delete from sys_config where key = 'timeZone'`);
    expect(await days()).toEqual([{ day: '2030-04-01', customers: 1 }]);
    expect(await customerSummaryDifferences(db())).toEqual([]);
  });

  it('refold a field that becomes a choice field or stops being one, and rebuild to the same', async () => {
    const held = () =>
      queryRows<{ n: number }>(
        db(),
        sql`select coalesce(sum(customers), 0)::int as n from crm_customer_field_month where field_name = ${source}`,
      );
    const [{ total }] = (await queryRows<{ total: number }>(
      db(),
      sql`select count(*)::int as total from crm_customer`,
    )) as [{ total: number }];
    expect(await held()).toEqual([{ n: total }]);
    await db().execute(sql`update crm_field set form_type = 'text' where field_name = ${source} and label = 2`);
    expect(await held()).toEqual([{ n: 0 }]);
    await steps.field!();
    await db().execute(sql`update crm_field set form_type = 'select' where field_name = ${source} and label = 2`);
    expect(await held()).toEqual([{ n: total }]);
    expect(await customerSummaryDifferences(db())).toEqual([]);
    // The rebuild in a transaction that changed customers first: its own noted changes do not count twice.
    await db().transaction(async (tx) => {
      await tx.execute(sql`update crm_customer set deal_status = 1 where customer_name like '汇总%'`);
      await rebuildCustomerSummaries(tx);
    });
    expect(await customerSummaryDifferences(db())).toEqual([]);
  });

  it('are not read for a viewer from whom a field they condense is hidden: the rows count it 未填写', async () => {
    // Whole months: the field summary serves the split.
    const year = { type: 'custom', startTime: '2020-01-01', endTime: '2020-12-31' };
    const seen = await call('liming', '/biRanking/portraitSource', year);
    expect(seen).toMatchObject({ code: 0 });
    expect(seen.data.rows.filter((r: { key: string }) => r.key !== '未填写').length).toBeGreaterThan(0);
    const [role] = await queryRows<{ role_id: number }>(
      db(),
      sql`select role_id from sys_role where role_name = '销售经理'`,
    );
    const setSource = (authLevel: number) =>
      call('admin', '/field/setFieldAuth', {
        roleId: Number(role!.role_id),
        label: 2,
        fields: [{ fieldName: source, authLevel }],
      });
    expect(await setSource(1)).toMatchObject({ code: 0 });
    try {
      const hidden = await call('liming', '/biRanking/portraitSource', year);
      expect(hidden.data.rows.map((r: { key: string }) => r.key)).toEqual(['未填写']);
      expect(hidden.data.total).toEqual(seen.data.total);
    } finally {
      expect(await setSource(3)).toMatchObject({ code: 0 });
    }
  });
});
