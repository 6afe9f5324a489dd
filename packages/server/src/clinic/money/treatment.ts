import {
  allocate,
  consumptionPerformance,
  DealStatus,
  dealStatusNames,
  fenOf,
  fenToYuan,
  formatTime,
  MoneyMsg,
  operatorRoles,
  PerformanceKind,
  type RolePool,
  sessionsValue,
  TreatMsg,
  type TreatmentAnswer,
  TreatmentStatus,
  type VerifyInput,
} from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
// 顾客评价 (issue 25, h-coupons).
import { reviewLinkAfterTreatment } from '../reviews/links.ts';
import { departmentPools } from '../settings/read.ts';
import { visitTreated } from '../visits/money-moves.ts';
// Follow-up plans (issue 23, h-ward).
import { followUpsAfterTreatment } from '../ward/follow-ups.ts';
import { lockAccount } from './account.ts';
import { postPerformance } from './ledger.ts';
import { dealRecords, treatmentStaff, treatments } from './tables.ts';

/**
 * 划扣 (verificationById) and its undo at the nurses' station: the deal's sessions move from left
 * to used (held ones cannot be used), the customer's total consumed grows by the sessions' value
 * (sessionsValue: the last session carries the remainder) and the staff earn 消耗业绩 by role pools.
 * An undo reverses all of it with negative performance rows; the treatment row stays, undone.
 */

/**
 * The 划扣 role pools (deptOperatorConfig): the treating department's configured pools, each
 * role's percent split among the staff named with that role. Pools of roles nobody treated with
 * are left out and the others' percents rescaled to 100 (allocate: the remainder on the last), so
 * the whole value is always earned; a department without pools splits equally among the staff's
 * roles. Where pools are set, only their roles may treat (配台角色不在该科室的划扣角色中).
 */
async function rolePools(tx: Tx, deptId: number | null, staff: VerifyInput['staff']): Promise<RolePool[]> {
  const configured = deptId === null ? [] : await departmentPools(tx, deptId);
  // A department with pools names who may treat there: a role it does not name is refused
  // (not silently left without performance).
  const stranger = configured.length ? staff.find((s) => !configured.some((p) => p.role === s.role)) : undefined;
  if (stranger)
    throw badRequest(
      TreatMsg.roleNotInDept.replace(
        '{role}',
        operatorRoles.find((r) => r.value === stranger.role)?.label ?? stranger.role,
      ),
    );
  const present = configured.filter((p) => p.percent > 0 && staff.some((s) => s.role === p.role));
  const pools = present.length ? present : [...new Set(staff.map((s) => s.role))].map((role) => ({ role, percent: 1 }));
  const rates = allocate(
    100,
    pools.map((p) => p.percent),
  );
  return pools.map((p, i) => ({
    role: p.role,
    rate: rates[i]!,
    staff: staff.filter((s) => s.role === p.role).map((s) => ({ userId: s.userId, share: s.share })),
  }));
}

class RepeatedBatch extends Error {}

type DealRow = typeof dealRecords.$inferSelect;

async function lockDeal(tx: Tx, user: SessionUser, dealId: number): Promise<DealRow> {
  const [deal] = await tx.select().from(dealRecords).where(eq(dealRecords.id, dealId)).for('update');
  if (!deal) throw notFound(TreatMsg.dealMissing);
  await loadRecord(tx, customerServerKind, user, deal.customerId, 'read');
  return deal;
}

async function answerOf(db: Tx, treatmentId: number): Promise<TreatmentAnswer> {
  const [row] = await queryRows<Record<string, number | string>>(
    db,
    sql`select t.treatment_id, t.deal_id, t.sessions, t.value, t.status, d.sessions_used, d.sessions_left, d.status deal_status
      from clinic_treatment t join crm_customer_project_deal_record d using (deal_id) where t.treatment_id = ${treatmentId}`,
  );
  if (!row) throw notFound(TreatMsg.treatmentMissing);
  return {
    treatmentId: Number(row.treatment_id),
    dealId: Number(row.deal_id),
    sessions: Number(row.sessions),
    value: fenOf(row.value as string),
    status: Number(row.status),
    deal: { used: Number(row.sessions_used), left: Number(row.sessions_left), status: Number(row.deal_status) },
  };
}

const treatmentOfBatch = async (db: Tx, user: SessionUser, batchId: string) => {
  const [row] = await db
    .select({ id: treatments.id, createUserId: treatments.createUserId })
    .from(treatments)
    .where(eq(treatments.batchId, batchId));
  if (row && row.createUserId !== user.userId) throw conflict('重复提交，请刷新后重试');
  return row?.id;
};

export async function verify(db: Db, user: SessionUser, input: VerifyInput): Promise<TreatmentAnswer> {
  const first = await treatmentOfBatch(db, user, input.batchId);
  if (first) return answerOf(db, first);
  const keys = new Set(input.staff.map((s) => `${s.userId}:${s.role}`));
  if (keys.size !== input.staff.length) throw badRequest(TreatMsg.staffRepeated);
  try {
    const made = await db.transaction(async (tx) => {
      const deal = await lockDeal(tx, user, input.dealId);
      if (deal.status !== DealStatus.unused && deal.status !== DealStatus.inTreatment)
        throw badRequest(TreatMsg.dealClosed.replace('{status}', dealStatusNames[deal.status] ?? ''));
      if (input.sessions > deal.sessionsLeft - deal.sessionsHeld) throw badRequest(MoneyMsg.sessionsShort);
      const staffIds = [...new Set(input.staff.map((s) => s.userId))];
      const active = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int n from sys_user where status = 1 and user_id in ${inList(staffIds)}`,
      );
      if (active[0]?.n !== staffIds.length) throw badRequest('配台人员不存在或已停用');
      const from = deal.sessionsBought - deal.sessionsLeft;
      const value = sessionsValue(fenOf(deal.dealValue), deal.sessionsBought, from, input.sessions);
      const deptId = input.deptId ?? deal.deptId;
      const [row] = await tx
        .insert(treatments)
        .values({
          dealId: deal.id,
          customerId: deal.customerId,
          sessions: input.sessions,
          value: fenToYuan(value),
          deptId,
          remark: input.remark,
          createUserId: user.userId,
          batchId: input.batchId,
        })
        .onConflictDoNothing({ target: treatments.batchId })
        .returning({ id: treatments.id });
      if (!row) throw new RepeatedBatch();
      // Nurses' station (h-nurse): a 划扣 on a visit 已收费 starts its treatment.
      await visitTreated(tx, input.visitId, deal.customerId, user.userId);
      await tx
        .insert(treatmentStaff)
        .values(input.staff.map((s) => ({ treatmentId: row.id, userId: s.userId, role: s.role, share: s.share })));
      const left = deal.sessionsLeft - input.sessions;
      await tx
        .update(dealRecords)
        .set({
          sessionsUsed: deal.sessionsUsed + input.sessions,
          sessionsLeft: left,
          status: left === 0 ? DealStatus.finished : DealStatus.inTreatment,
          updatedAt: sql`now()`,
        })
        .where(eq(dealRecords.id, deal.id));
      await lockAccount(tx, deal.customerId);
      await tx.execute(
        sql`update clinic_customer_account set total_consumed = total_consumed + ${fenToYuan(value)}::numeric,
            last_treatment_time = now(), update_time = now() where customer_id = ${deal.customerId}`,
      );
      const pools = await rolePools(tx, deptId, input.staff);
      await postPerformance(
        tx,
        `treatment:${row.id}`,
        consumptionPerformance(value, pools).map((r) => ({
          ...r,
          kind: PerformanceKind.consumption,
          sourceKind: 'treatment',
          sourceId: row.id,
          customerId: deal.customerId,
          storeId: deal.storeId,
          deptId,
          businessDay: formatTime(new Date()).slice(0, 10),
        })),
      );
      // Follow-up plans (issue 23, h-ward): the project's plan becomes 回访任务, once per treatment.
      await followUpsAfterTreatment(tx, {
        treatmentId: row.id,
        customerId: deal.customerId,
        projectId: deal.projectId,
        consultantId: deal.consultantUserId,
        doctorId: deal.doctorUserId,
        staff: input.staff,
        userId: user.userId,
      });
      // 顾客评价 (issue 25, h-coupons): the customer's one-use review link, made with the 划扣.
      const link = await reviewLinkAfterTreatment(
        tx,
        { treatmentId: row.id, customerId: deal.customerId, visitId: input.visitId ?? null, storeId: deal.storeId },
        user.userId,
      );
      return { id: row.id, reviewPath: link?.path };
    });
    return { ...(await answerOf(db, made.id)), reviewPath: made.reviewPath };
  } catch (err) {
    if (!(err instanceof RepeatedBatch)) throw err;
    const id = await treatmentOfBatch(db, user, input.batchId);
    if (!id) throw err;
    return answerOf(db, id);
  }
}

/**
 * Undo a treatment: the same business day, or any day with `crm:dealRecord:undoAny`. Sessions go
 * back to left, the value off the total consumed, and the performance rows are mirrored.
 */
export async function undoTreatment(db: Db, user: SessionUser, treatmentId: number): Promise<TreatmentAnswer> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select().from(treatments).where(eq(treatments.id, treatmentId));
    if (!found) throw notFound(TreatMsg.treatmentMissing);
    // The deal first, then the treatment: the same lock order as a 划扣, so the two never deadlock.
    const deal = await lockDeal(tx, user, found.dealId);
    const [t] = await tx.select().from(treatments).where(eq(treatments.id, treatmentId)).for('update');
    if (!t || t.status === TreatmentStatus.undone) throw badRequest(TreatMsg.alreadyUndone);
    const today = formatTime(new Date()).slice(0, 10);
    if (formatTime(t.createdAt).slice(0, 10) !== today && !hasPermission(user, 'crm:dealRecord:undoAny'))
      throw badRequest(TreatMsg.undoOtherDay);
    const used = deal.sessionsUsed - t.sessions;
    await tx
      .update(dealRecords)
      .set({
        sessionsUsed: used,
        sessionsLeft: deal.sessionsLeft + t.sessions,
        // A deal closed otherwise (refunded, converted, expired) keeps that state; a used one reopens.
        status:
          deal.status === DealStatus.unused ||
          deal.status === DealStatus.inTreatment ||
          deal.status === DealStatus.finished
            ? used === 0
              ? DealStatus.unused
              : DealStatus.inTreatment
            : deal.status,
        updatedAt: sql`now()`,
      })
      .where(eq(dealRecords.id, deal.id));
    await tx
      .update(treatments)
      .set({ status: TreatmentStatus.undone, undoneAt: sql`now()`, undoneBy: user.userId })
      .where(eq(treatments.id, t.id));
    await lockAccount(tx, deal.customerId);
    await tx.execute(
      sql`update clinic_customer_account set total_consumed = total_consumed - ${t.value}::numeric, update_time = now()
        where customer_id = ${deal.customerId}`,
    );
    const rows = await queryRows<{
      kind: number;
      user_id: number;
      role: string;
      base: string;
      rate: string;
      amount: string;
      store_id: number | null;
      dept_id: number | null;
    }>(
      tx,
      sql`select kind, user_id, role, base, rate, amount, store_id, dept_id from clinic_performance
        where source_kind = 'treatment' and source_id = ${t.id}`,
    );
    await postPerformance(
      tx,
      `undo:${t.id}`,
      rows.map((r) => ({
        kind: r.kind as 2,
        userId: r.user_id,
        role: r.role,
        base: -fenOf(r.base),
        rate: Number(r.rate),
        amount: -fenOf(r.amount),
        sourceKind: 'treatment_undo',
        sourceId: t.id,
        customerId: deal.customerId,
        storeId: r.store_id,
        deptId: r.dept_id,
        businessDay: today,
      })),
    );
  });
  return answerOf(db, treatmentId);
}
