import { type EventDetail, EventMsg, type EventSaveInput, minutesText, NO_REPEAT } from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createOnce } from '../../db/create-once.ts';
import { people } from '../../org/names.ts';
import { requireActiveUsers } from '../examine/people-check.ts';
import { oaEvents, oaEventUsers } from './tables.ts';

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
 * Create an event, or edit one I created (the whole series). One transaction; the same form's
 * batch twice answers the first event (the unique index decides a race).
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
    createTime: e.createdAt.toISOString(),
  };
}
