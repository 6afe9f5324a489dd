import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/sql.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { namedUsers, people, userNames } from './names.ts';
import { inList } from './sql-lists.ts';
import { deptAndAncestorsSql, deptAndDescendantsSql, selfAndSubordinatesSql } from './tree.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = async (sub: SQL) =>
  (await queryRows<{ id: number }>(t.database.db, sql`select * from (${sub}) v(id)`))
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);

/** The closure of `start` under `next`, walked in the application: what the SQL must answer. */
function walk(start: number, next: (id: number) => number[]): number[] {
  const seen = new Set([start]);
  const todo = [start];
  while (todo.length) for (const n of next(todo.pop()!)) if (!seen.has(n) && seen.add(n)) todo.push(n);
  return [...seen].sort((a, b) => a - b);
}

describe('the organisation tree queries', () => {
  it('answer each user with everyone below them on the supervisor chain', async () => {
    const users = await queryRows<{ user_id: number; parent_id: number | null }>(
      t.database.db,
      sql`select user_id, parent_id from sys_user`,
    );
    const below = (id: number) => users.filter((u) => u.parent_id === id).map((u) => Number(u.user_id));
    let nonTrivial = 0;
    for (const u of users) {
      const expected = walk(Number(u.user_id), below);
      if (expected.length > 2) nonTrivial++;
      expect([u.user_id, await ids(selfAndSubordinatesSql(Number(u.user_id)))]).toEqual([u.user_id, expected]);
    }
    expect(nonTrivial).toBeGreaterThan(0);
  });

  it('answer each department with its descendants and with its ancestors', async () => {
    const depts = await queryRows<{ dept_id: number; pid: number }>(
      t.database.db,
      sql`select dept_id, pid from sys_dept`,
    );
    const children = (id: number) => depts.filter((d) => Number(d.pid) === id).map((d) => Number(d.dept_id));
    const parent = (id: number) =>
      depts.filter((d) => Number(d.dept_id) === id && d.pid !== 0).map((d) => Number(d.pid));
    for (const d of depts) {
      const id = Number(d.dept_id);
      expect([id, 'down', await ids(deptAndDescendantsSql(id))]).toEqual([id, 'down', walk(id, children)]);
      expect([id, 'up', await ids(deptAndAncestorsSql(id))]).toEqual([id, 'up', walk(id, parent)]);
    }
    expect(await ids(deptAndAncestorsSql(null))).toEqual([]);
    expect(await ids(deptAndDescendantsSql(null))).toEqual([-1]);
  });
});

describe('name lookups', () => {
  it('answer names, avatars and departments of known users in one map; unknown ids are absent', async () => {
    const [admin] = await queryRows<{ user_id: number; realname: string }>(
      t.database.db,
      sql`select user_id, realname from sys_user where username = 'admin'`,
    );
    const id = Number(admin!.user_id);
    const found = await people(t.database.db, [id, id, null, undefined, 999999]);
    expect([...found.keys()]).toEqual([id]);
    expect(found.get(id)).toMatchObject({ userId: id, realname: admin!.realname });
    const names = await userNames(t.database.db, [id, 999999]);
    expect(namedUsers(names, [999999, id])).toEqual([
      { userId: 999999, realname: '' },
      { userId: id, realname: admin!.realname },
    ]);
    expect(await people(t.database.db, [])).toEqual(new Map());
  });

  it('inList drops duplicates and binds each id as a parameter', () => {
    const q = new PgDialect().sqlToQuery(sql`x in ${inList([3, 3, 4])}`);
    expect({ sql: q.sql, params: q.params }).toEqual({ sql: 'x in ($1, $2)', params: [3, 4] });
  });
});
