import { sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import type { Db, Tx } from '../db/client.ts';

/**
 * Failed logins are counted per account and client address: 5 within 5 minutes lock that pair for
 * 5 minutes, and a locked pair's further attempts are refused before they count. So one person's
 * typos lock only their own name from their own address, and colleagues behind the same office
 * NAT sign in as usual. A ceiling per address over all accounts (200 in 5 minutes: 40 people
 * each reaching their own lock, far beyond an office's typos) stops one address from guessing
 * across many names (docs/decisions.md "Login throttle"). The owner, from another address, still
 * signs in with the right password. Keyed by the name typed, known or not, so the answers tell no
 * name apart. The counts live in sys_login_throttle, shared by every server process.
 */
export const THROTTLE = { accountAttempts: 5, addressAttempts: 200, windowMinutes: 5, lockMinutes: 5 } as const;

export type ThrottleKeys = { account: string; address: string };

/** The keys of a login attempt: the username as the database compares it (lower case) and the client address. */
export function throttleKeys(username: string, address: string): ThrottleKeys {
  return { account: `account:${username.toLowerCase()}@${address}`, address: `address:${address}` };
}

/** Whether either key is locked now. */
export async function isThrottled(db: Db, keys: ThrottleKeys): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sys_login_throttle
        where key in (${keys.account}, ${keys.address}) and locked_until > now()`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Count a failure on both keys in one statement (safe under parallel attempts and several
 * processes); a key reaching its limit is locked and starts counting afresh. Answers whether
 * either key is now locked.
 */
export async function recordFailure(db: Db, keys: ThrottleKeys): Promise<boolean> {
  const { accountAttempts, addressAttempts, windowMinutes, lockMinutes } = THROTTLE;
  const stale = sql`t.fail_since < now() - make_interval(mins => ${windowMinutes})`;
  const count = sql`(case when ${stale} then 1 else t.fail_count + 1 end)`;
  const full = sql`${count} >= (case when t.key like 'address:%' then ${addressAttempts}::int else ${accountAttempts}::int end)`;
  const rows = await queryRows<{ locked: boolean }>(
    db,
    sql`
    insert into sys_login_throttle as t (key, fail_count, fail_since)
    values (${keys.account}, 1, now()), (${keys.address}, 1, now())
    on conflict (key) do update set
      fail_count = case when ${full} then 0 else ${count} end,
      fail_since = case when ${full} or ${stale} then now() else t.fail_since end,
      locked_until = case when ${full} then now() + make_interval(mins => ${lockMinutes}) else t.locked_until end
    returning coalesce(locked_until > now(), false) as locked`,
  );
  // Forget what no longer counts, so the table stays as small as the recent failures.
  await db.execute(sql`
    delete from sys_login_throttle
    where fail_since < now() - make_interval(mins => ${windowMinutes})
      and (locked_until is null or locked_until < now())`);
  return rows.some((r) => r.locked);
}

/** A correct password clears the account's count from this address (not the address's own). */
export async function clearAccount(db: Tx, keys: ThrottleKeys): Promise<void> {
  await db.execute(sql`delete from sys_login_throttle where key = ${keys.account}`);
}

/** An administrator's password reset lifts every lock on these usernames, from any address. */
export async function clearUsernames(db: Tx, usernames: string[]): Promise<void> {
  for (const name of usernames)
    await db.execute(
      sql`delete from sys_login_throttle where key like ${`account:${escapeLike(name.toLowerCase())}@%`}`,
    );
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
