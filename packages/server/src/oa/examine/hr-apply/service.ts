import { HR_APPLY_TYPES, type HrApplyInput, HrApplyMsg, type HrApplyRecord } from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/session.ts';
import { badRequest, notFound } from '../../../core/errors.ts';
import { queryRows } from '../../../core/sql.ts';
import { timeText } from '../../../core/times.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { people } from '../../../org/names.ts';
import { isUniqueViolation, lockOrg } from '../../../system/common.ts';
import { wouldCycleParent } from '../../../system/users/repository.ts';
import { examineCategories, oaExamines } from '../tables.ts';
import { hrApplies, type OrgPlace } from './tables.ts';

type Kind = HrApplyRecord['kind'];
const kindOfType = (type: string): Kind | null =>
  type === HR_APPLY_TYPES.positionTransfer
    ? 'positionTransfer'
    : type === HR_APPLY_TYPES.probation
      ? 'probation'
      : null;

async function placeOf(tx: Tx, userId: number, lock = false): Promise<OrgPlace & { status: number }> {
  const q = tx
    .select({
      deptId: users.deptId,
      post: users.post,
      parentId: users.parentId,
      confirmedAt: users.confirmedAt,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = lock ? await q.for('update') : await q;
  if (!row || row.status !== 1) throw badRequest(HrApplyMsg.userNotFound);
  return {
    deptId: row.deptId,
    post: row.post,
    parentId: row.parentId,
    confirmed: row.confirmedAt !== null,
    status: row.status,
  };
}

/**
 * Apply an approved position transfer (move the person: department, post, leader) or probation
 * confirmation (mark them confirmed), and log it against the approval, in one transaction. The
 * approval must be approved and of one of the two types; each approval is applied once.
 */
export async function applyHrChange(db: Db, actor: SessionUser, input: HrApplyInput): Promise<HrApplyRecord> {
  const applyId = await db.transaction(async (tx) => {
    const [exam] = await tx
      .select({
        status: oaExamines.status,
        isDeleted: oaExamines.isDeleted,
        createUserId: oaExamines.createUserId,
        type: examineCategories.type,
      })
      .from(oaExamines)
      .innerJoin(examineCategories, eq(examineCategories.id, oaExamines.categoryId))
      .where(eq(oaExamines.id, input.examineId))
      .for('update', { of: oaExamines });
    if (!exam || exam.isDeleted) throw notFound(HrApplyMsg.notFound);
    const kind = kindOfType(exam.type);
    if (!kind) throw badRequest(HrApplyMsg.wrongType);
    if (exam.status !== 1) throw badRequest(HrApplyMsg.notApproved);
    const [done] = await tx
      .select({ id: hrApplies.id })
      .from(hrApplies)
      .where(eq(hrApplies.examineId, input.examineId));
    if (done) throw badRequest(HrApplyMsg.alreadyApplied);

    await lockOrg(tx, 'user-tree');
    const before = await placeOf(tx, input.userId, true);
    let after: OrgPlace;
    if (kind === 'probation') {
      if (input.userId !== exam.createUserId) throw badRequest(HrApplyMsg.probationSelf);
      if (input.confirm !== 1) throw badRequest(HrApplyMsg.confirmRequired);
      if (before.confirmed) throw badRequest(HrApplyMsg.alreadyConfirmed);
      await tx.update(users).set({ confirmedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, input.userId));
      after = { deptId: before.deptId, post: before.post, parentId: before.parentId, confirmed: true };
    } else {
      if (!input.deptId) throw badRequest(HrApplyMsg.deptRequired);
      if (!input.post) throw badRequest(HrApplyMsg.postRequired);
      if (!input.parentId) throw badRequest(HrApplyMsg.leaderRequired);
      if (input.parentId === input.userId) throw badRequest(HrApplyMsg.leaderSelf);
      const dept = await queryRows(tx, sql`select 1 from sys_dept where dept_id = ${input.deptId}`);
      if (dept.length === 0) throw badRequest(HrApplyMsg.deptNotFound);
      await placeOf(tx, input.parentId);
      if (await wouldCycleParent(tx, input.userId, input.parentId)) throw badRequest(HrApplyMsg.leaderCycle);
      await tx
        .update(users)
        .set({ deptId: input.deptId, post: input.post, parentId: input.parentId, updatedAt: new Date() })
        .where(eq(users.id, input.userId));
      after = { deptId: input.deptId, post: input.post, parentId: input.parentId, confirmed: before.confirmed };
    }
    const { status: _, ...was } = before;
    try {
      const [row] = await tx
        .insert(hrApplies)
        .values({ examineId: input.examineId, kind, userId: input.userId, before: was, after, appliedBy: actor.userId })
        .returning({ id: hrApplies.id });
      return row!.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest(HrApplyMsg.alreadyApplied);
      throw err;
    }
  });
  return (await hrApplyOf(db, { applyId }))!;
}

/** The apply of an approval (or by its id), with names; null when it was not applied. */
export async function hrApplyOf(
  db: Tx,
  by: { examineId: number } | { applyId: number },
): Promise<HrApplyRecord | null> {
  const [row] = await db
    .select()
    .from(hrApplies)
    .where('examineId' in by ? eq(hrApplies.examineId, by.examineId) : eq(hrApplies.id, by.applyId));
  if (!row) return null;
  const who = await people(db, [row.userId, row.appliedBy, row.before.parentId, row.after.parentId]);
  const deptIds = [row.before.deptId, row.after.deptId].filter((d): d is number => d !== null);
  const depts = deptIds.length
    ? await queryRows<{ dept_id: number; name: string }>(
        db,
        sql`select dept_id, name from sys_dept where dept_id in (${sql.join(deptIds, sql`, `)})`,
      )
    : [];
  const deptName = new Map(depts.map((d) => [Number(d.dept_id), d.name]));
  const show = (p: OrgPlace) => ({
    ...p,
    deptName: p.deptId === null ? '' : (deptName.get(p.deptId) ?? ''),
    parentName: p.parentId === null ? '' : (who.get(p.parentId)?.realname ?? ''),
  });
  return {
    applyId: row.id,
    examineId: row.examineId,
    kind: row.kind as Kind,
    user: who.get(row.userId) ?? null,
    before: show(row.before),
    after: show(row.after),
    appliedBy: who.get(row.appliedBy) ?? null,
    appliedAt: timeText(row.createdAt)!,
  };
}
