import type { Period } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/sql.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { type Figure, type FigureRequest, type Grouping, measureFigures } from './query.ts';
import { type CategorySql, sources } from './sources.ts';

/**
 * The one-scan figures (query.ts): requests over the same rows read together (a split with its
 * total as grouping sets, a shape's measures side by side, a request asked twice read once) give
 * exactly what each request gives alone. July 2019, far from the seed's and other tests' dates.
 */
let t: TestApp;
const july: Period = { start: '2019-07-01', end: '2019-07-31', unit: 'month' };
const june: Period = { start: '2019-06-01', end: '2019-06-30', unit: 'month' };
const owners: number[] = [];

const asMap = (m: Map<string, Figure>) => Object.fromEntries([...m].map(([k, f]) => [k, f.value]));

beforeAll(async () => {
  t = await createTestApp();
  const users = await queryRows<{ user_id: number }>(
    t.database.db,
    sql`select user_id from sys_user order by user_id limit 2`,
  );
  owners.push(...users.map((u) => Number(u.user_id)));
  const [a, b] = owners;
  let n = 0;
  const customer = (owner: number | null, at: string, deal: number) =>
    t.database.db.execute(
      sql`insert into crm_customer (customer_name, owner_user_id, create_user_id, batch_id, deal_status, create_time, update_time)
        values (${`扫描${++n}`}, ${owner}, ${a}, ${`scan-${n}`}, ${deal}, ${at}::timestamptz, ${at}::timestamptz)`,
    );
  await customer(a!, '2019-07-02T02:00:00Z', 1);
  await customer(a!, '2019-07-03T02:00:00Z', 0);
  await customer(b!, '2019-07-03T03:00:00Z', 1);
  await customer(null, '2019-07-20T03:00:00Z', 0);
  await customer(b!, '2019-06-15T03:00:00Z', 1);
});
afterAll(() => t.close());

describe('figures read in one scan', () => {
  const owner: Grouping = { by: 'owner' };
  const none: Grouping = { by: 'none' };
  const day: Grouping = { by: 'bucket', unit: 'day' };
  // Dealt customers only have a key: the others' key is null, which a split has always read as 'null'.
  const dealt: CategorySql = { key: sql`case when r.deal_status = 1 then 'dealt' end` };
  const byDeal: Grouping = { by: 'category', category: dealt };
  const req = (k: 'customerNew' | 'customerDeal', period: Period, g: Grouping): FigureRequest => ({
    q: { source: sources[k], period, users: null },
    g,
  });

  it('answers each request as it answers alone, the totals apart from the split', async () => {
    const requests = [
      req('customerNew', july, owner),
      req('customerDeal', july, owner),
      req('customerNew', july, none),
      req('customerDeal', july, none),
      req('customerNew', june, none),
      req('customerNew', july, day),
      req('customerNew', july, byDeal),
      req('customerNew', july, none), // asked twice
    ];
    const together = await measureFigures(t.database.db, requests);
    const alone = await Promise.all(requests.map(async (r) => (await measureFigures(t.database.db, [r]))[0]!));
    expect(together.map(asMap)).toEqual(alone.map(asMap));
    const [a, b] = owners.map(String);
    expect(asMap(together[0]!)).toEqual({ [a!]: 2, [b!]: 1, '': 1 });
    expect(asMap(together[1]!)).toEqual({ [a!]: 1, [b!]: 1 });
    expect(asMap(together[2]!)).toEqual({ '': 4 });
    expect(asMap(together[3]!)).toEqual({ '': 2 });
    expect(asMap(together[4]!)).toEqual({ '': 1 });
    expect(asMap(together[5]!)).toEqual({ '2019-07-02': 1, '2019-07-03': 2, '2019-07-20': 1 });
    expect(asMap(together[6]!)).toEqual({ dealt: 2, null: 2 });
    expect(asMap(together[7]!)).toEqual({ '': 4 });
  });

  it('lists no group of a measure without rows in it, and no total over no rows', async () => {
    const [a, b] = owners.map(String);
    const [split, total, empty] = await measureFigures(t.database.db, [
      req('customerDeal', july, owner),
      req('customerDeal', july, none),
      req('customerDeal', { start: '2019-05-01', end: '2019-05-31', unit: 'month' }, none),
    ]);
    expect(asMap(split!)).toEqual({ [a!]: 1, [b!]: 1 });
    expect(asMap(total!)).toEqual({ '': 2 });
    expect(asMap(empty!)).toEqual({});
  });
});
