import { DataScope, type OrgDept, type OrgUser, visibleUserIds } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser, UserRole } from '../auth/session.ts';
import { demoUsers } from '../db/seed.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { dataScopeFor, scopeCondition, visibleUserIdsSql } from './data-scope.ts';
import { queryRows } from './sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const scopes = Object.values(DataScope);

async function loadOrg(): Promise<{ users: OrgUser[]; depts: OrgDept[]; names: Map<number, string> }> {
  const db = t.database.db;
  const users = await queryRows<{
    user_id: number;
    dept_id: number | null;
    parent_id: number | null;
    username: string;
  }>(db, sql`select user_id, dept_id, parent_id, username from sys_user order by user_id`);
  const depts = await queryRows<{ dept_id: number; pid: number }>(db, sql`select dept_id, pid from sys_dept`);
  return {
    users: users.map((u) => ({ userId: u.user_id, deptId: u.dept_id, parentId: u.parent_id })),
    depts: depts.map((d) => ({ id: d.dept_id, pid: d.pid })),
    names: new Map(users.map((u) => [u.user_id, u.username])),
  };
}

const sessionOf = (u: OrgUser, roles: UserRole[] = []): SessionUser => ({
  ...u,
  username: '',
  realname: '',
  isSuper: roles.some((r) => r.isSuper),
  roles,
  permissions: new Set(roles.flatMap((r) => r.permissions)),
});

/** For every user and every scope, the SQL subquery and the pure rule name the same people. */
async function compareAll() {
  const { users, depts, names } = await loadOrg();
  const results: string[] = [];
  for (const me of users) {
    for (const scope of scopes) {
      const pure = visibleUserIds(scope, me, users, depts);
      const sub = visibleUserIdsSql(sessionOf(me), scope);
      const label = `${names.get(me.userId)} scope ${scope}`;
      if (pure === 'all' || sub === null) {
        expect([label, pure, sub]).toEqual([label, 'all', null]);
        continue;
      }
      const rows = await queryRows<{ user_id: number }>(t.database.db, sql`select user_id from (${sub}) v(user_id)`);
      const fromSql = rows.map((r) => Number(r.user_id)).sort((a, b) => a - b);
      expect([label, fromSql]).toEqual([label, [...pure].sort((a, b) => a - b)]);
      results.push(label);
    }
  }
  return results.length;
}

describe('visibleUserIdsSql agrees with the pure visibleUserIds', () => {
  it('for every seeded user and every scope', async () => {
    // Every seeded user (the demo's list) under each of the four scopes that are not 'all'.
    expect(await compareAll()).toBe(demoUsers.length * 4);
  });

  it('on an org with a deeper tree, a user without a department and a supervisor loop', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into sys_dept (name, pid)
      select '销售一部一组', dept_id from sys_dept where name = '销售一部'`);
    await db.execute(sql`insert into sys_user (username, password_hash, realname, dept_id, parent_id)
      select 'deep', 'x', '深', (select dept_id from sys_dept where name = '销售一部一组'), user_id
      from sys_user where username = 'sunli'`);
    await db.execute(sql`insert into sys_user (username, password_hash, realname, dept_id, parent_id)
      select 'nodept', 'x', '无部门', null, user_id from sys_user where username = 'deep'`);
    // A loop the API refuses, but the rule must still end on it.
    await db.execute(
      sql`insert into sys_user (username, password_hash, realname, dept_id) values ('loopa', 'x', 'A', null)`,
    );
    await db.execute(sql`insert into sys_user (username, password_hash, realname, dept_id, parent_id)
      select 'loopb', 'x', 'B', null, user_id from sys_user where username = 'loopa'`);
    await db.execute(sql`update sys_user set parent_id = (select user_id from sys_user where username = 'loopb')
      where username = 'loopa'`);
    expect(await compareAll()).toBe((demoUsers.length + 4) * 4);
  });
});

describe('dataScopeFor', () => {
  const role = (dataType: number, permissions: string[], isSuper = false): UserRole => ({
    roleId: dataType,
    dataType,
    permissions,
    isSuper,
  });
  const me: OrgUser = { userId: 1, deptId: 1, parentId: null };
  it.each([
    ['no role grants it: self', [], DataScope.self],
    ['one role', [role(3, ['crm:customer:index'])], DataScope.dept],
    ['the widest of the granting roles', [role(2, ['crm:customer:index']), role(4, ['crm:customer:index'])], 4],
    ['roles without the permission do not widen', [role(1, ['crm:customer:index']), role(5, ['crm:leads:index'])], 1],
    ['a super admin sees all', [role(1, [], true)], DataScope.all],
  ])('%s', (_name, roles, expected) => {
    expect(dataScopeFor(sessionOf(me, roles), 'crm:customer:index')).toBe(expected);
  });

  it('scopeCondition is absent for scope all and a subquery otherwise', () => {
    expect(scopeCondition(sessionOf(me, [role(5, ['crm:x'])]), 'crm:x', sql`owner_user_id`)).toBeUndefined();
    expect(scopeCondition(sessionOf(me, [role(1, ['crm:x'])]), 'crm:x', sql`owner_user_id`)).toBeDefined();
  });
});
