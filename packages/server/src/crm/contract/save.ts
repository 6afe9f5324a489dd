import {
  CheckStatus,
  ContractMsg,
  type ContractSaveInput,
  contractRequiredFields,
  customValuesOf,
  PlanMsg,
  ReceivablesMsg,
  type ReceivablesSaveInput,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { requirePermission } from '../../core/access.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { customFieldsOf } from '../../fields/store.ts';
import type { SubjectRegistry } from '../../oa/examine/subjects.ts';
import { inList } from '../../org/sql-lists.ts';
import { businessServerKind } from '../business/kind.ts';
import { customerServerKind } from '../customer/kind.ts';
import { saveProductLines } from '../product-lines/lines.ts';
import { loadRecord } from '../records/access.ts';
import { onlyEditable, reviewAfterSave } from '../records/review.ts';
import { saveRecord } from '../records/save.ts';
import { contractServerKind, receivablesServerKind } from './kind.ts';

/** A double click: the first save of this form's batch by the same user answers the second. */
async function sameBatch(tx: Tx, table: string, idColumn: string, batchId: string, user: SessionUser) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select ${sql.identifier(idColumn)} as id from ${sql.identifier(table)}
        where batch_id = ${batchId} and create_user_id = ${user.userId}`,
  );
  return row ? { id: Number(row.id) } : undefined;
}

/**
 * The permission-dependent required fields left out of the body (hidden from the user): not
 * written, so an update keeps the stored value and a create the column's default.
 */
function withoutLeftOut<T extends Record<string, unknown>>(fixed: T, required: Record<string, string>) {
  return Object.fromEntries(Object.entries(fixed).filter(([k, v]) => !(k in required && v === undefined)));
}

/**
 * `CrmContract/saveAndUpdate`: create or edit, then save a draft or submit for review (on the app's
 * approval `subjects`), one transaction.
 */
export async function saveContract(db: Db, subjects: SubjectRegistry, user: SessionUser, input: ContractSaveInput) {
  const { contractId, batchId, checkStatus, totalPrice, discountRate, ...fixed } = input.entity;
  requirePermission(user, contractId === undefined ? 'crm:contract:save' : 'crm:contract:update');
  const custom = await customFieldsOf(db, contractServerKind.kind.label);
  return db.transaction(async (tx) => {
    const done = contractId === undefined && (await sameBatch(tx, 'crm_contract', 'contract_id', batchId, user));
    if (done) return done;
    // The customer left out of an update (hidden from the user) stays; a new contract needs one.
    const stored =
      contractId === undefined ? null : (await loadRecord(tx, contractServerKind, user, contractId, 'write')).row;
    const customerId = fixed.customerId || (stored ? Number(stored.customer_id) : undefined);
    if (!customerId) throw badRequest(ContractMsg.customerRequired);
    if (fixed.customerId) await loadRecord(tx, customerServerKind, user, fixed.customerId, 'read');
    // The opportunity it comes from: one the user may see, of the same customer.
    if (fixed.businessId !== undefined) {
      const { row } = await loadRecord(tx, businessServerKind, user, fixed.businessId, 'read');
      if (Number(row.customer_id) !== customerId) throw badRequest(ContractMsg.businessOfOtherCustomer);
    }
    const saved = await saveRecord(tx, contractServerKind, custom, user, {
      id: contractId,
      batchId,
      fixed: withoutLeftOut({ ...fixed, businessId: fixed.businessId ?? null }, contractRequiredFields),
      custom: customValuesOf(input.field),
      restrict: onlyEditable,
      required: contractRequiredFields,
    });
    // Its product lines, re-checked as opportunities' are (a double click saved them already).
    if (contractId !== undefined || saved.created)
      await saveProductLines(tx, contractServerKind, saved.id, user.userId, input.product, {
        totalPrice,
        discountRate,
      });
    await reviewAfterSave(
      tx,
      subjects,
      contractServerKind,
      saved,
      { creating: contractId === undefined, checkStatus, checkUserId: input.checkUserId },
      user,
    );
    return { id: saved.id };
  });
}

/**
 * `CrmReceivables/saveOrUpdate`: a receivable of an approved contract (checkStatus 1) of the chosen
 * customer, optionally against one of its plans that no other receivable uses.
 */
export async function saveReceivables(
  db: Db,
  subjects: SubjectRegistry,
  user: SessionUser,
  input: ReceivablesSaveInput,
) {
  const { receivablesId, batchId, checkStatus, ...fixed } = input.entity;
  requirePermission(user, receivablesId === undefined ? 'crm:receivables:save' : 'crm:receivables:update');
  const custom = await customFieldsOf(db, receivablesServerKind.kind.label);
  return db.transaction(async (tx) => {
    const done =
      receivablesId === undefined && (await sameBatch(tx, 'crm_receivables', 'receivables_id', batchId, user));
    if (done) return done;
    // Customer and contract left out of an update (hidden from the user) stay; a new receivable needs both.
    const stored =
      receivablesId === undefined
        ? null
        : (await loadRecord(tx, receivablesServerKind, user, receivablesId, 'write')).row;
    const customerId = fixed.customerId || (stored ? Number(stored.customer_id) : undefined);
    const contractId = fixed.contractId || (stored ? Number(stored.contract_id) : undefined);
    if (!customerId) throw badRequest(ReceivablesMsg.customerRequired);
    if (!contractId) throw badRequest(ReceivablesMsg.contractRequired);
    await loadRecord(tx, customerServerKind, user, customerId, 'read');
    const { row: contract } = await loadRecord(tx, contractServerKind, user, contractId, 'read');
    if (Number(contract.check_status) !== CheckStatus.approved) throw badRequest(ReceivablesMsg.contractNotApproved);
    if (Number(contract.customer_id) !== customerId) throw badRequest(ReceivablesMsg.contractOfOtherCustomer);
    if (fixed.planId !== undefined) {
      // The plan's row lock makes two receivables racing for one plan one after the other.
      const [plan] = await queryRows<{ contract_id: number; used_by: number | null }>(
        tx,
        sql`select p.contract_id, (select x.receivables_id from crm_receivables x where x.plan_id = p.plan_id
              ${receivablesId === undefined ? sql`` : sql`and x.receivables_id <> ${receivablesId}`} limit 1) as used_by
            from crm_receivables_plan p where p.plan_id = ${fixed.planId} for update`,
      );
      if (!plan) throw notFound(PlanMsg.notFound);
      if (Number(plan.contract_id) !== contractId) throw badRequest(ReceivablesMsg.planOfOtherContract);
      if (plan.used_by !== null) throw badRequest(ReceivablesMsg.planUsed);
    }
    const saved = await saveRecord(tx, receivablesServerKind, custom, user, {
      id: receivablesId,
      batchId,
      fixed: { ...fixed, planId: fixed.planId ?? null },
      custom: customValuesOf(input.field),
      restrict: onlyEditable,
    });
    await reviewAfterSave(
      tx,
      subjects,
      receivablesServerKind,
      saved,
      { creating: receivablesId === undefined, checkStatus, checkUserId: input.checkUserId },
      user,
    );
    return { id: saved.id };
  });
}

/** A customer's contracts follow it to its new owner when its transfer asks (`carry: ['contract']`). */
export async function carryContracts(tx: Tx, customerIds: number[], newOwnerId: number) {
  await tx.execute(sql`update crm_contract set owner_user_id = ${newOwnerId}, update_time = now()
      where customer_id in ${inList(customerIds)}`);
}
