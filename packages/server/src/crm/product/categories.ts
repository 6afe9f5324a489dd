import { type ProductCategoryNode, ProductMsg, type productCategorySaveSchema } from '@crm/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { productCategories } from './tables.ts';

/** Product categories (`CrmProductCategory/*`): a tree by `pid`, names unique among siblings. */

type Row = typeof productCategories.$inferSelect;

/** The whole tree, `{categoryId, label, pid, children}`, in one query. */
export async function categoryTree(db: Tx): Promise<ProductCategoryNode[]> {
  const rows: Row[] = await db.select().from(productCategories).orderBy(asc(productCategories.id));
  const nodes = new Map<number, ProductCategoryNode>(
    rows.map((r) => [r.id, { categoryId: r.id, label: r.name, pid: r.pid, children: [] }]),
  );
  const roots: ProductCategoryNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.pid === null ? undefined : nodes.get(n.pid);
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/** The ids of a category and everything below it. */
async function subtree(db: Tx, id: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with recursive t as (
          select category_id as id from crm_product_category where category_id = ${id}
          union all select c.category_id from crm_product_category c join t on c.pid = t.id)
        select id from t`,
  );
  return rows.map((r) => Number(r.id));
}

export async function saveCategory(db: Tx, input: z.infer<typeof productCategorySaveSchema>): Promise<number> {
  return db.transaction(async (tx) => {
    if (input.pid !== null) {
      const [parent] = await tx.select().from(productCategories).where(eq(productCategories.id, input.pid));
      if (!parent) throw badRequest(ProductMsg.categoryParentMissing);
      if (input.categoryId !== undefined && (await subtree(tx, input.categoryId)).includes(input.pid))
        throw badRequest(ProductMsg.categoryParentSelf);
    }
    const sibling = await tx
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(
        and(
          eq(productCategories.name, input.name),
          input.pid === null ? sql`${productCategories.pid} is null` : eq(productCategories.pid, input.pid),
          input.categoryId === undefined ? undefined : ne(productCategories.id, input.categoryId),
        ),
      );
    if (sibling.length) throw conflict(ProductMsg.categoryNameTaken);
    if (input.categoryId === undefined) {
      const [row] = await tx
        .insert(productCategories)
        .values({ name: input.name, pid: input.pid })
        .returning({ id: productCategories.id });
      return row!.id;
    }
    const updated = await tx
      .update(productCategories)
      .set({ name: input.name, pid: input.pid })
      .where(eq(productCategories.id, input.categoryId))
      .returning({ id: productCategories.id });
    if (!updated.length) throw notFound(ProductMsg.categoryMissing);
    return input.categoryId;
  });
}

/** Delete an empty category: one with products or sub-categories is refused. */
export async function deleteCategory(db: Tx, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(productCategories).where(eq(productCategories.id, id)).for('update');
    if (!row) throw notFound(ProductMsg.categoryMissing);
    const [child] = await tx
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(eq(productCategories.pid, id))
      .limit(1);
    if (child) throw badRequest(ProductMsg.categoryHasChildren);
    const used = await queryRows(tx, sql`select 1 from crm_product where category_id = ${id} limit 1`);
    if (used.length) throw badRequest(ProductMsg.categoryHasProducts);
    await tx.delete(productCategories).where(eq(productCategories.id, id));
  });
}

/** Does the category exist? (a product's save) */
export async function categoryExists(db: Tx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.id, id));
  return Boolean(row);
}
