import type { PoolRules } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { customerServerKind as sk } from '../customer/kind.ts';
import { logAction } from '../records/actions.ts';
import type { ComputedColumn } from '../records/computed-column.ts';
import { readPoolRules } from './rules.ts';

/**
 * The pool rule's clocks for customer row `c` (DECISIONS "CRM", Customer pool): the follow-up
 * deadline is N days after the latest of its creation, its taking from the pool and its last
 * follow-up; the deal deadline is M days after it was taken from the pool (customers never in
 * the pool have only the first). Only owned, unlocked, not-closed customers have a deadline.
 */
function deadlineSql(rules: PoolRules, c: string): SQL {
  const r = (col: string) => sql.raw(`${c}.${col}`);
  const lastContact = sql`greatest(${r('create_time')}, ${r('pool_taken_time')},
    (select max(f.create_time) from crm_follow_record f where f.label = ${sk.kind.label} and f.record_id = ${r('customer_id')}))`;
  return sql`least(${lastContact} + ${rules.followUpDays} * interval '1 day',
    coalesce(${r('pool_taken_time')} + ${rules.dealDays} * interval '1 day', 'infinity'::timestamptz))`;
}
const returnable = (c: string) =>
  sql.raw(`${c}.owner_user_id is not null and not ${c}.is_lock and ${c}.deal_status = 0`);

/** Customers `r` the return job takes back within `days` from now (the to-do 待进入公海提醒); the rule must be on. */
export const returnsWithin = (rules: PoolRules, days: number): SQL =>
  sql`${returnable('r')} and ${deadlineSql(rules, 'r')} <= now() + ${days} * interval '1 day'`;

/** The customer list's `poolDaysLeft`: whole days until the job takes it back (null: never). */
export function daysLeftColumn(rules: PoolRules): Record<string, ComputedColumn> {
  const value =
    rules.status === 1
      ? sql`case when ${returnable('r')} then greatest(0, ceil(extract(epoch from (${deadlineSql(rules, 'r')} - now())) / 86400))::int end`
      : sql`null::int`;
  return { poolDaysLeft: { sql: value, type: 'number', name: '距进入公海天数' } };
}

/** How many customers one run returns at most; the next run takes the rest. */
const BATCH = 1000;
/** The advisory lock key of the job: one server runs it at a time. */
const JOB_LOCK = 727002;

/**
 * One run of the return job at `now`: when another server's run holds the lock, nothing (null);
 * when the rule is off, 0; otherwise the due customers go back to the pool with their teams
 * cleared, each return in the operation log, and the count returned.
 */
export async function runPoolReturn(db: Tx, now: Date = new Date()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [got] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${JOB_LOCK}) as ok`);
    if (!got?.ok) return null;
    const rules = await readPoolRules(tx);
    if (rules.status !== 1) return 0;
    const due = await queryRows<{ id: number; owner: number; follow_due: boolean }>(
      tx,
      sql`select c.customer_id as id, c.owner_user_id as owner,
            (${deadlineSql({ ...rules, dealDays: 1_000_000 }, 'c')}) <= ${now.toISOString()}::timestamptz as follow_due
          from crm_customer c
          where ${returnable('c')} and ${deadlineSql(rules, 'c')} <= ${now.toISOString()}::timestamptz
          order by c.customer_id limit ${BATCH}
          for update of c skip locked`,
    );
    if (due.length === 0) return 0;
    const ids = due.map((d) => Number(d.id));
    await tx.execute(sql`update crm_customer set owner_user_id = null, pool_taken_time = null, update_time = ${now.toISOString()}::timestamptz
      where customer_id in ${inList(ids)}`);
    await tx.execute(sql`delete from crm_team_member where label = ${sk.kind.label} and record_id in ${inList(ids)}`);
    await logAction(
      tx,
      sk,
      due.map((d) => ({
        recordId: Number(d.id),
        // The system acts: no user (0), the rule that applied in the detail.
        userId: 0,
        action: 'poolReturn' as const,
        detail: d.follow_due
          ? `超过${rules.followUpDays}天未跟进，自动放入公海`
          : `领取后${rules.dealDays}天未成交，自动放入公海`,
        changes: [{ field: 'ownerUserId', name: '负责人', before: Number(d.owner), after: null }],
      })),
    );
    return ids.length;
  });
}

/** Every five minutes, on every server; the advisory lock lets one of them do the work. */
export const POOL_RETURN_INTERVAL_MS = 5 * 60 * 1000;

export function startPoolReturnJob(app: FastifyInstance, db: Tx) {
  const timer = setInterval(() => {
    runPoolReturn(db).catch((err) => app.log.error({ err }, 'pool return job failed'));
  }, POOL_RETURN_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
