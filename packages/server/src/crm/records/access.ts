import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { scopeCondition } from '../../core/data-scope.ts';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import type { ServerKind } from './kind.ts';
import { readableTable } from './readable.ts';

/**
 * Who may see and change a record: the owner's data scope (the viewer's roles granting the kind's
 * `index` permission) or a place on its team (power 1 reads, 2 also writes). Lists, details,
 * counts and every call by id use these, so a direct call is refused exactly as the list hides.
 */

const table = (sk: ServerKind) => sql.identifier(sk.table);
const idOf = (sk: ServerKind, alias: string) => sql`${sql.identifier(alias)}.${sql.identifier(sk.idColumn)}`;

/**
 * The viewer's team place on record `alias`: members see it whatever their scope. The ids come
 * as one array computed once (an init plan), so `owner in (…) or id = any(…)` can combine two
 * index scans instead of testing every row of the kind's table.
 */
export function memberOf(sk: ServerKind, user: SessionUser, alias = 'r'): SQL {
  return sql`${idOf(sk, alias)} = any(array(select m.record_id from crm_team_member m
    where m.label = ${sk.kind.label} and m.user_id = ${user.userId}))`;
}

/**
 * The viewer's part in the record's review (`review.subject` of its declaration): a task of any step or round, or
 * a copy. Reading the record is what they need to decide; nothing else follows from it.
 */
export function reviewerOf(sk: ServerKind, user: SessionUser, alias = 'r'): SQL {
  const subject = sk.kind.review?.subject;
  if (!subject) return sql`false`;
  return sql`exists (select 1 from examine_record e
    where e.subject_type = ${subject} and e.subject_id = ${idOf(sk, alias)}
      and (exists (select 1 from examine_task t where t.record_id = e.record_id and t.user_id = ${user.userId})
        or exists (select 1 from examine_cc c where c.record_id = e.record_id and c.user_id = ${user.userId})))`;
}

/** The owner-scope condition on record `alias` (undefined: every owner), never true for the pool. */
export function ownerScope(sk: ServerKind, user: SessionUser, alias = 'r'): SQL {
  if (sk.catalogue) return sql`true`;
  const owner = sql`${sql.identifier(alias)}.owner_user_id`;
  const scoped = scopeCondition(user, `${sk.kind.permission}:index`, owner);
  return scoped ? sql`(${owner} is not null and ${scoped})` : sql`${owner} is not null`;
}

export type RecordAccess = { read: boolean; write: boolean; owner: boolean };
export type LoadedRecord = { row: Record<string, unknown>; access: RecordAccess };

/** `客户不存在`: the kind's own word for a missing record. */
export const missing = (sk: ServerKind) => notFound(`${sk.kind.name}不存在`);

/**
 * Load records by id for `need`, refusing (无权访问) any the viewer may not read or write and
 * answering `<kind>不存在` for ids that do not exist. One statement for any number of ids.
 */
export async function loadRecords(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
  ids: number[],
  need: 'read' | 'write',
  /** `hidden`: read the rows as the viewer may (readable.ts), for an answer; never with `lock`. */
  opts: { lock?: boolean; hidden?: ReadonlySet<string> } = {},
): Promise<LoadedRecord[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<
    Record<string, unknown> & { _scoped: boolean; _reviewer: boolean; _power: number | null }
  >(
    db,
    sql`select r.*, ${ownerScope(sk, user)} as _scoped, ${reviewerOf(sk, user)} as _reviewer,
          (select m.power from crm_team_member m
            where m.label = ${sk.kind.label} and m.record_id = ${idOf(sk, 'r')} and m.user_id = ${user.userId}) as _power
        from ${opts.hidden ? readableTable(sk, opts.hidden) : table(sk)} r
        where ${idOf(sk, 'r')} in ${inList(ids)}
        ${opts.lock ? sql`for update of r` : sql``}`,
  );
  const byId = new Map(rows.map((r) => [Number(r[sk.idColumn]), r]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r) throw missing(sk);
    const { _scoped, _reviewer, _power, ...row } = r;
    const power = _power === null || _power === undefined ? 0 : Number(_power);
    const access = {
      // A reviewer reads the record they are asked about (or were), and may not change it for that.
      read: Boolean(_scoped) || power > 0 || Boolean(_reviewer),
      write: Boolean(_scoped) || power === 2,
      owner: row.owner_user_id !== null && Number(row.owner_user_id) === user.userId,
    };
    if (!access[need]) throw forbidden();
    return { row, access };
  });
}

/** One record for `need`. */
export async function loadRecord(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
  id: number,
  need: 'read' | 'write',
  opts: { lock?: boolean; hidden?: ReadonlySet<string> } = {},
): Promise<LoadedRecord> {
  const [one] = await loadRecords(db, sk, user, [id], need, opts);
  return one!;
}

/**
 * Load pool records (no owner) by id for a pool action, locked for the transaction so two
 * receivers cannot both take one: `<kind>不存在` for unknown ids, `notInPool` for owned ones.
 * A second caller waits on the row lock and then finds it owned.
 */
export async function loadPoolRecords(
  db: Tx,
  sk: ServerKind,
  ids: number[],
  notInPool: string,
): Promise<{ row: Record<string, unknown> }[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select r.* from ${table(sk)} r where ${idOf(sk, 'r')} in ${inList(ids)}
        order by ${idOf(sk, 'r')} for update of r`,
  );
  const byId = new Map(rows.map((r) => [Number(r[sk.idColumn]), r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw missing(sk);
    if (row.owner_user_id !== null) throw badRequest(notInPool);
    return { row };
  });
}
