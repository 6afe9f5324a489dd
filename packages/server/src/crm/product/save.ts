import { customValuesOf, type FieldDefinition, ProductMsg, type ProductSaveInput } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { loadRecords } from '../records/access.ts';
import { logAction } from '../records/actions.ts';
import { saveRecord } from '../records/save.ts';
import { categoryExists } from './categories.ts';
import { productServerKind as sk } from './kind.ts';

/** `CrmProduct/saveAndUpdate`: the category must exist; then the record machinery's save. */
export async function saveProduct(db: Db, custom: FieldDefinition[], user: SessionUser, input: ProductSaveInput) {
  const { productId, batchId, ...fixed } = input.entity;
  // A category left out of an update (hidden from the user) stays; a new product needs one.
  if (productId === undefined && !fixed.categoryId) throw badRequest(ProductMsg.categoryRequired);
  if (fixed.categoryId && !(await categoryExists(db, fixed.categoryId))) throw badRequest(ProductMsg.categoryMissing);
  return saveRecord(db, sk, custom, user, {
    id: productId,
    batchId,
    fixed,
    custom: customValuesOf(input.field),
  });
}

const shelf = (s: number) => (s === 1 ? '上架' : '下架');

/** `CrmProduct/updateStatus`: on (1) or off (0) the shelf, each change in the product's log. */
export async function setProductStatus(db: Db, user: SessionUser, ids: number[], status: 0 | 1) {
  await db.transaction(async (tx) => {
    const loaded = await loadRecords(tx, sk, user, ids, 'write', { lock: true });
    const changed = loaded.filter((l) => Number(l.row.status) !== status);
    if (changed.length === 0) return;
    const changedIds = changed.map((l) => Number(l.row.product_id));
    await tx.execute(
      sql`update crm_product set status = ${status}, update_time = now() where product_id in ${inList(changedIds)}`,
    );
    await logAction(
      tx,
      sk,
      changed.map((l) => ({
        recordId: Number(l.row.product_id),
        userId: user.userId,
        action: 'status' as const,
        changes: [{ field: 'status', name: '是否上架', before: shelf(Number(l.row.status)), after: shelf(status) }],
      })),
    );
  });
}
