import { lockLimitMsg, ownedLimitMsg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

export type LimitType = 1 | 2;

/**
 * Serialise changes to the counts of `userIds` (sorted, so two callers never wait on each other
 * in opposite orders) until the transaction ends: a limit check then sees every earlier change.
 */
export async function lockUserCounts(tx: Tx, userIds: number[]) {
  for (const id of [...new Set(userIds)].sort((a, b) => a - b))
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`crm:pool:count:${id}`}))`);
}

/**
 * Refuse when a user now holds more customers than a limit of the customer settings allows
 * (`crm_customer_setting`): type 1 owned customers (closed ones counted only when `custom_deal`
 * is 1), type 2 locked ones. A setting names users directly or by department; each named user
 * has the whole limit. Run after the change, in its transaction, so the count includes it.
 */
export async function enforceLimits(tx: Tx, type: LimitType, userIds: number[]) {
  for (const userId of new Set(userIds)) {
    const over = await queryRows<{ realname: string; setting_name: string; customer_num: number }>(
      tx,
      sql`select u.realname, s.setting_name, s.customer_num
          from crm_customer_setting s join sys_user u on u.user_id = ${userId}
          where s.type = ${type} and (u.user_id = any(s.user_ids) or u.dept_id = any(s.dept_ids))
            and s.customer_num < (
              select count(*) from crm_customer c where c.owner_user_id = u.user_id
                and ${type === 2 ? sql`c.is_lock` : sql`(s.custom_deal = 1 or c.deal_status = 0)`})
          order by s.customer_num, s.id limit 1`,
    );
    const hit = over[0];
    if (hit)
      throw badRequest(
        (type === 1 ? ownedLimitMsg : lockLimitMsg)(hit.realname, Number(hit.customer_num), hit.setting_name),
      );
  }
}
