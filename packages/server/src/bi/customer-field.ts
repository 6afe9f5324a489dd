import { sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import type { Tx } from '../db/client.ts';
import type { CategorySql } from './source-types.ts';

/**
 * The customer field named so (the administrator's), and whether the customers' field summary
 * holds it (a choice field: the migration's `crm_customer_summary_fields()`, the one definition
 * the summary's triggers read).
 */
async function customerField(db: Tx, name: string): Promise<{ field_name: string; summarised: boolean } | undefined> {
  const [field] = await queryRows<{ field_name: string; summarised: boolean }>(
    db,
    sql`select field_name, field_name = any(crm_customer_summary_fields()) as summarised
      from crm_field where label = 2 and scope_id = 0 and name = ${name} and not is_deleted limit 1`,
  );
  return field;
}

/**
 * A customer field of the administrator's (客户行业, 客户级别, 客户来源) as a category, read from the
 * customer row under `alias`; "未填写" when empty or absent.
 */
export const customerFieldCategory =
  (name: string, alias = 'r') =>
  async (db: Tx): Promise<CategorySql> => {
    const field = await customerField(db, name);
    return field
      ? { key: sql`coalesce(nullif(${sql.identifier(alias)}.fields->>${field.field_name}, ''), '未填写')` }
      : { key: sql`'未填写'::text` };
  };

/**
 * The same split read from crm_customer_field_month (alias `r`): the field's rows, whose `value`
 * is the key above. Without such a field, or for one the summary does not hold (not a choice
 * field), undefined: the figure is read elsewhere (`customerFieldAbsentCategory`, the rows).
 */
export const customerFieldSummaryCategory =
  (name: string) =>
  async (db: Tx): Promise<CategorySql | undefined> => {
    const field = await customerField(db, name);
    if (!field) return undefined;
    return field.summarised ? { key: sql`r.value`, where: sql`r.field_name = ${field.field_name}` } : undefined;
  };

/**
 * The split when the customers have no such field: every one is 未填写, so the day and month
 * summaries give it (a single key); undefined when the field exists (the field summary or the rows).
 */
export const customerFieldAbsentCategory =
  (name: string) =>
  async (db: Tx): Promise<CategorySql | undefined> =>
    (await customerField(db, name)) ? undefined : { key: sql`'未填写'::text` };
