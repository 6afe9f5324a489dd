import {
  checkRefund,
  DealStatus,
  dealStatusNames,
  ExamineStatus,
  fenOf,
  fenToYuan,
  type ManualRefundInput,
  type QueryRefundsInput,
  type RefundDetail,
  RefundMsg,
  type RefundRow,
  RefundStatus,
  refundLimit,
} from '@crm/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import { zoneSql } from '../../core/times.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type SubjectType, startProcess } from '../../oa/examine/process.ts';
import type { SubjectRegistry } from '../../oa/examine/subjects.ts';
import { inList } from '../../org/sql-lists.ts';
import { orderFormSettings } from '../settings/read.ts';
import { actionsOf, outcomeOf, processOf, systemFlow, takesPart } from './discount-approval.ts';
import { refunds } from './tables.ts';

/**
 * Asking for refunds and the 退费审核 approval (docs/clinic-money.md "Refunds"). A request locks
 * its deals, checks each with the shared `checkRefund` (sessions left and not held, the amount
 * within the limit) and holds the sessions and the money (`sessions_held`, `refunded_amount`),
 * so a 划扣 (which locks the same row and uses only left − held) can never take them. Each refund
 * has its own process on the `clinic_refund` system category: approved it waits at the cashier
 * (payout.ts), rejected, returned or withdrawn it gives the hold back.
 */
const SUBJECT = 'clinic_refund' satisfies SubjectType;

type DealRow = {
  deal_id: number;
  customer_id: number;
  status: number;
  sessions_bought: number;
  sessions_left: number;
  sessions_held: number;
  sessions_refunded: number;
  paid_cash: string;
  paid_principal: string;
  refunded_amount: string;
  arrears: string;
};

/** The deals of a request under their row locks, in id order (two requests lock in the same order). */
async function lockDeals(tx: Tx, ids: number[]): Promise<Map<number, DealRow>> {
  const rows = await queryRows<DealRow>(
    tx,
    sql`select deal_id, customer_id, status, sessions_bought, sessions_left, sessions_held, sessions_refunded,
          paid_cash, paid_principal, refunded_amount, arrears
        from crm_customer_project_deal_record where deal_id in ${inList(ids)}
        order by deal_id for update`,
  );
  return new Map(rows.map((r) => [Number(r.deal_id), r]));
}

/** Thrown inside the transaction when the batch id was taken meanwhile. */
class RepeatedBatch extends Error {}

/**
 * The refunds a request's batch id made (`<batchId>:<i>` for its items, read by the unique index),
 * if this user made them; someone else's batch id is refused.
 */
async function refundsOfBatch(
  db: Tx,
  user: SessionUser,
  batchId: string,
  count: number,
): Promise<number[] | undefined> {
  const rows = await db
    .select({ id: refunds.id, createUserId: refunds.createUserId })
    .from(refunds)
    .where(
      inArray(
        refunds.batchId,
        Array.from({ length: count }, (_, i) => `${batchId}:${i}`),
      ),
    )
    .orderBy(refunds.id);
  if (rows.length === 0) return undefined;
  if (rows.some((r) => r.createUserId !== user.userId)) throw conflict(RefundMsg.batchTaken);
  return rows.map((r) => r.id);
}

/**
 * `refundSurplusProject` and `manualRefund`: one refund per deal, all of one customer, in one
 * transaction (any refusal stores none). A repeated batch id answers the first request's refunds.
 */
export async function requestRefunds(db: Db, user: SessionUser, input: ManualRefundInput): Promise<RefundRow[]> {
  const first = await refundsOfBatch(db, user, input.batchId, input.items.length);
  if (first) return refundRows(db, first);
  try {
    const ids = await db.transaction(async (tx) => {
      const deals = await lockDeals(
        tx,
        input.items.map((i) => i.dealId),
      );
      if (deals.size !== input.items.length) throw notFound(RefundMsg.dealMissing);
      const customers = new Set([...deals.values()].map((d) => Number(d.customer_id)));
      if (customers.size !== 1) throw badRequest(RefundMsg.oneCustomer);
      const customerId = [...customers][0]!;
      await loadRecord(tx, customerServerKind, user, customerId, 'read');
      const expiredRefundable = (await orderFormSettings(tx)).expiredRefundable;
      const { categoryId, flow } = await systemFlow(tx, 'clinic_refund', input.checkUserId, RefundMsg);
      const made: number[] = [];
      for (const [i, item] of input.items.entries()) {
        const d = deals.get(item.dealId)!;
        const live =
          d.status === DealStatus.unused ||
          d.status === DealStatus.inTreatment ||
          (d.status === DealStatus.expired && expiredRefundable);
        if (!live) throw badRequest(RefundMsg.dealClosed.replace('{status}', dealStatusNames[d.status] ?? ''));
        const checked = checkRefund(
          {
            bought: d.sessions_bought,
            left: d.sessions_left,
            held: d.sessions_held,
            refundedSessions: d.sessions_refunded,
            paidCash: fenOf(d.paid_cash),
            paidPrincipal: fenOf(d.paid_principal),
            refundedAmount: fenOf(d.refunded_amount),
            arrearsUnpaid: fenOf(d.arrears),
          },
          item.sessions,
          item.amount,
        );
        if (!checked.ok) throw badRequest(checked.msg);
        const [row] = await tx
          .insert(refunds)
          .values({
            customerId,
            dealId: item.dealId,
            sessions: item.sessions,
            amount: fenToYuan(item.amount),
            reason: input.reason,
            status: RefundStatus.pending,
            toBalance: input.toBalance,
            createUserId: user.userId,
            batchId: `${input.batchId}:${i}`,
          })
          .onConflictDoNothing({ target: refunds.batchId })
          .returning({ id: refunds.id });
        if (!row) throw new RepeatedBatch();
        await tx.execute(
          sql`update crm_customer_project_deal_record
              set sessions_held = sessions_held + ${item.sessions},
                refunded_amount = refunded_amount + ${fenToYuan(item.amount)}::numeric, update_time = now()
              where deal_id = ${item.dealId}`,
        );
        const { recordId, state } = await startProcess(tx, {
          subjectType: SUBJECT,
          subjectId: row.id,
          categoryId,
          applicantId: user.userId,
          flow,
        });
        await tx.update(refunds).set({ examineId: recordId }).where(eq(refunds.id, row.id));
        // A flow without any approver approves at once.
        if (outcomeOf(state.status) === 'approved') await decide(tx, row.id, state.status);
        made.push(row.id);
      }
      return made;
    });
    return refundRows(db, ids);
  } catch (err) {
    if (!(err instanceof RepeatedBatch)) throw err;
    const ids = await refundsOfBatch(db, user, input.batchId, input.items.length);
    if (!ids) throw err;
    return refundRows(db, ids);
  }
}

/**
 * The approver's decision, in the action's transaction: approved → 待退款; rejected or returned →
 * 已驳回, withdrawn → 已撤回, both giving the held sessions and money back to the deal. A refund no
 * longer waiting (already decided) is left alone.
 */
async function decide(tx: Tx, refundId: number, examineStatus: number) {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (refund?.status !== RefundStatus.pending) return;
  const outcome = outcomeOf(examineStatus);
  if (outcome === 'waiting') return;
  if (outcome === 'approved') {
    await tx
      .update(refunds)
      .set({ status: RefundStatus.approved, updatedAt: sql`now()` })
      .where(eq(refunds.id, refundId));
    return;
  }
  await tx.execute(
    sql`update crm_customer_project_deal_record
        set sessions_held = sessions_held - ${refund.sessions},
          refunded_amount = refunded_amount - ${refund.amount}::numeric, update_time = now()
        where deal_id = ${refund.dealId}`,
  );
  await tx
    .update(refunds)
    .set({
      status: examineStatus === ExamineStatus.withdrawn ? RefundStatus.withdrawn : RefundStatus.rejected,
      updatedAt: sql`now()`,
    })
    .where(eq(refunds.id, refundId));
}

/** Who may read a refund: its process's participants, and whoever may read the customer. */
async function requireRefundReader(db: Tx, refundId: number, viewer: SessionUser) {
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) throw notFound(RefundMsg.refundMissing);
  const record = await processOf(db, SUBJECT, refundId);
  if (record && takesPart(record.state, viewer)) return record;
  await loadRecord(db, customerServerKind, viewer, refund.customerId, 'read');
  return record;
}

/** 退费审核 as one of the app's approval subjects (registered by the money feature, approval-routes.ts): the decision settles the refund, a refusal gives its hold back. */
export function registerRefundSubject(subjects: SubjectRegistry): void {
  subjects.register(SUBJECT, {
    onChange: (tx, record, state) => decide(tx, record.subjectId, state.status),
    async requireReader(db, refundId, viewer) {
      await requireRefundReader(db, refundId, viewer);
    },
  });
}

type RowOut = {
  refund_id: number;
  customer_id: number;
  customer_name: string;
  deal_id: number;
  name: string;
  sessions: number;
  amount: string;
  reason: string;
  status: number;
  to_balance: boolean;
  examine_id: number | null;
  payout_order_id: number | null;
  create_user_id: number;
  realname: string | null;
  create_time: Date;
};

const rowColumns = sql`r.refund_id, r.customer_id, c.customer_name, r.deal_id, d.name, r.sessions, r.amount, r.reason,
  r.status, r.to_balance, r.examine_id, r.payout_order_id, r.create_user_id, u.realname, r.create_time`;
const rowJoins = sql`join crm_customer c on c.customer_id = r.customer_id
  join crm_customer_project_deal_record d on d.deal_id = r.deal_id
  left join sys_user u on u.user_id = r.create_user_id`;

const rowOf = (r: RowOut): RefundRow => ({
  refundId: Number(r.refund_id),
  customerId: Number(r.customer_id),
  customerName: r.customer_name,
  dealId: Number(r.deal_id),
  name: r.name,
  sessions: Number(r.sessions),
  amount: fenOf(r.amount),
  reason: r.reason,
  status: Number(r.status),
  toBalance: r.to_balance,
  recordId: r.examine_id === null ? null : Number(r.examine_id),
  payoutOrderId: r.payout_order_id === null ? null : Number(r.payout_order_id),
  createUserId: Number(r.create_user_id),
  createUserName: r.realname ?? '',
  createTime: r.create_time,
});

export async function refundRows(db: Tx, ids: number[]): Promise<RefundRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<RowOut>(
    db,
    sql`select ${rowColumns} from clinic_refund r ${rowJoins}
        where r.refund_id in ${inList(ids)} order by r.refund_id`,
  );
  return rows.map(rowOf);
}

/**
 * What this refund could be at most (the approver weighs the amount against it): the shared
 * `refundLimit` for its sessions on the deal without this refund's own part: held while 审核中 /
 * 待退款, refunded once paid, nothing once rejected or withdrawn.
 */
function limitOf(refund: { sessions: number; amount: number; status: number }, d: Record<string, string | number>) {
  const holding = refund.status === RefundStatus.pending || refund.status === RefundStatus.approved;
  const paid = refund.status === RefundStatus.paid;
  const own = holding || paid ? refund.amount : 0;
  return refundLimit(
    {
      bought: Number(d.sessions_bought),
      left: Number(d.sessions_left) + (paid ? refund.sessions : 0),
      held: Number(d.sessions_held) - (holding ? refund.sessions : 0),
      refundedSessions: Number(d.sessions_refunded) - (paid ? refund.sessions : 0),
      paidCash: fenOf(String(d.paid_cash)),
      paidPrincipal: fenOf(String(d.paid_principal)),
      refundedAmount: fenOf(String(d.refunded_amount)) - own,
      arrearsUnpaid: fenOf(String(d.arrears)),
    },
    refund.sessions,
  );
}

/** `/clinic/refund/detail`: the refund, its deal's sessions and money, and the viewer's actions. */
export async function refundDetail(db: Db, viewer: SessionUser, refundId: number): Promise<RefundDetail> {
  const record = await requireRefundReader(db, refundId, viewer);
  const [row] = await refundRows(db, [refundId]);
  const [d] = await queryRows<Record<string, string | number>>(
    db,
    sql`select d.sessions_bought, d.sessions_used, d.sessions_left, d.sessions_held, d.sessions_refunded,
          d.deal_value, d.paid_cash, d.paid_principal, d.paid_gift, d.arrears, d.refunded_amount
        from clinic_refund r join crm_customer_project_deal_record d using (deal_id) where r.refund_id = ${refundId}`,
  );
  if (!row || !d) throw notFound(RefundMsg.refundMissing);
  return {
    ...row,
    deal: {
      sessionsBought: Number(d.sessions_bought),
      sessionsUsed: Number(d.sessions_used),
      sessionsLeft: Number(d.sessions_left),
      sessionsHeld: Number(d.sessions_held),
      sessionsRefunded: Number(d.sessions_refunded),
      dealValue: fenOf(String(d.deal_value)),
      paidCash: fenOf(String(d.paid_cash)),
      paidPrincipal: fenOf(String(d.paid_principal)),
      paidGift: fenOf(String(d.paid_gift)),
      arrears: fenOf(String(d.arrears)),
    },
    refundLimit: limitOf(row, d),
    ...actionsOf(record?.state, viewer),
  };
}

/**
 * The cashier's list of refunds (by default 待退款), newest first, limited to the customers the
 * viewer's roles may see (the customer's owner, as the customer list).
 */
const refundList = defineList({
  from: sql`clinic_refund r join crm_customer c on c.customer_id = r.customer_id`,
  id: sql`r.refund_id`,
  fields: {
    updateTime: { sql: sql`r.update_time`, type: 'date' },
    createTime: { sql: sql`r.create_time`, type: 'date' },
    amount: { sql: sql`r.amount`, type: 'number' },
  },
  search: [sql`c.customer_name`],
  defaultSort: [{ field: 'updateTime', order: 'desc' }],
  scope: { owner: sql`c.owner_user_id`, permission: 'crm:customer:index' },
});

/** `/clinic/refund/queryByCustomer` (h-moneyweb): a customer's refunds in every state, newest first. */
export async function customerRefunds(db: Db, user: SessionUser, customerId: number): Promise<RefundRow[]> {
  await loadRecord(db, customerServerKind, user, customerId, 'read');
  const rows = await queryRows<RowOut>(
    db,
    sql`select ${rowColumns} from clinic_refund r ${rowJoins}
        where r.customer_id = ${customerId} order by r.create_time desc, r.refund_id desc limit 200`,
  );
  return rows.map(rowOf);
}

export function queryRefunds(db: Db, user: SessionUser, input: QueryRefundsInput) {
  return listPage<RowOut, RefundRow>(
    db,
    refundList,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search || undefined,
      where: [
        sql`r.status = ${input.status}`,
        input.customerId === undefined ? undefined : sql`r.customer_id = ${input.customerId}`,
        // A day in the company's zone (h-moneyweb): the paid refunds of that day at the desk.
        input.day === undefined
          ? undefined
          : sql`r.update_time >= ((${input.day}::date)::timestamp at time zone ${zoneSql()})
              and r.update_time < ((${input.day}::date + 1)::timestamp at time zone ${zoneSql()})`,
      ],
    },
    {
      columns: rowColumns,
      joins: sql`join clinic_refund r on r.refund_id = page.id ${rowJoins}`,
      map: rowOf,
    },
  );
}
