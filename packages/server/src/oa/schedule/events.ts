import {
  type EventDetail,
  EventMsg,
  type EventSaveInput,
  isOccurrence,
  minutesText,
  NO_REPEAT,
  type OccurrenceSaveInput,
} from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { timeText } from '../../core/times.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createOnce } from '../../db/create-once.ts';
import { people } from '../../org/names.ts';
import { requireActiveUsers } from '../examine/people-check.ts';
import { oaEventExceptions, oaEvents, oaEventUsers } from './tables.ts';

type EventRecord = typeof oaEvents.$inferSelect;

/**
 * A live event `viewer` may see: its creator and participants; anyone else is refused with
 * 无权访问 (data scope does not widen a calendar, as with tasks).
 */
export async function visibleEvent(tx: Tx, eventId: number, viewer: SessionUser, lock = false) {
  const q = tx
    .select()
    .from(oaEvents)
    .where(and(eq(oaEvents.id, eventId), eq(oaEvents.isDeleted, false)));
  const [event] = lock ? await q.for('update') : await q;
  if (!event) throw notFound(EventMsg.notFound);
  const rows = await tx
    .select({ userId: oaEventUsers.userId })
    .from(oaEventUsers)
    .where(eq(oaEventUsers.eventId, eventId));
  const userIds = rows.map((r) => r.userId);
  if (!userIds.includes(viewer.userId)) throw forbidden();
  return { event, participantIds: userIds.filter((id) => id !== event.createUserId) };
}

const columnsOf = (input: EventSaveInput) => ({
  title: input.title,
  description: input.description,
  allDay: input.allDay,
  startDay: input.startDay,
  endDay: input.endDay,
  startMin: input.startMin,
  endMin: input.endMin,
  repeat: input.repeat,
  lastDay: input.lastDay,
  remindMinutes: input.remindMinutes,
});

async function setUsers(tx: Tx, eventId: number, creatorId: number, participantIds: number[]) {
  const ids = [...new Set([creatorId, ...participantIds])];
  await tx.delete(oaEventUsers).where(eq(oaEventUsers.eventId, eventId));
  await tx.insert(oaEventUsers).values(ids.map((userId) => ({ eventId, userId })));
}

/**
 * Create an event, or edit one I created (the whole series: its one-off changes are cleared, as
 * Outlook does when a series is edited, since their days may no longer be occurrences). One
 * transaction; the same form's batch twice answers the first event (the unique index decides a race).
 */
export async function saveEvent(db: Db, user: SessionUser, input: EventSaveInput) {
  const me = user.userId;
  const participants = input.participantIds.filter((id) => id !== me);
  if (input.eventId) {
    const eventId = input.eventId;
    await db.transaction(async (tx) => {
      const { event } = await visibleEvent(tx, eventId, user, true);
      if (event.createUserId !== me) throw forbidden(EventMsg.creatorOnly);
      await requireActiveUsers(tx, participants);
      await tx
        .update(oaEvents)
        .set({ ...columnsOf(input), updatedAt: new Date() })
        .where(eq(oaEvents.id, eventId));
      await setUsers(tx, eventId, me, participants);
      await tx.delete(oaEventExceptions).where(eq(oaEventExceptions.eventId, eventId));
    });
    return { eventId };
  }
  const eventId = await createOnce(db, oaEvents, me, input.batchId, async (tx) => {
    await requireActiveUsers(tx, participants);
    const [row] = await tx
      .insert(oaEvents)
      .values({ ...columnsOf(input), createUserId: me, batchId: input.batchId })
      .onConflictDoNothing()
      .returning({ id: oaEvents.id });
    if (!row) return undefined;
    await setUsers(tx, row.id, me, participants);
    return row.id;
  });
  return { eventId };
}

/** The creator deletes an event (the whole series). */
export async function deleteEvent(db: Db, user: SessionUser, eventId: number) {
  await db.transaction(async (tx) => {
    const { event } = await visibleEvent(tx, eventId, user, true);
    if (event.createUserId !== user.userId) throw forbidden(EventMsg.creatorOnly);
    await tx.update(oaEvents).set({ isDeleted: true, updatedAt: sql`now()` }).where(eq(oaEvents.id, eventId));
  });
  return null;
}

/** The creator's series, locked, and `day` one of its occurrences (else 该日期没有这个日程). */
async function seriesOccurrence(tx: Tx, user: SessionUser, eventId: number, day: string) {
  const { event } = await visibleEvent(tx, eventId, user, true);
  if (event.createUserId !== user.userId) throw forbidden(EventMsg.creatorOnly);
  if (!isOccurrence({ ...NO_REPEAT, ...event.repeat }, event.startDay, day)) throw badRequest(EventMsg.notOccurrence);
  return event;
}

/** This occurrence only: store (or replace) its own title, times and reminder. */
export async function saveOccurrence(db: Db, user: SessionUser, input: OccurrenceSaveInput) {
  await db.transaction(async (tx) => {
    await seriesOccurrence(tx, user, input.eventId, input.day);
    const fields = {
      cancelled: false,
      title: input.title,
      allDay: input.allDay,
      startDay: input.startDay,
      endDay: input.endDay,
      startMin: input.startMin,
      endMin: input.endMin,
      remindMinutes: input.remindMinutes,
      updatedAt: new Date(),
    };
    await tx
      .insert(oaEventExceptions)
      .values({ eventId: input.eventId, seriesDay: input.day, ...fields })
      .onConflictDoUpdate({ target: [oaEventExceptions.eventId, oaEventExceptions.seriesDay], set: fields });
  });
  return { eventId: input.eventId };
}

/** This occurrence only: remove it from the calendar; the series' other occurrences stay. */
export async function deleteOccurrence(db: Db, user: SessionUser, eventId: number, day: string) {
  await db.transaction(async (tx) => {
    await seriesOccurrence(tx, user, eventId, day);
    const fields = { cancelled: true, updatedAt: new Date() };
    await tx
      .insert(oaEventExceptions)
      .values({ eventId, seriesDay: day, ...fields })
      .onConflictDoUpdate({ target: [oaEventExceptions.eventId, oaEventExceptions.seriesDay], set: fields });
  });
  return null;
}

export async function eventDetail(db: Db, user: SessionUser, eventId: number): Promise<EventDetail> {
  const { event, participantIds } = await visibleEvent(db, eventId, user);
  return toDetail(db, user, event, participantIds);
}

async function toDetail(db: Tx, user: SessionUser, e: EventRecord, participantIds: number[]): Promise<EventDetail> {
  const who = await people(db, [e.createUserId, ...participantIds]);
  const person = (id: number) => who.get(id) ?? { userId: id, realname: '', img: '', deptName: '' };
  return {
    eventId: e.id,
    title: e.title,
    description: e.description,
    allDay: e.allDay,
    startDay: e.startDay,
    endDay: e.endDay,
    startTime: e.startMin === null ? null : minutesText(e.startMin),
    endTime: e.endMin === null ? null : minutesText(e.endMin),
    repeat: { ...NO_REPEAT, ...e.repeat },
    remindMinutes: e.remindMinutes,
    creator: person(e.createUserId),
    participants: participantIds.map(person),
    canEdit: e.createUserId === user.userId,
    createTime: timeText(e.createdAt)!,
  };
}
