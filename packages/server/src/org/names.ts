import type { Person } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import type { Tx } from '../db/client.ts';
import { inList } from './sql-lists.ts';

/** Names, avatars and departments of the given users, in one query; unknown ids are absent. */
export async function people(db: Tx, ids: Iterable<number | null | undefined>): Promise<Map<number, Person>> {
  const list = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (list.length === 0) return new Map();
  const rows = await queryRows<{ user_id: number; realname: string; img: string; dept_name: string | null }>(
    db,
    sql`select u.user_id, u.realname, u.img, d.name as dept_name
        from sys_user u left join sys_dept d on d.dept_id = u.dept_id
        where u.user_id in ${inList(list)}`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.user_id),
      { userId: Number(r.user_id), realname: r.realname, img: r.img ?? '', deptName: r.dept_name ?? '' },
    ]),
  );
}

/** Real names of the given users. */
export async function userNames(db: Tx, ids: Iterable<number | null | undefined>): Promise<Map<number, string>> {
  return new Map([...(await people(db, ids))].map(([id, p]) => [id, p.realname]));
}

/** `[{userId, realname}]` in the order given, '' for an unknown user. */
export const namedUsers = (names: Map<number, string>, ids: number[]) =>
  ids.map((userId) => ({ userId, realname: names.get(userId) ?? '' }));
