import { PlanMsg, type PlanRow, type PlanSaveInput } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { loadRecord } from '../records/access.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import { readableTable } from '../records/readable.ts';
import { contractServerKind } from './kind.ts';

/** The day `days` before `day` (YYYY-MM-DD), for the plan's reminder. */
const daysBefore = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/**
 * `Crm/ReceivablesPlan/saveAndUpdate`: a plan of a contract the user may change, numbered 1, 2, …
 * per contract under the contract's row lock; a plan some receivable uses is not changed.
 */
export async function savePlan(db: Db, user: SessionUser, input: PlanSaveInput) {
  return db.transaction(async (tx) => {
    const { row: contract } = await loadRecord(tx, contractServerKind, user, input.contractId, 'write', { lock: true });
    const values = {
      money: input.money,
      returnDate: input.returnDate,
      returnType: input.returnType,
      remind: input.remind ?? 0,
      remark: input.remark,
    };
    const remindDate = daysBefore(values.returnDate, values.remind);
    if (input.planId !== undefined) {
      const [plan] = await queryRows<{ contract_id: number; used: boolean }>(
        tx,
        sql`select contract_id, exists(select 1 from crm_receivables x where x.plan_id = p.plan_id) as used
            from crm_receivables_plan p where plan_id = ${input.planId} for update`,
      );
      if (!plan || Number(plan.contract_id) !== input.contractId) throw notFound(PlanMsg.notFound);
      if (plan.used) throw badRequest(PlanMsg.used);
      await tx.execute(sql`update crm_receivables_plan set money = ${values.money}, return_date = ${values.returnDate},
          return_type = ${values.returnType}, remind = ${values.remind}, remind_date = ${remindDate},
          remark = ${values.remark}, update_time = now() where plan_id = ${input.planId}`);
      return { id: input.planId };
    }
    const [row] = await queryRows<{ plan_id: number }>(
      tx,
      sql`insert into crm_receivables_plan
            (num, contract_id, customer_id, money, return_date, return_type, remind, remind_date, remark, create_user_id)
          values ((select coalesce(max(num), 0) + 1 from crm_receivables_plan where contract_id = ${input.contractId}),
            ${input.contractId}, ${contract.customer_id}, ${values.money}, ${values.returnDate}, ${values.returnType},
            ${values.remind}, ${remindDate}, ${values.remark}, ${user.userId})
          returning plan_id`,
    );
    return { id: Number(row!.plan_id) };
  });
}

/** `Crm/ReceivablesPlan/deleteByIds`: plans of contracts the user may change, none used by a receivable. */
export async function deletePlans(db: Db, user: SessionUser, ids: number[]) {
  await db.transaction(async (tx) => {
    const plans = await queryRows<{ plan_id: number; contract_id: number; used: boolean }>(
      tx,
      sql`select plan_id, contract_id, exists(select 1 from crm_receivables x where x.plan_id = p.plan_id) as used
          from crm_receivables_plan p where plan_id in ${inList(ids)} for update`,
    );
    if (plans.length !== new Set(ids).size) throw notFound(PlanMsg.notFound);
    for (const contractId of new Set(plans.map((p) => Number(p.contract_id))))
      await loadRecord(tx, contractServerKind, user, contractId, 'write');
    if (plans.some((p) => p.used)) throw badRequest(PlanMsg.used);
    await tx.execute(sql`delete from crm_receivables_plan where plan_id in ${inList(ids)}`);
  });
  return null;
}

const planColumns = sql`p.plan_id as "planId", p.num, p.contract_id as "contractId", p.customer_id as "customerId",
  p.money::float8 as money, p.return_date::text as "returnDate", p.return_type as "returnType", p.remind,
  p.remark, k.num as "contractNum", c.customer_name as "customerName",
  (select x.receivables_id from crm_receivables x where x.plan_id = p.plan_id limit 1) as "receivablesId",
  (select x.check_status from crm_receivables x where x.plan_id = p.plan_id limit 1) as "receivablesCheckStatus"`;
/** The contract as the viewer may read it: a hidden contract number is no plan's `contractNum`. */
const planFromFor = (hidden: ReadonlySet<string>) => sql`crm_receivables_plan p
  join ${readableTable(contractServerKind, hidden)} k on k.contract_id = p.contract_id
  join crm_customer c on c.customer_id = p.customer_id`;

/** The plans of a contract or a customer, oldest first, a page at a time. */
export async function planPage(db: Db, user: SessionUser, where: ReturnType<typeof sql>, page: number, limit: number) {
  const planFrom = planFromFor((await fieldAccessFor(db, user, contractServerKind.kind)).hidden);
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${planFrom} where ${where}`);
  const list = await queryRows<PlanRow>(
    db,
    sql`select ${planColumns} from ${planFrom} where ${where}
        order by p.contract_id, p.num limit ${limit} offset ${(page - 1) * limit}`,
  );
  const rows = list.map((p) => ({
    ...p,
    contractNum: p.contractNum ?? '',
    planId: Number(p.planId),
    num: Number(p.num),
    contractId: Number(p.contractId),
    customerId: Number(p.customerId),
    money: Number(p.money),
    remind: Number(p.remind),
    receivablesId: p.receivablesId === null ? null : Number(p.receivablesId),
    receivablesCheckStatus: p.receivablesCheckStatus === null ? null : Number(p.receivablesCheckStatus),
  }));
  return { list: rows, totalRow: Number(count?.n ?? 0), page, limit };
}

/** `queryReceivablesPlansByContractId`: the plans a new receivable may still use. */
export async function freePlans(db: Db, contractId: number) {
  return queryRows<{ planId: number; num: number }>(
    db,
    sql`select p.plan_id as "planId", p.num from crm_receivables_plan p
        where p.contract_id = ${contractId}
          and not exists (select 1 from crm_receivables x where x.plan_id = p.plan_id)
        order by p.num`,
  );
}
