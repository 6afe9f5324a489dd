import {
  BusinessMsg,
  type BusinessSaveInput,
  businessEndNames,
  customValuesOf,
  type FieldDefinition,
} from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { customerServerKind } from '../customer/kind.ts';
import { saveProductLines } from '../product-lines/lines.ts';
import { loadRecord } from '../records/access.ts';
import { logAction } from '../records/actions.ts';
import { saveRecord } from '../records/save.ts';
import { businessServerKind as sk } from './kind.ts';
import { businessStatuses, businessTypes } from './tables.ts';
import { stagesOf } from './types.ts';

/** The stage must be one of the group's; a new opportunity needs an enabled group. */
async function checkStage(db: Tx, typeId: number, statusId: number, keepType: number | null) {
  const [type] = await db.select().from(businessTypes).where(eq(businessTypes.id, typeId));
  if (!type || (type.status !== 1 && keepType !== typeId)) throw badRequest(BusinessMsg.typeMissing);
  const [stage] = await db
    .select({ id: businessStatuses.id })
    .from(businessStatuses)
    .where(and(eq(businessStatuses.id, statusId), eq(businessStatuses.typeId, typeId)));
  if (!stage) throw badRequest(BusinessMsg.statusNotOfType);
}

/**
 * `CrmBusiness/addOrUpdate`: the customer must be one the user may see, the stage one of the
 * group's; then the record machinery's save and the product lines (re-checked, see
 * product-lines/lines.ts), one transaction. Without an amount of its own the opportunity's money
 * is its product total.
 */
export async function saveBusiness(db: Db, custom: FieldDefinition[], user: SessionUser, input: BusinessSaveInput) {
  const { businessId, batchId, totalPrice, discountRate, ...fixed } = input.entity;
  return db.transaction(async (tx) => {
    const stored = businessId === undefined ? null : (await loadRecord(tx, sk, user, businessId, 'write')).row;
    const keepType = stored ? Number(stored.type_id) : null;
    // Customer, group and stage left out of an update (hidden from the user) stay as stored; a new
    // opportunity needs all three.
    const typeId = fixed.typeId || (stored ? Number(stored.type_id) : undefined);
    const statusId = fixed.statusId || (stored ? Number(stored.status_id) : undefined);
    if (!stored && !fixed.customerId) throw badRequest(BusinessMsg.customerRequired);
    if (!typeId) throw badRequest(BusinessMsg.typeRequired);
    if (!statusId) throw badRequest(BusinessMsg.statusRequired);
    if (fixed.customerId) await loadRecord(tx, customerServerKind, user, fixed.customerId, 'read');
    if (fixed.typeId || fixed.statusId) await checkStage(tx, typeId, statusId, keepType);
    const values: Record<string, unknown> = { ...fixed };
    if (fixed.money === undefined && input.product.length) values.money = totalPrice ?? null;
    const saved = await saveRecord(tx, sk, custom, user, {
      id: businessId,
      batchId,
      fixed: values,
      custom: customValuesOf(input.field),
    });
    // A double click's second request found the first record: its lines are already stored.
    if (businessId !== undefined || saved.created) {
      const stored = await saveProductLines(tx, sk, saved.id, user.userId, input.product, { totalPrice, discountRate });
      if (fixed.money === undefined && input.product.length)
        // The total as stored (recomputed when the form left it out).
        await tx.execute(sql`update crm_business set money = ${stored.totalPrice} where business_id = ${saved.id}`);
    }
    return saved;
  });
}

/**
 * `boostBusinessStatus`: move an open opportunity to a stage of its group, or end it won, lost or
 * invalid; each change is in its operation log with the stage names before and after.
 */
export async function boostBusiness(
  db: Db,
  user: SessionUser,
  input: { businessId: number; statusId?: number; isEnd: number; statusRemark: string },
) {
  await db.transaction(async (tx) => {
    const { row } = await loadRecord(tx, sk, user, input.businessId, 'write', { lock: true });
    if (Number(row.is_end) !== 0) throw badRequest(BusinessMsg.ended);
    const stages = await stagesOf(tx, Number(row.type_id));
    const current = stages.find((s) => s.id === Number(row.status_id))?.name ?? null;
    if (input.isEnd === 0) {
      const next = stages.find((s) => s.id === input.statusId);
      if (!next) throw badRequest(BusinessMsg.statusNotOfType);
      if (next.id === Number(row.status_id)) return;
      await tx.execute(sql`update crm_business set status_id = ${next.id}, status_remark = ${input.statusRemark},
        status_time = now(), update_time = now() where business_id = ${input.businessId}`);
      await logAction(tx, sk, [
        {
          recordId: input.businessId,
          userId: user.userId,
          action: 'status',
          detail: input.statusRemark,
          changes: [{ field: 'statusId', name: '商机阶段', before: current, after: next.name }],
        },
      ]);
      return;
    }
    await tx.execute(sql`update crm_business set is_end = ${input.isEnd}, status_remark = ${input.statusRemark},
      status_time = now(), update_time = now() where business_id = ${input.businessId}`);
    await logAction(tx, sk, [
      {
        recordId: input.businessId,
        userId: user.userId,
        action: 'status',
        detail: input.statusRemark,
        changes: [{ field: 'isEnd', name: '商机阶段', before: current, after: businessEndNames[input.isEnd]!.name }],
      },
    ]);
  });
}

/** `queryBusinessStatus`: the stage bar of one opportunity the user may read. */
export async function businessStatusOf(db: Db, user: SessionUser, businessId: number) {
  const { row } = await loadRecord(db, sk, user, businessId, 'read');
  const typeId = Number(row.type_id);
  const [type] = await db.select().from(businessTypes).where(eq(businessTypes.id, typeId));
  const stages = await stagesOf(db, typeId);
  return {
    typeId,
    typeName: type?.name ?? '',
    statusId: row.status_id === null ? null : Number(row.status_id),
    isEnd: Number(row.is_end),
    statusRemark: String(row.status_remark ?? ''),
    statusList: stages.map((s) => ({
      statusId: s.id,
      typeId: s.typeId,
      name: s.name,
      rate: s.rate,
      orderNum: s.orderNum,
    })),
  };
}
