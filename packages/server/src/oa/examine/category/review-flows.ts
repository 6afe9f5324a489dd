import { ExamineCategoryMsg, ReviewFlowMsg, type ReviewFlowSaveInput, reviewFlowTypes } from '@crm/shared';
import { inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/session.ts';
import { badRequest, notFound } from '../../../core/errors.ts';
import { queryRows } from '../../../core/sql.ts';
import type { Db } from '../../../db/client.ts';
import { people } from '../../../org/names.ts';
import { examineCategories } from '../tables.ts';
import { type CategoryRow, saveCategory, updateCategory } from './repository.ts';

/**
 * The original client's CRM review-flow settings (issue 20) over the two review categories
 * (system-categories.ts): listed in its shape, saved through the category save (its name,
 * remarks, flow type, steps and range), enabled or disabled; a system category is never deleted.
 */
const typeOf = Object.fromEntries(Object.entries(reviewFlowTypes).map(([k, v]) => [v, Number(k)])) as Record<
  string,
  number
>;

async function reviewCategories(db: Db): Promise<CategoryRow[]> {
  const rows = await db
    .select()
    .from(examineCategories)
    .where(inArray(examineCategories.type, Object.values(reviewFlowTypes)));
  return rows.filter((r) => !r.isDeleted).sort((a, b) => typeOf[a.type]! - typeOf[b.type]!);
}

/** `examine/queryAllExamine`: both review flows, as one page. */
export async function listReviewFlows(db: Db, page: number, limit: number) {
  const all = await reviewCategories(db);
  const shown = all.slice((page - 1) * limit, page * limit);
  const users = await people(
    db,
    shown.flatMap((c) => [...c.steps.flatMap((s) => s.userIds), ...c.visibleUserIds]),
  );
  const deptIds = [...new Set(shown.flatMap((c) => c.visibleDeptIds))];
  const depts = deptIds.length
    ? await queryRows<{ dept_id: number; name: string }>(
        db,
        sql`select dept_id, name from sys_dept where dept_id in ${deptIds}`,
      )
    : [];
  const person = (id: number) => {
    const p = users.get(id);
    return p ? [{ userId: p.userId, realname: p.realname, img: p.img }] : [];
  };
  return {
    list: shown.map((c) => ({
      examineId: c.id,
      categoryType: typeOf[c.type]!,
      name: c.title,
      remarks: c.remarks,
      examineType: c.examineType,
      status: c.status,
      stepList: c.steps.map((s, i) => ({ stepNum: i + 1, stepType: s.stepType, userList: s.userIds.flatMap(person) })),
      userIds: c.visibleUserIds.flatMap(person),
      deptIds: c.visibleDeptIds.flatMap((id) => {
        const d = depts.find((x) => Number(x.dept_id) === id);
        return d ? [{ id, name: d.name }] : [];
      }),
      updateTime: c.updatedAt,
    })),
    totalRow: all.length,
    page,
    limit,
  };
}

/** `examine/saveExamine`: the review category of `categoryType` takes the flow as sent. */
export async function saveReviewFlow(db: Db, user: SessionUser, input: ReviewFlowSaveInput) {
  const category = (await reviewCategories(db)).find((c) => typeOf[c.type] === input.categoryType);
  if (!category) throw notFound(ReviewFlowMsg.notFound);
  await saveCategory(
    db,
    {
      categoryId: category.id,
      title: input.name,
      className: category.className,
      icon: category.icon,
      remarks: input.remarks,
      status: 1,
      examineType: input.examineType,
      steps: input.examineType === 1 ? input.step : [],
      examineUserIds: category.examineUserIds,
      ccUserIds: category.ccUserIds,
      visibleUserIds: input.userIds,
      visibleDeptIds: input.deptIds,
    },
    user.userId,
  );
  return { examineId: category.id, status: 1 };
}

/** `examine/updateStatus`: 1 enable, 0 disable; deleting a review flow is refused. */
export async function setReviewFlowStatus(db: Db, examineId: number, status: 0 | 1 | 2) {
  const category = (await reviewCategories(db)).find((c) => c.id === examineId);
  if (!category) throw notFound(ReviewFlowMsg.notFound);
  if (status === 2) throw badRequest(ExamineCategoryMsg.systemNoDelete);
  await updateCategory(db, category.id, { status });
  return null;
}
