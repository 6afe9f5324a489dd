import { BusinessMsg, type BusinessTypeRow, type BusinessTypeSaveInput } from '@crm/shared';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { businessStatuses, businessTypes } from './tables.ts';

/** Business types (商机状态组, `businessType/*`): named groups of stages, set in the CRM settings. */

/** Every group (or the enabled ones) with its stages in order, in two queries. */
export async function listBusinessTypes(db: Tx, onlyEnabled = false): Promise<BusinessTypeRow[]> {
  const types = await db
    .select()
    .from(businessTypes)
    .where(onlyEnabled ? eq(businessTypes.status, 1) : undefined)
    .orderBy(asc(businessTypes.id));
  if (types.length === 0) return [];
  const stages = await db
    .select()
    .from(businessStatuses)
    .where(
      inArray(
        businessStatuses.typeId,
        types.map((t) => t.id),
      ),
    )
    .orderBy(asc(businessStatuses.typeId), asc(businessStatuses.orderNum), asc(businessStatuses.id));
  return types.map((t) => ({
    typeId: t.id,
    name: t.name,
    status: t.status,
    statusList: stages
      .filter((s) => s.typeId === t.id)
      .map((s) => ({ statusId: s.id, typeId: s.typeId, name: s.name, rate: s.rate, orderNum: s.orderNum })),
  }));
}

/** Stages of one group in order. */
export async function stagesOf(db: Tx, typeId: number) {
  return db
    .select()
    .from(businessStatuses)
    .where(eq(businessStatuses.typeId, typeId))
    .orderBy(asc(businessStatuses.orderNum), asc(businessStatuses.id));
}

/**
 * Create or edit a group with its stages: sent stages keep their id (renamed, re-rated,
 * reordered by position), new ones are added, missing ones removed unless an opportunity is at them.
 */
export async function saveBusinessType(db: Tx, userId: number, input: BusinessTypeSaveInput): Promise<number> {
  return db.transaction(async (tx) => {
    // Two saves of one group take turns, so its stages (unique by name within it) are written once.
    if (input.typeId !== undefined)
      await tx
        .select({ id: businessTypes.id })
        .from(businessTypes)
        .where(eq(businessTypes.id, input.typeId))
        .for('update');
    const [same] = await tx
      .select({ id: businessTypes.id })
      .from(businessTypes)
      .where(
        and(
          eq(businessTypes.name, input.name),
          input.typeId === undefined ? undefined : ne(businessTypes.id, input.typeId),
        ),
      );
    if (same) throw conflict(BusinessMsg.typeNameTaken);
    let typeId = input.typeId;
    if (typeId === undefined) {
      const [row] = await tx
        .insert(businessTypes)
        .values({ name: input.name, status: input.status, createUserId: userId })
        .returning({ id: businessTypes.id });
      typeId = row!.id;
    } else {
      const updated = await tx
        .update(businessTypes)
        .set({ name: input.name, status: input.status, updatedAt: new Date() })
        .where(eq(businessTypes.id, typeId))
        .returning({ id: businessTypes.id });
      if (!updated.length) throw notFound(BusinessMsg.typeMissing);
    }
    const existing = new Set((await stagesOf(tx, typeId)).map((s) => s.id));
    const kept = input.statusList.map((s) => s.statusId).filter((id): id is number => id !== undefined);
    if (kept.some((id) => !existing.has(id))) throw badRequest(BusinessMsg.statusNotOfType);
    const dropped = [...existing].filter((id) => !kept.includes(id));
    if (dropped.length) {
      const used = await queryRows(
        tx,
        sql`select 1 from crm_business where status_id in (${sql.join(
          dropped.map((id) => sql`${id}`),
          sql`, `,
        )}) limit 1`,
      );
      if (used.length) throw badRequest(BusinessMsg.stageInUse);
      await tx
        .delete(businessStatuses)
        .where(
          and(eq(businessStatuses.typeId, typeId), kept.length ? notInArray(businessStatuses.id, kept) : undefined),
        );
    }
    for (const [i, s] of input.statusList.entries()) {
      const values = { name: s.name, rate: s.rate, orderNum: i + 1 };
      if (s.statusId !== undefined)
        await tx.update(businessStatuses).set(values).where(eq(businessStatuses.id, s.statusId));
      else await tx.insert(businessStatuses).values({ ...values, typeId });
    }
    return typeId;
  });
}

export async function setBusinessTypeStatus(db: Tx, id: number, status: number) {
  const updated = await db
    .update(businessTypes)
    .set({ status, updatedAt: new Date() })
    .where(eq(businessTypes.id, id))
    .returning({ id: businessTypes.id });
  if (!updated.length) throw notFound(BusinessMsg.typeMissing);
}

/** Delete a group no opportunity uses, with its stages. */
export async function deleteBusinessType(db: Tx, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(businessTypes).where(eq(businessTypes.id, id)).for('update');
    if (!row) throw notFound(BusinessMsg.typeMissing);
    const used = await queryRows(tx, sql`select 1 from crm_business where type_id = ${id} limit 1`);
    if (used.length) throw badRequest(BusinessMsg.typeInUse);
    await tx.delete(businessStatuses).where(eq(businessStatuses.typeId, id));
    await tx.delete(businessTypes).where(eq(businessTypes.id, id));
  });
}
