import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

/**
 * The next order number of a business day (yyyy-MM-dd in the company's zone): the day's digits and
 * a sequence of at least four digits, 202611260001. The upsert takes the day's row lock until the
 * transaction ends, so concurrent orders get consecutive numbers and a rolled-back one frees its
 * number for the next.
 */
export async function nextOrderNumber(tx: Tx, businessDay: string): Promise<string> {
  const [row] = await queryRows<{ last: number }>(
    tx,
    sql`insert into clinic_order_sequence (day, last) values (${businessDay}, 1)
      on conflict (day) do update set last = clinic_order_sequence.last + 1
      returning last`,
  );
  if (!row) throw new Error('no order sequence');
  return `${businessDay.replaceAll('-', '')}${String(row.last).padStart(4, '0')}`;
}
