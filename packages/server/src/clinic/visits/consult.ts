import {
  type ConsultInput,
  type DoctorNoteInput,
  fenOf,
  type RefuseInput,
  type VisitData,
  VisitDeal,
  VisitMsg,
  VisitNoteKind,
  VisitStatus,
  visitMove,
  type WitnessCardData,
  WitnessMsg,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { fieldAccessFor } from '../../crm/records/field-access.ts';
import { readableTable } from '../../crm/records/readable.ts';
import type { Db, Tx } from '../../db/client.ts';
import { readAccount } from '../money/reads/account.ts';
import { readVisit, readVisits } from './read.ts';
import { setVisitStatus } from './record-moves.ts';
import { arrivedToday } from './visits.ts';

/**
 * The consultation room (面诊室): the consultant's and the doctor's visits of today. Its data
 * scope is the assignment: triage gives a consultant (and a doctor) a visit whatever the
 * customer's owner, so a visit assigned to the caller is theirs to read and work, and no other
 * is (该顾客不是分配给您的). Moves run under the visit's row lock and are checked with visitMove;
 * the customer is read through readableTable (field permissions).
 */

type Locked = {
  id: number;
  customer_id: number;
  status: number;
  consultant_id: number | null;
  doctor_id: number | null;
};

const who = (v: Locked, user: SessionUser) => ({
  consultant: v.consultant_id !== null && Number(v.consultant_id) === user.userId,
  doctor: v.doctor_id !== null && Number(v.doctor_id) === user.userId,
});

/** The visit, locked (`for update`) or read, when it is assigned to the caller. */
async function mineOrRefuse(tx: Tx, user: SessionUser, visitId: number, lock: boolean): Promise<Locked> {
  const [row] = await queryRows<Locked>(
    tx,
    sql`select visit_id as id, customer_id, status, consultant_id, doctor_id from clinic_visit
        where visit_id = ${visitId} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw notFound(VisitMsg.visitMissing);
  const v = { ...row, id: Number(row.id), status: Number(row.status) };
  const me = who(v, user);
  if (!me.consultant && !me.doctor) throw forbidden(WitnessMsg.notYours);
  return v;
}

/** Accept, refuse and the consult note are the consultant's; the doctor has the doctor's note. */
async function lockAsConsultant(tx: Tx, user: SessionUser, visitId: number): Promise<Locked> {
  const v = await mineOrRefuse(tx, user, visitId, true);
  if (!who(v, user).consultant) throw forbidden(WitnessMsg.onlyConsultant);
  return v;
}

/** My visits of today at this store (consultant or doctor), not yet left, by arrival. */
export function myQueue(db: Db, user: SessionUser, storeId: number): Promise<VisitData[]> {
  return readVisits(
    db,
    user,
    sql`v.store_id = ${storeId} and v.status <> ${VisitStatus.left} and ${arrivedToday('v')}
        and (v.consultant_id = ${user.userId} or v.doctor_id = ${user.userId})`,
    { scoped: false },
  );
}

/** 接诊: 已分诊 → 面诊中; a second click answers the visit as it is. */
export async function accept(db: Db, user: SessionUser, visitId: number): Promise<VisitData> {
  return db.transaction(async (tx) => {
    const v = await lockAsConsultant(tx, user, visitId);
    if (v.status === VisitStatus.consulting) return readVisit(tx, user, v.id);
    const move = visitMove(v.status, 'accept');
    if (!move.ok) throw badRequest(move.msg);
    await setVisitStatus(tx, v, move.to, user.userId);
    return readVisit(tx, user, v.id);
  });
}

/**
 * 拒诊: back to the triage queue (已到店, no consultant or doctor) with the reason as a consult
 * note; the desk assigns someone else. Afterwards the visit is no longer the caller's.
 */
export async function refuse(db: Db, user: SessionUser, input: RefuseInput): Promise<VisitData> {
  return db.transaction(async (tx) => {
    const v = await lockAsConsultant(tx, user, input.visitId);
    const move = visitMove(v.status, 'refuse');
    if (!move.ok) throw badRequest(move.msg);
    await tx.execute(sql`update clinic_visit set consultant_id = null, doctor_id = null where visit_id = ${v.id}`);
    await setVisitStatus(tx, v, move.to, user.userId);
    await addNote(tx, user, v.id, VisitNoteKind.consult, `拒诊：${input.reason}`, null);
    return readVisit(tx, user, v.id);
  });
}

async function addNote(
  tx: Tx,
  user: SessionUser,
  visitId: number,
  kind: number,
  content: string,
  batch: string | null,
) {
  await tx.execute(sql`insert into clinic_visit_note (visit_id, kind, user_id, content, batch_id)
    values (${visitId}, ${kind}, ${user.userId}, ${content}, ${batch})`);
}

/** Whether this form batch already saved its note (a double click), under the visit's lock. */
async function batchSaved(tx: Tx, batchId: string): Promise<boolean> {
  const [row] = await queryRows(tx, sql`select 1 from clinic_visit_note where batch_id = ${batchId}`);
  return row !== undefined;
}

/**
 * 保存面诊: the consult note (items discussed, 成交 or 未成交 with why) and the deal status on the
 * visit. From 面诊中 it moves the visit to 已面诊; later (已面诊, 待收银) it adds to the record.
 */
export async function consult(db: Db, user: SessionUser, input: ConsultInput): Promise<VisitData> {
  return db.transaction(async (tx) => {
    const v = await lockAsConsultant(tx, user, input.visitId);
    if (await batchSaved(tx, input.batchId)) return readVisit(tx, user, v.id);
    const amending = v.status === VisitStatus.consulted || v.status === VisitStatus.awaitingPayment;
    const move = amending ? ({ ok: true, to: v.status } as const) : visitMove(v.status, 'consult');
    if (!move.ok) throw badRequest(move.msg);
    const deal = input.deal === VisitDeal.deal;
    const text = [
      `面诊项目：${input.items}`,
      deal ? '成交' : `未成交：${input.noDealReason}`,
      ...(input.content ? [input.content] : []),
    ].join('\n');
    await addNote(tx, user, v.id, VisitNoteKind.consult, text, input.batchId);
    await tx.execute(sql`update clinic_visit set deal_status = ${input.deal},
        no_deal_reason = ${deal ? '' : input.noDealReason}, update_time = now()
      where visit_id = ${v.id}`);
    await setVisitStatus(tx, v, move.to, user.userId);
    return readVisit(tx, user, v.id);
  });
}

/** The doctor's note (医生记录): the visit's doctor, until the customer leaves. */
export async function doctorNote(db: Db, user: SessionUser, input: DoctorNoteInput): Promise<VisitData> {
  return db.transaction(async (tx) => {
    const v = await mineOrRefuse(tx, user, input.visitId, true);
    if (!who(v, user).doctor) throw forbidden(WitnessMsg.notDoctor);
    if (await batchSaved(tx, input.batchId)) return readVisit(tx, user, v.id);
    if (v.status === VisitStatus.left) throw badRequest(WitnessMsg.visitClosed);
    await addNote(tx, user, v.id, VisitNoteKind.doctor, input.content, input.batchId);
    return readVisit(tx, user, v.id);
  });
}

type NoteRow = {
  note_id: number;
  visit_id: number;
  kind: number;
  user_name: string | null;
  content: string;
  create_time: Date;
};
const toNote = (n: NoteRow) => ({
  noteId: Number(n.note_id),
  kind: Number(n.kind),
  userName: n.user_name ?? '',
  content: n.content,
  createTime: n.create_time,
});

async function notesOf(db: Db, visitIds: number[]): Promise<NoteRow[]> {
  if (visitIds.length === 0) return [];
  return queryRows<NoteRow>(
    db,
    sql`select n.note_id, n.visit_id, n.kind, n.content, n.create_time,
          (select u.realname from sys_user u where u.user_id = n.user_id) as user_name
        from clinic_visit_note n where n.visit_id = any(${`{${visitIds.join(',')}}`}::int[])
        order by n.create_time, n.note_id`,
  );
}

/** How many earlier visits and follow-ups the card shows. */
const CARD_VISITS = 10;
const CARD_FOLLOW_UPS = 5;

/**
 * The customer card in one call: the visit with its notes, the customer as the caller may read
 * them, balances and arrears, deals with sessions left, earlier visits with their consult and
 * doctor notes, the latest follow-ups. Photos join when the photo room lands (h-photo).
 */
export async function witnessCard(db: Db, user: SessionUser, visitId: number): Promise<WitnessCardData> {
  const v = await mineOrRefuse(db, user, visitId, false);
  const customerId = Number(v.customer_id);
  const sk = customerServerKind;
  const { hidden } = await fieldAccessFor(db, user, sk.kind);
  const [visit] = await readVisits(db, user, sql`v.visit_id = ${v.id}`, { scoped: false });
  const [extra] = await queryRows<{ deal_status: number; no_deal_reason: string }>(
    db,
    sql`select deal_status, no_deal_reason from clinic_visit where visit_id = ${v.id}`,
  );
  const [c] = await queryRows<{
    customer_name: string | null;
    mobile: string | null;
    gender: number | null;
    owner: string | null;
  }>(
    db,
    sql`select c.customer_name, c.mobile, c.gender,
          (select u.realname from sys_user u where u.user_id = c.owner_user_id) as owner
        from ${readableTable(sk, hidden)} c where c.customer_id = ${customerId}`,
  );
  const deals = await queryRows<Record<string, unknown>>(
    db,
    sql`select deal_id, name, sessions_bought, sessions_left, sessions_held, arrears, expires_on, status
        from crm_customer_project_deal_record
        where customer_id = ${customerId} and sessions_left > 0 and status in (1, 2)
        order by create_time desc, deal_id desc`,
  );
  const earlier = await queryRows<Record<string, unknown>>(
    db,
    sql`select e.visit_id, e.arrived_time, e.visit_type, e.status, e.deal_status,
          (select u.realname from sys_user u where u.user_id = e.consultant_id) as consultant_name
        from clinic_visit e where e.customer_id = ${customerId} and e.visit_id <> ${v.id}
        order by e.arrived_time desc, e.visit_id desc limit ${CARD_VISITS}`,
  );
  const notes = await notesOf(db, [v.id, ...earlier.map((e) => Number(e.visit_id))]);
  const follows = await queryRows<Record<string, unknown>>(
    db,
    sql`select f.follow_id, f.category, f.content, f.create_time,
          (select u.realname from sys_user u where u.user_id = f.create_user_id) as user_name
        from crm_follow_record f where f.label = ${sk.kind.label} and f.record_id = ${customerId}
        order by f.create_time desc, f.follow_id desc limit ${CARD_FOLLOW_UPS}`,
  );
  const notesFor = (id: number) => notes.filter((n) => Number(n.visit_id) === id).map(toNote);
  return {
    visit: { ...visit!, dealStatus: Number(extra!.deal_status), noDealReason: extra!.no_deal_reason },
    customer: {
      customerId,
      customerName: c?.customer_name ?? '',
      mobile: c?.mobile ?? '',
      gender: c?.gender === null || c?.gender === undefined ? null : Number(c.gender),
      ownerName: c?.owner ?? '',
    },
    account: await readAccount(db, customerId),
    deals: deals.map((d) => ({
      dealId: Number(d.deal_id),
      name: String(d.name),
      sessionsBought: Number(d.sessions_bought),
      sessionsLeft: Number(d.sessions_left),
      sessionsHeld: Number(d.sessions_held),
      arrears: fenOf(String(d.arrears)),
      expiresOn: d.expires_on === null ? null : String(d.expires_on),
      status: Number(d.status),
    })),
    notes: notesFor(v.id),
    visits: earlier.map((e) => ({
      visitId: Number(e.visit_id),
      arrivedTime: e.arrived_time as Date,
      visitType: Number(e.visit_type),
      status: Number(e.status),
      consultantName: (e.consultant_name as string | null) ?? null,
      dealStatus: Number(e.deal_status),
      notes: notesFor(Number(e.visit_id)),
    })),
    followUps: follows.map((f) => ({
      followId: Number(f.follow_id),
      category: String(f.category),
      content: String(f.content),
      userName: String(f.user_name ?? ''),
      createTime: f.create_time as Date,
    })),
  };
}
