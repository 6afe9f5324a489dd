import {
  type DiscountDetail,
  DiscountMsg,
  type ExamineState,
  ExamineStatus,
  type Flow,
  fenOf,
  OrderKind,
  OrderMsg,
  OrderStatus,
} from '@crm/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { requireActiveUsers } from '../../oa/examine/people-check.ts';
import { type SubjectType, startProcess } from '../../oa/examine/process.ts';
import type { SubjectRegistry } from '../../oa/examine/subjects.ts';
import { examineCategories, examineRecords } from '../../oa/examine/tables.ts';
import { orderLines, orders } from './tables.ts';

/**
 * 折扣审批 on the approval engine, like the contract review (crm/contract/review.ts): the system
 * category `clinic_discount` is configured in 审批管理 (fixed steps, or an approver the opener
 * chooses); the process's subject is the order. The engine's changes are mirrored onto the order
 * in the approver's transaction: approved → 待收费, rejected, returned or withdrawn → 草稿.
 */
const SUBJECT = 'clinic_discount' satisfies SubjectType;

/**
 * The configured flow of a system category (`clinic_discount`, `clinic_refund`): its steps, or the
 * approver the applicant chose. Refused with `noFlow` when the category is disabled or missing.
 */
export async function systemFlow(
  tx: Tx,
  type: string,
  checkUserId: number | undefined,
  msg: { noFlow: string; approverRequired: string },
): Promise<{ categoryId: number; flow: Flow }> {
  const [category] = await tx
    .select()
    .from(examineCategories)
    .where(and(eq(examineCategories.type, type), eq(examineCategories.isDeleted, false)))
    .limit(1);
  if (category?.status !== 1) throw badRequest(msg.noFlow);
  if (category.examineType === 1) return { categoryId: category.id, flow: { examineType: 1, steps: category.steps } };
  if (!checkUserId) throw badRequest(msg.approverRequired);
  await requireActiveUsers(tx, [checkUserId]);
  return { categoryId: category.id, flow: { examineType: 2, approverIds: [checkUserId] } };
}

/** Whether the engine's status leaves the subject waiting, approved, or back with the applicant. */
export const outcomeOf = (status: number): 'waiting' | 'approved' | 'back' =>
  status === ExamineStatus.approved
    ? 'approved'
    : status === ExamineStatus.pending || status === ExamineStatus.inProgress
      ? 'waiting'
      : 'back';

const orderStatusOf = (examineStatus: number) =>
  ({ waiting: OrderStatus.pendingApproval, approved: OrderStatus.unpaid, back: OrderStatus.draft })[
    outcomeOf(examineStatus)
  ];

/**
 * Submits (or resubmits after a rejection or withdrawal) the order's discount approval inside the
 * save's transaction and answers the order's status: 待审批, or 待收费 when the flow has no
 * approver at all. An order whose approval already passed cannot be approved twice: lowering it
 * again below the floor is refused (the approver approved other prices).
 */
export async function submitDiscountApproval(
  tx: Tx,
  user: SessionUser,
  orderId: number,
  checkUserId: number | undefined,
): Promise<number> {
  const [previous] = await tx
    .select({ status: examineRecords.status })
    .from(examineRecords)
    .where(and(eq(examineRecords.subjectType, SUBJECT), eq(examineRecords.subjectId, orderId)));
  if (previous?.status === ExamineStatus.approved) throw badRequest(DiscountMsg.alreadyApproved);
  const { categoryId, flow } = await systemFlow(tx, 'clinic_discount', checkUserId, DiscountMsg);
  const { recordId, state } = await startProcess(tx, {
    subjectType: SUBJECT,
    subjectId: orderId,
    categoryId,
    applicantId: user.userId,
    flow,
  });
  const status = orderStatusOf(state.status);
  await tx.update(orders).set({ examineId: recordId, status, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
  return status;
}

/** Someone the process names (applicant, an approver past or present) or a super admin. */
export const takesPart = (state: ExamineState, viewer: SessionUser) =>
  viewer.isSuper || state.applicantId === viewer.userId || state.tasks.some((t) => t.userId === viewer.userId);

/** The process of a subject, if any. */
export async function processOf(db: Tx, subjectType: SubjectType, subjectId: number) {
  const [record] = await db
    .select()
    .from(examineRecords)
    .where(and(eq(examineRecords.subjectType, subjectType), eq(examineRecords.subjectId, subjectId)));
  return record;
}

/** The viewer's actions on a process (as the contract review's `reviewInfo`). */
export function actionsOf(state: ExamineState | undefined, viewer: SessionUser) {
  if (!state) return { canAudit: false, canWithdraw: false };
  const canAudit = state.tasks.some(
    (t) => t.userId === viewer.userId && t.status === 'pending' && !t.superseded && t.round === state.round,
  );
  return {
    canAudit,
    canWithdraw: outcomeOf(state.status) === 'waiting' && (state.applicantId === viewer.userId || viewer.isSuper),
  };
}

/** Who may read an order's approval: its participants, and whoever may read the customer. */
async function requireOrderReader(db: Tx, orderId: number, viewer: SessionUser) {
  const [order] = await db
    .select({ customerId: orders.customerId, kind: orders.kind })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.kind !== OrderKind.sale) throw notFound(OrderMsg.orderMissing);
  const record = await processOf(db, SUBJECT, orderId);
  if (record && takesPart(record.state, viewer)) return order;
  await loadRecord(db, customerServerKind, viewer, order.customerId, 'read');
  return order;
}

/**
 * 折扣审批 as one of the app's approval subjects (registered by the money feature, approval-routes.ts):
 * the approver's decision moves the order, in the action's transaction; a voided order is left alone.
 */
export function registerDiscountSubject(subjects: SubjectRegistry): void {
  subjects.register(SUBJECT, {
    async onChange(tx, record, state) {
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, record.subjectId))
        .for('update');
      if (order?.status !== OrderStatus.pendingApproval) return;
      await tx
        .update(orders)
        .set({ status: orderStatusOf(state.status), updatedAt: sql`now()` })
        .where(eq(orders.id, record.subjectId));
    },
    async requireReader(db, orderId, viewer) {
      await requireOrderReader(db, orderId, viewer);
    },
  });
}

/**
 * `/clinic/discount/detail`: what the approver decides on (the related record of a system
 * category's approval): the customer, the opener's reason and each line's prices against its floor.
 */
export async function discountDetail(db: Db, viewer: SessionUser, orderId: number): Promise<DiscountDetail> {
  await requireOrderReader(db, orderId, viewer);
  const [head] = await queryRows<{
    order_number: string;
    status: number;
    customer_id: number;
    customer_name: string;
    create_user_id: number;
    realname: string | null;
    discount_reason: string;
    payable: string;
    create_time: Date;
  }>(
    db,
    sql`select o.order_number, o.status, o.customer_id, c.customer_name, o.create_user_id, u.realname,
          o.discount_reason, o.payable, o.create_time
        from clinic_order o join crm_customer c on c.customer_id = o.customer_id
        left join sys_user u on u.user_id = o.create_user_id
        where o.order_id = ${orderId}`,
  );
  if (!head) throw notFound(OrderMsg.orderMissing);
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.status, 1)))
    .orderBy(asc(orderLines.sort));
  const record = await processOf(db, SUBJECT, orderId);
  return {
    orderId,
    number: head.order_number,
    status: Number(head.status),
    customerId: Number(head.customer_id),
    customerName: head.customer_name,
    applicantId: Number(head.create_user_id),
    applicantName: head.realname ?? '',
    reason: head.discount_reason,
    payable: fenOf(head.payable),
    recordId: record?.id ?? null,
    examineStatus: record?.status ?? null,
    ...actionsOf(record?.state, viewer),
    createTime: head.create_time,
    lines: lines.map((l) => ({
      lineId: l.id,
      name: l.name,
      quantity: l.quantity,
      sessions: l.sessions,
      price: fenOf(l.price),
      salesPrice: fenOf(l.salesPrice),
      dealPrice: fenOf(l.dealPrice),
      floor: fenOf(l.floorPrice),
      discount: Number(l.discount),
      belowFloor: fenOf(l.dealPrice) < fenOf(l.floorPrice),
    })),
  };
}
