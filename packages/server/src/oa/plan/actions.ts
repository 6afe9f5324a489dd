import { PlanDocMsg, type PlanDocSaveInput } from '@crm/shared';
import { and, eq, notInArray } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { forbidden } from '../../core/errors.ts';
import { requiredRichText } from '../../core/html/sanitize.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createOnce } from '../../db/create-once.ts';
import { removeStored, syncOwnedFiles } from '../../files/attach.ts';
import type { FileStorage } from '../../files/storage.ts';
import { requireActiveUsers } from '../examine/people-check.ts';
import { visiblePlan } from './access.ts';
import { OA_PLAN_FILES } from './file-owner.ts';
import { oaPlans, oaPlanUsers } from './tables.ts';

const fieldsOf = (input: PlanDocSaveInput) => ({
  title: input.title,
  content: requiredRichText(input.content, PlanDocMsg.contentRequired),
});

/** The people it is shared with (active ones; the author never is one). */
async function setShared(tx: Tx, planId: number, authorId: number, ids: number[]) {
  const wanted = [...new Set(ids)].filter((id) => id !== authorId);
  await requireActiveUsers(tx, wanted);
  await tx
    .delete(oaPlanUsers)
    .where(and(eq(oaPlanUsers.planId, planId), wanted.length ? notInArray(oaPlanUsers.userId, wanted) : undefined));
  if (wanted.length)
    await tx
      .insert(oaPlanUsers)
      .values(wanted.map((userId) => ({ planId, userId })))
      .onConflictDoNothing();
}

async function createPlan(db: Db, user: SessionUser, input: PlanDocSaveInput): Promise<number> {
  const me = user.userId;
  const fields = fieldsOf(input);
  return createOnce(db, oaPlans, me, input.batchId, async (tx) => {
    const [row] = await tx
      .insert(oaPlans)
      .values({ ...fields, createUserId: me, batchId: input.batchId })
      .onConflictDoNothing()
      .returning({ id: oaPlans.id });
    if (!row) return undefined;
    await setShared(tx, row.id, me, input.sharedUserIds);
    await syncOwnedFiles(tx, { kind: OA_PLAN_FILES, id: row.id }, { uploaderId: me, batchIds: [input.batchId] });
    return row.id;
  });
}

async function updatePlan(db: Db, storage: FileStorage, user: SessionUser, planId: number, input: PlanDocSaveInput) {
  const fields = fieldsOf(input);
  const removed = await db.transaction(async (tx) => {
    const access = await visiblePlan(tx, planId, user, true);
    if (!access.mine) throw forbidden(PlanDocMsg.authorOnly);
    const batchId = access.batchId || input.batchId;
    await tx
      .update(oaPlans)
      .set({ ...fields, batchId, updatedAt: new Date() })
      .where(eq(oaPlans.id, planId));
    await setShared(tx, planId, user.userId, input.sharedUserIds);
    return syncOwnedFiles(
      tx,
      { kind: OA_PLAN_FILES, id: planId },
      { uploaderId: user.userId, batchIds: [batchId], removedIds: input.removedFileIds },
    );
  });
  await removeStored(storage, removed);
}

/** Write or edit (the author only); one transaction each, a double submit answers the first document. */
export async function savePlan(db: Db, storage: FileStorage, user: SessionUser, input: PlanDocSaveInput) {
  if (input.planId) {
    await updatePlan(db, storage, user, input.planId, input);
    return { planId: input.planId };
  }
  return { planId: await createPlan(db, user, input) };
}

export async function deletePlan(db: Db, user: SessionUser, planId: number) {
  const access = await visiblePlan(db, planId, user);
  if (!access.mine) throw forbidden(PlanDocMsg.authorOnly);
  await db.update(oaPlans).set({ isDeleted: true, updatedAt: new Date() }).where(eq(oaPlans.id, planId));
  return null;
}
