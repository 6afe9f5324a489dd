import { DeveloperMsg, type SetDeveloperInput } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db } from '../../db/client.ts';
import { lockAccount } from './account.ts';

/**
 * The customer's developer (开发人, CLINIC.md "Performance": 开发业绩 to the developer and the
 * source shop): a user and the whole percent of each charge's cash and principal they earn,
 * stored on the customer's clinic account. Whoever may edit the customer sets it; charges from
 * then on post the rows (charge-hooks.ts), earlier ones are not rewritten.
 */
export async function setDeveloper(db: Db, user: SessionUser, input: SetDeveloperInput) {
  return db.transaction(async (tx) => {
    await loadRecord(tx, customerServerKind, user, input.customerId, 'write');
    const userId = input.userId ?? null;
    if (userId === null && input.rate > 0) throw badRequest(DeveloperMsg.rateWithoutUser);
    if (userId !== null) {
      const [active] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int n from sys_user where user_id = ${userId} and status = 1`,
      );
      if (!active?.n) throw badRequest(DeveloperMsg.userMissing);
    }
    await lockAccount(tx, input.customerId);
    await tx.execute(
      sql`update clinic_customer_account set developer_user_id = ${userId}, developer_rate = ${input.rate}, update_time = now()
          where customer_id = ${input.customerId}`,
    );
    return { userId, rate: input.rate };
  });
}
