import { CheckMsg, CheckPermission, type CheckPlanSaveInput, checkMove } from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { loadRecord } from '../../crm/records/access.ts';
import { storeServerKind } from '../../crm/store/kind.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createOnce } from '../../db/create-once.ts';
import { planAccess } from './access.ts';
import { oaCheckPlans, oaCheckResults, oaCheckTemplateItems, oaCheckTemplates } from './tables.ts';

/** The target must exist and a shop must be one the planner may read. */
async function checkTarget(tx: Tx, user: SessionUser, input: CheckPlanSaveInput) {
  if (input.targetType === 1) {
    await loadRecord(tx, storeServerKind, user, input.storeId!, 'read');
    return { storeId: input.storeId!, deptId: null };
  }
  const [dept] = await queryRows(tx, sql`select 1 from sys_dept where dept_id = ${input.deptId!}`);
  if (!dept) throw badRequest(CheckMsg.deptNotFound);
  return { storeId: null, deptId: input.deptId! };
}

/** The inspector is an active user whose roles hold the inspect leaf (or a super administrator). */
async function checkInspector(tx: Tx, inspectorId: number) {
  const [row] = await queryRows<{ ok: boolean }>(
    tx,
    sql`select exists (
          select 1 from sys_user u join sys_user_role ur on ur.user_id = u.user_id
            join sys_role r on r.role_id = ur.role_id
          where u.user_id = ${inspectorId} and u.status = 1
            and (r.is_super or exists (select 1 from sys_role_permission rp
                 where rp.role_id = r.role_id and rp.permission = ${CheckPermission.inspect}))) as ok`,
  );
  if (!row?.ok) throw badRequest(CheckMsg.inspectorInactive);
}

/** The template's items, copied into the plan (a later template edit changes no plan). */
async function copyItems(tx: Tx, planId: number, templateId: number) {
  const [template] = await tx
    .select({ name: oaCheckTemplates.name })
    .from(oaCheckTemplates)
    .where(and(eq(oaCheckTemplates.id, templateId), eq(oaCheckTemplates.isDeleted, false)));
  if (!template) throw badRequest(CheckMsg.templateNotFound);
  const items = await tx
    .select()
    .from(oaCheckTemplateItems)
    .where(eq(oaCheckTemplateItems.templateId, templateId))
    .orderBy(oaCheckTemplateItems.position);
  await tx.delete(oaCheckResults).where(eq(oaCheckResults.planId, planId));
  await tx.insert(oaCheckResults).values(
    items.map((i, position) => ({
      planId,
      position,
      section: i.section,
      title: i.title,
      maxScore: i.maxScore,
      photoRequired: i.photoRequired,
    })),
  );
  return { templateName: template.name, maxScore: items.reduce((s, i) => s + i.maxScore, 0) };
}

async function createPlan(db: Db, user: SessionUser, input: CheckPlanSaveInput) {
  const me = user.userId;
  return createOnce(db, oaCheckPlans, me, input.batchId, async (tx) => {
    const target = await checkTarget(tx, user, input);
    await checkInspector(tx, input.inspectorId);
    const [row] = await tx
      .insert(oaCheckPlans)
      .values({
        templateId: input.templateId,
        templateName: '',
        targetType: input.targetType,
        ...target,
        inspectorId: input.inspectorId,
        plannedDate: input.plannedDate,
        remark: input.remark,
        maxScore: 0,
        createUserId: me,
        batchId: input.batchId,
      })
      .onConflictDoNothing()
      .returning({ id: oaCheckPlans.id });
    if (!row) return undefined;
    const copied = await copyItems(tx, row.id, input.templateId);
    await tx.update(oaCheckPlans).set(copied).where(eq(oaCheckPlans.id, row.id));
    return row.id;
  });
}

/** Edit a plan still 待检查 (a new template re-copies its items: nothing is recorded yet). */
async function updatePlan(db: Db, user: SessionUser, planId: number, input: CheckPlanSaveInput) {
  await db.transaction(async (tx) => {
    const access = await planAccess(tx, planId, user, true);
    if (!access.manager) throw forbidden();
    const move = checkMove(access.status, 'edit');
    if (!move.ok) throw badRequest(move.msg);
    const target = await checkTarget(tx, user, input);
    await checkInspector(tx, input.inspectorId);
    const [old] = await tx
      .select({ templateId: oaCheckPlans.templateId })
      .from(oaCheckPlans)
      .where(eq(oaCheckPlans.id, planId));
    const copied = old?.templateId === input.templateId ? {} : await copyItems(tx, planId, input.templateId);
    await tx
      .update(oaCheckPlans)
      .set({
        ...copied,
        templateId: input.templateId,
        targetType: input.targetType,
        ...target,
        inspectorId: input.inspectorId,
        plannedDate: input.plannedDate,
        remark: input.remark,
        updatedAt: new Date(),
      })
      .where(eq(oaCheckPlans.id, planId));
  });
}

export async function savePlan(db: Db, user: SessionUser, input: CheckPlanSaveInput) {
  if (input.planId) {
    await updatePlan(db, user, input.planId, input);
    return { planId: input.planId };
  }
  return { planId: await createPlan(db, user, input) };
}

/** A manager cancels a plan not yet completed; its results stay as they were recorded. */
export async function cancelPlan(db: Db, user: SessionUser, planId: number) {
  await db.transaction(async (tx) => {
    const access = await planAccess(tx, planId, user, true);
    if (!access.manager) throw forbidden();
    const move = checkMove(access.status, 'cancel');
    if (!move.ok) throw badRequest(move.msg);
    await tx.update(oaCheckPlans).set({ status: move.to, updatedAt: new Date() }).where(eq(oaCheckPlans.id, planId));
  });
  return null;
}
