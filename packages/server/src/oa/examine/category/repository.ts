import {
  type categoryListSchema,
  ExamineCategoryMsg,
  type ExamineCategorySaveInput,
  type FieldDefinition,
} from '@crm/shared';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../../auth/session.ts';
import { notFound } from '../../../core/errors.ts';
import { defineList, listPage } from '../../../core/list/builder.ts';
import { queryRows } from '../../../core/sql.ts';
import type { Tx } from '../../../db/client.ts';
import { FieldLabel, loadFieldSets, loadFields, replaceFields, type StoredField } from '../../../fields/store.ts';
import { inList } from '../../../org/sql-lists.ts';
import { deptAndAncestorsSql } from '../../../org/tree.ts';
import { examineCategories } from '../tables.ts';

export type CategoryRow = typeof examineCategories.$inferSelect;
/** A category with its field definitions from the field store (label 10, scope = the category). */
export type CategoryWithFields = CategoryRow & { fields: StoredField[] };
type ListInput = z.infer<typeof categoryListSchema>;

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

/** The administrator's category list: configuration, in the order the picker shows it. */
const categoryList = defineList({
  from: sql`oa_examine_category c`,
  id: sql`c.category_id`,
  fields: {
    sort: { sql: sql`c.sort`, type: 'number' },
    categoryId: { sql: sql`c.category_id`, type: 'number' },
    title: { sql: sql`c.title`, type: 'text' },
    status: { sql: sql`c.status`, type: 'number' },
    createTime: { sql: sql`c.create_time`, type: 'date' },
    updateTime: { sql: sql`c.update_time`, type: 'date' },
  },
  search: [sql`c.title`],
  defaultSort: [{ field: 'sort', order: 'asc' }],
  scope: { unscoped: 'configuration, not owned data: the route requires manage:oa:examine' },
});

/** Every column of a category, under its Drizzle name, so a raw row reads as a CategoryRow. */
const categoryColumns = sql.join(
  Object.entries(getTableColumns(examineCategories)).map(
    ([key, column]) => sql`c.${sql.identifier(column.name)} as ${sql.identifier(key)}`,
  ),
  sql`, `,
);

export async function listCategories(db: Tx, user: SessionUser, input: ListInput) {
  const page = await listPage(
    db,
    categoryList,
    { ...input, user, where: [sql`not c.is_deleted`] },
    {
      columns: categoryColumns,
      joins: sql`join oa_examine_category c on c.category_id = page.id`,
      map: (r: CategoryRow): CategoryRow => ({
        ...r,
        createdAt: new Date(r.createdAt),
        updatedAt: new Date(r.updatedAt),
      }),
    },
  );
  return { ...page, list: await withFields(db, page.list) };
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

/** The categories with their fields, all read in one query (a page of the list, the picker). */
export async function withFields(db: Tx, rows: CategoryRow[]): Promise<CategoryWithFields[]> {
  const sets = await loadFieldSets(
    db,
    FieldLabel.examineCategory,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, fields: sets.get(r.id) ?? [] }));
}

/** One category's fields, in their order. */
export const categoryFields = (db: Tx, id: number): Promise<StoredField[]> =>
  loadFields(db, FieldLabel.examineCategory, id);

export async function categoryWithFields(db: Tx, row: CategoryRow): Promise<CategoryWithFields> {
  return { ...row, fields: await categoryFields(db, row.id) };
}

/** Replace a category's fields; answers them with their ids and keys. */
export function saveCategoryFields(db: Tx, id: number, fields: FieldDefinition[]): Promise<StoredField[]> {
  return replaceFields(db, FieldLabel.examineCategory, id, fields);
}
