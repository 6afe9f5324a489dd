import {
  APPLICANT_DEPT,
  adminCategorySchema,
  type CategoryItem,
  categoryFieldsResponse,
  categoryFieldsSchema,
  categoryGroupsResponse,
  categoryIdResponse,
  categoryIdSchema,
  categoryListResponse,
  categoryListSchema,
  categoryPageResponse,
  categorySortSchema,
  categoryStatusSchema,
  ExamineCategoryMsg,
  examineCategorySaveSchema,
  noData,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../../core/errors.ts';
import { type Ctx, defineRoute } from '../../../core/route.ts';
import type { Tx } from '../../../db/client.ts';
import { namedUsers, userNames } from '../../../org/names.ts';
import { requireActiveUsers, requireDepts } from '../people-check.ts';
import { recordReviewTypes } from '../system-categories.ts';
import {
  type CategoryWithFields,
  categoryWithFields,
  listCategories,
  requireCategory,
  saveCategory,
  saveCategoryFields,
  updateCategory,
  visibleCategories,
  withFields,
} from './repository.ts';

const MANAGE = 'manage:oa:examine';

/** A category as the admin pages read it, with the names of the people it refers to. */
async function present(db: Tx, rows: CategoryWithFields[]) {
  const ids = rows.flatMap((r) => [
    ...r.steps.flatMap((s) => s.userIds),
    ...r.examineUserIds,
    ...r.ccUserIds,
    ...r.visibleUserIds,
  ]);
  const names = await userNames(db, ids);
  const users = (list: number[]) => namedUsers(names, list);
  return rows.map((r) => ({
    categoryId: r.id,
    title: r.title,
    className: r.className,
    icon: r.icon,
    type: r.type,
    isSystem: r.isSystem,
    remarks: r.remarks,
    status: r.status,
    sort: r.sort,
    examineType: r.examineType,
    steps: r.steps.map((s) => ({
      stepType: s.stepType,
      userList: users(s.userIds),
      ...(s.condition ? { condition: s.condition } : {}),
    })),
    examineUsers: users(r.examineUserIds),
    ccUsers: users(r.ccUserIds),
    visibleUsers: users(r.visibleUserIds),
    visibleDeptIds: r.visibleDeptIds,
    fields: r.fields,
    createTime: r.createdAt,
    updateTime: r.updatedAt,
  }));
}

export function registerCategoryRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineCategory/queryExamineCategoryList',
    access: MANAGE,
    response: categoryPageResponse,
    schema: categoryListSchema,
    async handler({ input, user }) {
      const page = await listCategories(db, user, input);
      return { ...page, list: await present(db, page.list) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineCategory/queryCategoryById',
    access: MANAGE,
    response: adminCategorySchema,
    schema: categoryIdSchema,
    async handler({ input }) {
      const row = await categoryWithFields(db, await requireCategory(db, input.categoryId));
      return (await present(db, [row]))[0]!;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineCategory/setExamineCategory',
    access: MANAGE,
    response: categoryIdResponse,
    schema: examineCategorySaveSchema,
    async handler({ input, user }) {
      if (input.categoryId) await requireCategory(db, input.categoryId);
      await requireActiveUsers(db, [
        ...input.steps.flatMap((s) => s.userIds),
        ...input.examineUserIds,
        ...input.ccUserIds,
        ...input.visibleUserIds,
      ]);
      await requireDepts(db, [
        ...input.visibleDeptIds,
        ...input.steps.flatMap((s) => (s.condition?.fact === APPLICANT_DEPT ? (s.condition.value as number[]) : [])),
      ]);
      return { categoryId: await saveCategory(db, input, user.userId) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineCategory/updateStatus',
    access: MANAGE,
    response: noData,
    schema: categoryStatusSchema,
    async handler({ input }) {
      await requireCategory(db, input.categoryId);
      await updateCategory(db, input.categoryId, { status: input.status });
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineCategory/deleteExamineCategory',
    access: MANAGE,
    response: noData,
    schema: categoryIdSchema,
    async handler({ input }) {
      const row = await requireCategory(db, input.categoryId);
      if (row.isSystem) throw badRequest(ExamineCategoryMsg.systemNoDelete);
      await updateCategory(db, row.id, { isDeleted: true });
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineCategory/updateSort',
    access: MANAGE,
    response: noData,
    schema: categorySortSchema,
    async handler({ input }) {
      await db.transaction(async (tx) => {
        for (const [sort, id] of input.categoryIds.entries()) {
          await tx.execute(sql`update oa_examine_category set sort = ${sort} where category_id = ${id}`);
        }
      });
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/field/examineFieldSave',
    access: MANAGE,
    response: categoryFieldsResponse,
    schema: categoryFieldsSchema,
    async handler({ input }) {
      const row = await requireCategory(db, input.categoryId);
      if (row.isSystem) throw badRequest(ExamineCategoryMsg.systemFieldsLocked);
      return saveCategoryFields(db, row.id, input.fields);
    },
  });

  /** Enabled categories the user may use, in order, with their fields (the create view renders a custom category's fields from them). */
  async function pickerCategories(user: { userId: number; deptId: number | null }) {
    const rows = await withFields(
      db,
      (await visibleCategories(db, user.userId, user.deptId)).filter((c) => !recordReviewTypes.includes(c.type)),
    );
    return rows.map((r) => ({
      className: r.className,
      item: {
        categoryId: r.id,
        title: r.title,
        icon: r.icon,
        remarks: r.remarks,
        type: r.type,
        examineType: r.examineType,
        fields: r.fields,
      } satisfies CategoryItem,
    }));
  }

  // The approval-type picker of our client: the same categories grouped by class name.
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineCategory/queryCategoryGroups',
    access: 'oa:examine:use',
    response: categoryGroupsResponse,
    async handler({ user }) {
      const groups = new Map<string, CategoryItem[]>();
      for (const { className, item } of await pickerCategories(user))
        groups.set(className, [...(groups.get(className) ?? []), item]);
      return [...groups].map(([className, list]) => ({ className, list }));
    },
  });

  // The original client's picker and list filter read the categories as one flat list (issue 20).
  defineRoute(app, {
    method: 'POST',
    url: '/OaExamineCategory/queryAllExamineCategoryList',
    access: 'oa:examine:use',
    response: categoryListResponse,
    handler: async ({ user }) => (await pickerCategories(user)).map(({ className, item }) => ({ ...item, className })),
  });
}
