import { ExamineCategoryMsg, type ExamineCategorySaveInput, type FieldDefinition } from '@crm/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { notFound } from '../../../core/errors.ts';
import { queryRows } from '../../../core/sql.ts';
import type { Tx } from '../../../db/client.ts';
import { inList } from '../../../org/sql-lists.ts';
import { deptAndAncestorsSql } from '../../../org/tree.ts';
import { examineCategories } from '../tables.ts';

export type CategoryRow = typeof examineCategories.$inferSelect;

export async function findCategory(db: Tx, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(examineCategories)
    .where(and(eq(examineCategories.id, id), eq(examineCategories.isDeleted, false)));
  return row;
}

/** A category, or the answer 审批类型不存在. */
export async function requireCategory(db: Tx, id: number): Promise<CategoryRow> {
  const row = await findCategory(db, id);
  if (!row) throw notFound(ExamineCategoryMsg.notFound);
  return row;
}

/** A category the user may use (enabled and visible to them), or 审批类型不存在. */
export async function requireVisibleCategory(db: Tx, id: number, user: { userId: number; deptId: number | null }) {
  const category = (await visibleCategories(db, user.userId, user.deptId)).find((c) => c.id === id);
  if (!category) throw notFound(ExamineCategoryMsg.notFound);
  return category;
}

export async function listCategories(db: Tx, opts: { page: number; limit: number; search: string }) {
  const where = and(
    eq(examineCategories.isDeleted, false),
    opts.search ? sql`${examineCategories.title} ilike ${`%${opts.search}%`}` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(examineCategories)
      .where(where)
      .orderBy(asc(examineCategories.sort), asc(examineCategories.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(examineCategories).where(where),
  ]);
  return { rows, totalRow: Number(count?.n ?? 0) };
}

/** Enabled categories the user may use: no visibility set, or they or one of their departments (or its parents) is listed. */
export async function visibleCategories(db: Tx, userId: number, deptId: number | null): Promise<CategoryRow[]> {
  const ids = await queryRows<{ category_id: number }>(
    db,
    sql`select category_id from oa_examine_category c
        where not c.is_deleted and c.status = 1
          and ((cardinality(c.visible_user_ids) = 0 and cardinality(c.visible_dept_ids) = 0)
               or ${userId} = any(c.visible_user_ids)
               or c.visible_dept_ids && array(${deptAndAncestorsSql(deptId)}))
        order by c.sort, c.category_id`,
  );
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(examineCategories)
    .where(sql`${examineCategories.id} in ${inList(ids.map((r) => Number(r.category_id)))}`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((r) => byId.get(Number(r.category_id))!).filter(Boolean);
}

export async function saveCategory(db: Tx, input: ExamineCategorySaveInput, userId: number): Promise<number> {
  const { categoryId, ...values } = input;
  if (categoryId) {
    await db
      .update(examineCategories)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(examineCategories.id, categoryId));
    return categoryId;
  }
  const [max] = await db.select({ n: sql<number>`coalesce(max(sort), 0)::int` }).from(examineCategories);
  const [row] = await db
    .insert(examineCategories)
    .values({ ...values, type: 'custom', isSystem: false, sort: Number(max?.n ?? 0) + 1, createUserId: userId })
    .returning({ id: examineCategories.id });
  return row!.id;
}

export async function updateCategory(db: Tx, id: number, values: Partial<CategoryRow>) {
  await db
    .update(examineCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(examineCategories.id, id));
}

export async function saveCategoryFields(db: Tx, id: number, fields: FieldDefinition[]) {
  await updateCategory(db, id, { fields });
}
