import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the bus (LISTEN/NOTIFY)', () => {
  it('delivers a publication once, before publish resolves in the publishing process', async () => {
    const got: string[] = [];
    const stop = await t.database.bus.subscribe('bus_test_once', (p) => got.push(p));
    await t.database.bus.publish('bus_test_once', 'hello');
    expect(got).toEqual(['hello']);
    await pause(100);
    expect(got).toEqual(['hello']);
    stop();
    await t.database.bus.publish('bus_test_once', 'after stop');
    await pause(50);
    expect(got).toEqual(['hello']);
  });

  it('delivers what a transaction publishes at commit, and nothing of a rolled back one', async () => {
    const got: string[] = [];
    await t.database.bus.subscribe('bus_test_tx', (p) => got.push(p));
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('bus_test_tx', 'rolled back')`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('bus_test_tx', 'committed')`);
      expect(got).toEqual([]);
    });
    await expect.poll(() => got, { timeout: 2000 }).toEqual(['committed']);
    await pause(50);
    expect(got).toEqual(['committed']);
  });

  it.runIf(process.env.DATABASE_URL)(
    'delivers a listenerOnly channel once, through the listening connection: the pool does not LISTEN on it',
    async () => {
      const got: string[] = [];
      await t.database.bus.subscribe('bus_test_listener_only', (p) => got.push(p), { listenerOnly: true });
      await t.database.bus.subscribe('bus_test_pool_too', () => {});
      await t.database.bus.publish('bus_test_listener_only', 'once');
      await expect.poll(() => got, { timeout: 2000 }).toEqual(['once']);
      await pause(100);
      expect(got).toEqual(['once']);
      const rows = (await t.database.db.execute(sql`select pg_listening_channels() as c`)) as unknown as {
        rows: { c: string }[];
      };
      const channels = rows.rows.map((r) => r.c);
      expect(channels).toContain('bus_test_pool_too');
      expect(channels).not.toContain('bus_test_listener_only');
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'tells subscribers to start afresh when its listening connection is lost, and listens again',
    async () => {
      const got: string[] = [];
      let resets = 0;
      await t.database.bus.subscribe('bus_test_reset', (p) => got.push(p));
      t.database.bus.onReset(() => resets++);
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = 'crm-bus'`,
      );
      await expect.poll(() => resets, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
      // From another connection than the pool's: only the restored listener can deliver it.
      await t.database.db.execute(sql`select 1`);
      const client = new (await import('pg')).default.Client({
        connectionString: process.env.DATABASE_URL?.replace(/\/[^/]*$/, `/${await dbName()}`),
      });
      await client.connect();
      await client.query(`select pg_notify('bus_test_reset', 'after reconnect')`);
      await client.end();
      await expect.poll(() => got, { timeout: 2000 }).toEqual(['after reconnect']);
    },
  );
});

async function dbName(): Promise<string> {
  const r = (await t.database.db.execute(sql`select current_database() as n`)) as unknown as { rows: { n: string }[] };
  return r.rows[0]!.n;
}
