import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { ownerScope } from '../records/access.ts';
import { customerServerKind } from './kind.ts';

/**
 * The customer an imported row names (contacts, contracts, receivables): exactly one the user may
 * see by that name (客户不存在 for none, 客户名称重复，请在表单中选择 for several).
 */
export async function customerNamed(db: Tx, user: SessionUser, name: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select r.customer_id as id from crm_customer r
        where r.customer_name = ${name.trim()} and ${ownerScope(customerServerKind, user)} limit 2`,
  );
  if (rows.length === 0) throw notFound('客户不存在');
  if (rows.length > 1) throw badRequest('客户名称重复，请在表单中选择');
  return Number(rows[0]!.id);
}
