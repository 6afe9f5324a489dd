import { sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import type { BodyOf, TestApp } from './harness.ts';

/**
 * The seeded people and records a test file acts on, by name: what most API test files set up
 * in their beforeAll before they state anything of their own.
 */

/** Ids of the seeded organisation by name: users by username, departments and roles by name. */
export type OrgIds = { user: Record<string, number>; dept: Record<string, number>; role: Record<string, number> };

/** Read from the database, not through an API call, so no one's permission or data scope filters it. */
export async function orgIds(t: TestApp): Promise<OrgIds> {
  return {
    user: await namedIds(t, sql`select username as k, user_id as id from sys_user`),
    dept: await namedIds(t, sql`select name as k, dept_id as id from sys_dept`),
    role: await namedIds(t, sql`select role_name as k, role_id as id from sys_role`),
  };
}

/** The demo customers' ids by customer name. */
export const customerIds = (t: TestApp) =>
  namedIds(t, sql`select customer_name as k, customer_id as id from crm_customer`);

/** The demo catalogue's project ids by project name. */
export const projectIds = (t: TestApp) => namedIds(t, sql`select project_name as k, project_id as id from crm_project`);

/** The demo products' ids by product name. */
export const productIds = (t: TestApp) => namedIds(t, sql`select name as k, product_id as id from crm_product`);

async function namedIds(t: TestApp, q: ReturnType<typeof sql>): Promise<Record<string, number>> {
  const rows = await queryRows<{ k: string; id: number }>(t.database.db, q);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.id)]));
}

/** Log in each persona once per file (the seeded password). */
export async function tokensOf(t: TestApp, usernames: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const u of usernames) out[u] = await t.login(u);
  return out;
}

/**
 * Distinct batchIds for one file's saves: the server answers a repeated batchId with the record
 * it saved the first time (double-click idempotency), so every new record needs a new one.
 */
export function batchIds(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

/**
 * The people one test file acts as, by username: their tokens and user ids, and `call(who, url,
 * body)` to POST as one of them. Made at module level, next to `let t`, and filled in place by
 * `signIn` in beforeAll (hence the getter: the app does not exist yet when the file is loaded).
 */
export function people(app: () => TestApp) {
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  /** Someone the file never signed in is a mistake in the test, not a request without a session. */
  const as = (who: string) => {
    const token = tokens[who];
    if (token === undefined) throw new Error(`${who} is not signed in in this test file`);
    return token;
  };
  return {
    tokens,
    ids,
    as,
    call: <U extends string>(who: string, url: U, body?: BodyOf<U>) => app().post(url, body ?? ({} as never), as(who)),
    /** Log these demo users in and learn every user's id. */
    async signIn(usernames: string[]) {
      Object.assign(tokens, await tokensOf(app(), usernames));
      Object.assign(ids, (await orgIds(app())).user);
    },
    /**
     * Create a user through the admin API holding only `roles` (by name) and sign them in: the
     * "someone whose roles grant none of this feature's permissions" of the refusal tests.
     * `admin` must be signed in. Answers the new user's token.
     */
    async signInNewUser(username: string, opts: { roles: string[]; dept: string }) {
      const org = await orgIds(app());
      const known = (map: Record<string, number>, name: string) => {
        if (map[name] === undefined) throw new Error(`no seeded department or role ${name}`);
        return map[name];
      };
      const password = 'abc12345';
      const created = await app().post(
        '/system/user/addUser',
        {
          username,
          password,
          realname: username,
          deptId: known(org.dept, opts.dept),
          roleIds: opts.roles.map((r) => known(org.role, r)),
        },
        as('admin'),
      );
      if (created.code !== 0) throw new Error(`adding ${username} failed: ${created.msg}`);
      ids[username] = created.data.userId;
      tokens[username] = await app().login(username, password);
      return tokens[username];
    },
  };
}
