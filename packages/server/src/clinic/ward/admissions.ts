import {
  type AdmissionData,
  AdmissionStatus,
  type AdmitInput,
  BedLogKind,
  type DischargeInput,
  fenOf,
  type MoveBedInput,
  type VisitData,
  VisitStatus,
  visitActionFrom,
  visitMove,
  WardMsg,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { topUp } from '../money/desk.ts';
import { readVisits } from '../visits/read.ts';
import { setVisitStatus } from '../visits/record-moves.ts';
import { logBed } from './bed-log.ts';
import { lockBed, moveBed, setBedStatus } from './beds.ts';
import { followUpsAfterDischarge } from './follow-ups.ts';

/**
 * Admit, move bed and discharge (住院管理). Each runs in one transaction under the visit's, the
 * admission's and the bed's row locks (beds in id order), checked with visitMove and bedMove; the
 * partial unique index on an occupied bed settles any race the locks leave. The deposit is a
 * top-up through the cashier's service (savepoint inside this transaction), so it is in the one
 * ledger and a refused top-up (arrears owed) admits nobody.
 */

const CHARGE = 'crm:dealRecord:charge';

type VisitRow = { id: number; customer_id: number; store_id: number; status: number; consultant_id: number | null };

async function lockVisit(tx: Tx, user: SessionUser, visitId: number): Promise<VisitRow> {
  const [row] = await queryRows<VisitRow>(
    tx,
    sql`select visit_id as id, customer_id, store_id, status, consultant_id from clinic_visit
        where visit_id = ${visitId} for update`,
  );
  if (!row) throw notFound('就诊记录不存在');
  await loadRecord(tx, customerServerKind, user, Number(row.customer_id), 'read');
  return { ...row, id: Number(row.id), customer_id: Number(row.customer_id), status: Number(row.status) };
}

type AdmissionRow = {
  id: number;
  visit_id: number;
  customer_id: number;
  store_id: number;
  bed_id: number;
  doctor_id: number;
  nurse_id: number;
  status: number;
};

async function lockAdmission(tx: Tx, user: SessionUser, admissionId: number): Promise<AdmissionRow> {
  const [row] = await queryRows<AdmissionRow>(
    tx,
    sql`select admission_id as id, visit_id, customer_id, store_id, bed_id, doctor_id, nurse_id, status
        from clinic_admission where admission_id = ${admissionId} for update`,
  );
  if (!row) throw notFound(WardMsg.admissionMissing);
  await loadRecord(tx, customerServerKind, user, Number(row.customer_id), 'read');
  const n = (v: unknown) => Number(v);
  return {
    id: n(row.id),
    visit_id: n(row.visit_id),
    customer_id: n(row.customer_id),
    store_id: n(row.store_id),
    bed_id: n(row.bed_id),
    doctor_id: n(row.doctor_id),
    nurse_id: n(row.nurse_id),
    status: n(row.status),
  };
}

async function answerOf(tx: Tx, admissionId: number): Promise<AdmissionData> {
  const [r] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select a.*, o.payable as deposit,
          (select count(*) from crm_customer_agency g
            where g.batch_id like ${'fup:a:'} || a.admission_id || ':%' and g.customer_id = a.customer_id)::int as follow_ups
        from clinic_admission a left join clinic_order o on o.order_id = a.deposit_order_id
        where a.admission_id = ${admissionId}`,
  );
  if (!r) throw notFound(WardMsg.admissionMissing);
  return {
    admissionId: Number(r.admission_id),
    bedId: Number(r.bed_id),
    visitId: Number(r.visit_id),
    customerId: Number(r.customer_id),
    status: Number(r.status),
    doctorId: Number(r.doctor_id),
    nurseId: Number(r.nurse_id),
    expectedDays: Number(r.expected_days),
    admittedTime: new Date(r.admitted_time as string | Date),
    dischargedTime: r.discharged_time == null ? null : new Date(r.discharged_time as string | Date),
    depositOrderId: r.deposit_order_id == null ? null : Number(r.deposit_order_id),
    deposit: r.deposit == null ? 0 : fenOf(String(r.deposit)),
    followUps: Number(r.follow_ups),
  };
}

const requireActive = async (tx: Tx, ids: number[]) => {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`select count(distinct user_id)::int as n from sys_user where status = 1
        and user_id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  if (Number(rows[0]?.n) !== new Set(ids).size) throw badRequest(WardMsg.userMissing);
};

/** The admission a batch id made; someone else's batch is refused. */
async function admissionOfBatch(tx: Tx, user: SessionUser, batchId: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number; by: number }>(
    tx,
    sql`select admission_id as id, create_user_id as by from clinic_admission where batch_id = ${batchId}`,
  );
  if (row && Number(row.by) !== user.userId) throw conflict(WardMsg.batchTaken);
  return row ? Number(row.id) : undefined;
}

/** Visits of a store that may be admitted now (已收费, 治疗中, 已治疗), newest arrival first. */
export function candidates(db: Db, user: SessionUser, storeId: number): Promise<VisitData[]> {
  const states = `{${visitActionFrom('admit').join(',')}}`;
  return readVisits(db, user, sql`v.store_id = ${storeId} and v.status = any(${states}::smallint[])`);
}

/** 住院: the visit into a bed; a repeated batch id answers the first admission. */
export async function admit(db: Db, user: SessionUser, input: AdmitInput): Promise<AdmissionData> {
  const first = await admissionOfBatch(db, user, input.batchId);
  if (first) return answerOf(db, first);
  if (input.deposit.length && !hasPermission(user, CHARGE)) throw forbidden(WardMsg.depositDenied);
  try {
    return await db.transaction(async (tx) => {
      // The visit first, then the bed: the same order as a discharge, so the two never deadlock.
      const visit = await lockVisit(tx, user, input.visitId);
      const move = visitMove(visit.status, 'admit');
      if (!move.ok) throw badRequest(move.msg);
      const bed = await lockBed(tx, input.bedId);
      if (bed.store_id !== Number(visit.store_id)) throw badRequest(WardMsg.bedInOtherStore);
      const bedTo = moveBed(bed, 'admit');
      await requireActive(tx, [input.doctorId, input.nurseId]);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into clinic_admission (visit_id, customer_id, store_id, bed_id, doctor_id, nurse_id, expected_days,
              remark, batch_id, create_user_id)
            values (${visit.id}, ${visit.customer_id}, ${visit.store_id}, ${bed.id}, ${input.doctorId}, ${input.nurseId},
              ${input.expectedDays}, ${input.remark}, ${input.batchId}, ${user.userId})
            on conflict (batch_id) do nothing returning admission_id as id`,
      );
      if (!row) throw new RepeatedBatch();
      const id = Number(row.id);
      if (input.deposit.length) {
        const paid = await topUp(tx as Db, user, {
          customerId: visit.customer_id,
          payments: input.deposit,
          batchId: `ward-deposit-${id}`,
        });
        await tx.execute(
          sql`update clinic_admission set deposit_order_id = ${paid.orderId} where admission_id = ${id}`,
        );
      }
      await setBedStatus(tx, bed.id, bedTo);
      await logBed(tx, { kind: BedLogKind.admit, bedId: bed.id, admissionId: id, userId: user.userId });
      await setVisitStatus(tx, visit, move.to, user.userId);
      return answerOf(tx, id);
    });
  } catch (err) {
    if (!(err instanceof RepeatedBatch)) throw err;
    const id = await admissionOfBatch(db, user, input.batchId);
    if (!id) throw err;
    return answerOf(db, id);
  }
}
class RepeatedBatch extends Error {}

/** 换床: to a free or reserved bed of the same store; asking for the bed already taken changes nothing. */
export async function moveToBed(db: Db, user: SessionUser, input: MoveBedInput): Promise<AdmissionData> {
  return db.transaction(async (tx) => {
    const a = await lockAdmission(tx, user, input.admissionId);
    if (a.status !== AdmissionStatus.admitted) throw badRequest(WardMsg.alreadyDischarged);
    if (a.bed_id === input.bedId) return answerOf(tx, a.id);
    const [low, high] = [a.bed_id, input.bedId].sort((x, y) => x - y);
    const locked = [await lockBed(tx, low!), await lockBed(tx, high!)];
    const from = locked.find((b) => b.id === a.bed_id)!;
    const to = locked.find((b) => b.id === input.bedId)!;
    if (to.store_id !== a.store_id) throw badRequest(WardMsg.otherStore);
    const toStatus = moveBed(to, 'moveIn');
    const fromStatus = moveBed(from, 'moveOut');
    await setBedStatus(tx, from.id, fromStatus);
    await tx.execute(
      sql`update clinic_admission set bed_id = ${to.id}, update_time = now() where admission_id = ${a.id}`,
    );
    await setBedStatus(tx, to.id, toStatus);
    await logBed(tx, {
      kind: BedLogKind.move,
      bedId: to.id,
      fromBedId: from.id,
      admissionId: a.id,
      userId: user.userId,
    });
    return answerOf(tx, a.id);
  });
}

/** 出院: the visit 出院, the bed free, and the discharge plan's 回访任务; again answers the admission. */
export async function discharge(db: Db, user: SessionUser, input: DischargeInput): Promise<AdmissionData> {
  return db.transaction(async (tx) => {
    const found = await lockAdmission(tx, user, input.admissionId);
    if (found.status === AdmissionStatus.discharged) return answerOf(tx, found.id);
    const visit = await lockVisit(tx, user, found.visit_id);
    // The triage desk may close a visit from any state: a customer who left still gives the bed back.
    const gone = visit.status === VisitStatus.left;
    const move = gone ? ({ ok: true, to: VisitStatus.left } as const) : visitMove(visit.status, 'discharge');
    if (!move.ok) throw badRequest(move.msg);
    const bed = await lockBed(tx, found.bed_id);
    await setBedStatus(tx, bed.id, moveBed(bed, 'discharge'));
    await logBed(tx, {
      kind: BedLogKind.discharge,
      bedId: bed.id,
      admissionId: found.id,
      userId: user.userId,
      remark: input.remark,
    });
    const [done] = await queryRows<{ at: Date }>(
      tx,
      sql`update clinic_admission set status = ${AdmissionStatus.discharged}, discharged_time = now(),
            discharge_remark = ${input.remark}, discharge_user_id = ${user.userId}, update_time = now()
          where admission_id = ${found.id} returning discharged_time as at`,
    );
    if (!gone) await setVisitStatus(tx, visit, move.to, user.userId);
    await followUpsAfterDischarge(tx, {
      admissionId: found.id,
      customerId: found.customer_id,
      consultantId: visit.consultant_id == null ? null : Number(visit.consultant_id),
      doctorId: found.doctor_id,
      nurseId: found.nurse_id,
      at: new Date(done!.at),
      userId: user.userId,
    });
    return answerOf(tx, found.id);
  });
}
