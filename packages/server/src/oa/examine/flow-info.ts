import type { FlowInfo, PlanStep } from '@crm/shared';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { namedUsers, userNames } from '../../org/names.ts';
import { categoryWithFields, requireVisibleCategory } from './category/repository.ts';
import { conditionFacts, conditionLabels, withApplies } from './conditions.ts';
import type { Subject } from './process.ts';
import { requireSubjectReader, type SubjectRegistry } from './subjects.ts';
import { examineRecords } from './tables.ts';
import { requireVisible } from './visibility.ts';

/** The form as filled so far, for a preview of which conditional steps apply. */
export type PreviewForm = { field?: { fieldName?: string; fieldId?: number; value: unknown }[]; form?: unknown };

/**
 * The flow a new approval of a category will follow. With the form as filled so far, each step
 * says whether it applies (conditional steps), computed as the submission will compute it.
 */
export async function categoryFlowInfo(
  db: Db,
  categoryId: number,
  viewer: SessionUser,
  filled?: PreviewForm,
): Promise<FlowInfo> {
  const category = await requireVisibleCategory(db, categoryId, viewer);
  const names = await userNames(db, [...category.steps.flatMap((s) => s.userIds), ...category.examineUserIds]);
  const preset = category.examineUserIds[0];
  const conditional = category.examineType === 1 && category.steps.some((s) => s.condition);
  const withDefs = conditional ? await categoryWithFields(db, category) : { ...category, fields: [] };
  const label = conditional ? await conditionLabels(db, withDefs) : null;
  const info: FlowInfo = {
    examineType: category.examineType,
    examineSteps: category.steps.map((s) => ({
      stepType: s.stepType,
      userList: namedUsers(names, s.userIds),
      ...(s.condition && label ? { condition: label(s.condition) } : {}),
    })),
    examineUser: preset ?? null,
    examineUserName: preset ? (names.get(preset) ?? '') : '',
  };
  if (!conditional || !filled || (filled.field === undefined && filled.form === undefined)) return info;
  const byId = new Map(withDefs.fields.map((f) => [f.fieldId, f.fieldName]));
  const values: Record<string, unknown> = {};
  for (const f of filled.field ?? []) {
    const key = f.fieldName ?? (f.fieldId !== undefined ? byId.get(f.fieldId) : undefined);
    if (key) values[key] = f.value;
  }
  return withApplies(info, category.steps, await conditionFacts(db, withDefs, viewer, values, filled.form));
}

const stepTypeOf = (p: PlanStep) =>
  p.kind === 'supervisor' ? 1 : p.kind === 'previousSupervisor' ? 4 : p.mode === 'and' ? 3 : 2;

/**
 * The flow of a record already under review (a contract or a receivable, categoryType 1 or 2), to
 * its readers only (else the answer for a missing record):
 * its own plan, which later edits of the configured flow do not change. Steps resolved at run
 * time (supervisors) list the people they went to.
 */
export async function recordFlowInfo(
  db: Db,
  subjects: SubjectRegistry,
  subject: Subject,
  viewer: SessionUser,
): Promise<FlowInfo> {
  // Whether the record has a review is its readers' to know (its scope, team, reviewers).
  await requireSubjectReader(subjects, db, subject.subjectType, subject.subjectId, viewer);
  const [record] = await db
    .select()
    .from(examineRecords)
    .where(and(eq(examineRecords.subjectType, subject.subjectType), eq(examineRecords.subjectId, subject.subjectId)));
  if (!record) throw notFound('该记录没有审核流程');
  await requireVisible(db, record.id, record.state, viewer);
  const { plan, tasks, round } = record.state;
  const usersOf = (p: PlanStep) =>
    p.kind === 'users' ? p.userIds : tasks.filter((t) => t.round === round && t.stepId === p.id).map((t) => t.userId);
  const names = await userNames(db, plan.flatMap(usersOf));
  const chosen = plan.length > 0 && plan.every((p) => p.origin === 'chosen' || p.origin === 'next');
  const first = chosen ? plan[0]?.userIds[0] : undefined;
  return {
    examineType: chosen ? 2 : 1,
    examineSteps: plan.map((p) => ({
      stepType: stepTypeOf(p),
      userList: namedUsers(names, [...new Set(usersOf(p))]),
    })),
    examineUser: first ?? null,
    examineUserName: first ? (names.get(first) ?? '') : '',
  };
}
