import { ContractMsg, contractSaveSchema, PlanMsg, ReceivablesMsg, receivablesSaveSchema } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import type { SubjectRegistry } from '../../oa/examine/subjects.ts';
import { customerNamed } from '../customer/named.ts';
import { ownerScope } from '../records/access.ts';
import type { ImportRow } from '../records/excel/import.ts';
import { contractServerKind } from './kind.ts';
import { saveContract, saveReceivables } from './save.ts';

/**
 * Excel import of contracts and receivables (docs/api/contracts.md "Excel import"): each row is
 * the kind's own save body, stored as a draft (checkStatus 5: a review is submitted from the
 * record, with its approver) by the kind's own save, so numbers stay unique and every rule of
 * the form applies. The template names linked records as a person knows them — the customer by
 * its name, a receivable's contract by its number and plan by its 期数 — and the row is resolved
 * among the records the importing user may see. Product lines are not imported (a contract's
 * lines are added in its form): the template has no column for them.
 */

/** An imported row as the kind's save body, refused with the form's first message. */
function parsed<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  row: ImportRow,
  resolved: Record<string, unknown>,
): T {
  const result = schema.safeParse({
    entity: { ...row.fixed, ...resolved, checkStatus: 5, batchId: row.batchId },
    field: Object.entries(row.custom).map(([fieldName, value]) => ({ fieldName, value })),
  });
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? '数据有误');
  return result.data;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** The customer named in the row (blank: the schema's 客户名称不能为空). */
const customerOf = async (db: Tx, user: SessionUser, row: ImportRow) => {
  const name = text(row.fixed.customerId);
  return name ? customerNamed(db, user, name) : undefined;
};

/** The contract a receivable row names by number, among those the user may see: 合同不存在 otherwise. */
async function contractNumbered(db: Tx, user: SessionUser, num: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select r.contract_id as id from crm_contract r where r.num = ${num} and ${ownerScope(contractServerKind, user)}`,
  );
  if (!row) throw notFound(ContractMsg.notFound);
  return Number(row.id);
}

/** The plan of the contract with that 期数: 回款计划不存在 otherwise. */
async function planNumbered(db: Tx, contractId: number, num: string): Promise<number> {
  if (!/^\d{1,6}$/.test(num)) throw notFound(PlanMsg.notFound);
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select plan_id as id from crm_receivables_plan where contract_id = ${contractId} and num = ${Number(num)}`,
  );
  if (!row) throw notFound(PlanMsg.notFound);
  return Number(row.id);
}

export async function importContractRow(db: Tx, subjects: SubjectRegistry, user: SessionUser, row: ImportRow) {
  const customerId = await customerOf(db, user, row);
  await saveContract(db, subjects, user, parsed(contractSaveSchema, row, { customerId }));
}

export async function importReceivablesRow(db: Tx, subjects: SubjectRegistry, user: SessionUser, row: ImportRow) {
  const customerId = await customerOf(db, user, row);
  const num = text(row.fixed.contractId);
  if (!num) throw badRequest(ReceivablesMsg.contractRequired);
  const contractId = await contractNumbered(db, user, num);
  const plan = text(row.fixed.planId);
  const planId = plan ? await planNumbered(db, contractId, plan) : undefined;
  await saveReceivables(db, subjects, user, parsed(receivablesSaveSchema, row, { customerId, contractId, planId }));
}
