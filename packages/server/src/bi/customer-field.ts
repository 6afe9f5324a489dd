import { sql } from 'drizzle-orm';
import { queryRows } from '../core/sql.ts';
import type { Tx } from '../db/client.ts';
import type { CategorySql } from './source-types.ts';

/**
 * A customer field of the administrator's (客户行业, 客户级别, 客户来源) as a category, read from the
 * customer row under `alias`; "未填写" when empty or absent.
 */
export const customerFieldCategory =
  (name: string, alias = 'r') =>
  async (db: Tx): Promise<CategorySql> => {
    const [field] = await queryRows<{ field_name: string }>(
      db,
      sql`select field_name from crm_field where label = 2 and scope_id = 0 and name = ${name} and not is_deleted limit 1`,
    );
    return field
      ? { key: sql`coalesce(nullif(${sql.identifier(alias)}.fields->>${field.field_name}, ''), '未填写')` }
      : { key: sql`'未填写'::text` };
  };
