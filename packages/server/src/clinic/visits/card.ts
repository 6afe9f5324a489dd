import { MemberCardMsg, type SetCardInput } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { conflict } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db } from '../../db/client.ts';
import type { DemoKit } from '../../db/demo-kit.ts';
import { customersAs } from './read.ts';

/**
 * 会员卡号 (issue 23): the card lives on the customer's clinic account row (created here when the
 * customer never paid). The pre-check gives the friendly answer; two desks giving one card at once
 * meet the unique index, which core/unique.ts answers the same way.
 */
export async function setCardNumber(db: Db, user: SessionUser, input: SetCardInput) {
  return db.transaction(async (tx) => {
    await loadRecord(tx, customerServerKind, user, input.customerId, 'write');
    if (input.cardNumber !== null) {
      const [holder] = await queryRows<{ customer_id: number }>(
        tx,
        sql`select customer_id from clinic_customer_account where card_number = ${input.cardNumber}`,
      );
      if (holder && Number(holder.customer_id) !== input.customerId) throw conflict(MemberCardMsg.taken);
    }
    await tx.execute(
      sql`insert into clinic_customer_account (customer_id, card_number) values (${input.customerId}, ${input.cardNumber})
          on conflict (customer_id) do update set card_number = excluded.card_number, update_time = now()`,
    );
    return { customerId: input.customerId, cardNumber: input.cardNumber };
  });
}

/** The exact card's holder among the customers the viewer may read (name and phone as they may see them). */
export async function findByCard(db: Db, user: SessionUser, cardNumber: string) {
  const c = await customersAs(db, user);
  const [row] = await queryRows<{ customer_id: number; customer_name: string | null; mobile: string | null }>(
    db,
    sql`select c.customer_id, c.customer_name, c.mobile
        from clinic_customer_account a join ${c.from} on c.customer_id = a.customer_id
        where a.card_number = ${cardNumber} and ${c.scope}`,
  );
  if (!row) return null;
  return {
    customerId: Number(row.customer_id),
    customerName: String(row.customer_name ?? ''),
    mobile: String(row.mobile ?? ''),
    cardNumber,
  };
}

/** The living demo: the first eight owned customers carry cards VIP0001 … VIP0008 (the desk finds them by card). */
export async function seedCardsLivingDemo(kit: DemoKit): Promise<void> {
  await kit.db.execute(sql`insert into clinic_customer_account (customer_id, card_number)
    select customer_id, 'VIP' || lpad((row_number() over (order by customer_id))::text, 4, '0')
    from (select customer_id from crm_customer where owner_user_id is not null order by customer_id limit 8) c
    on conflict (customer_id) do update set card_number = excluded.card_number`);
}
