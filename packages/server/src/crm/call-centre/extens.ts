import { CallMsg, type extenListResponse } from '@crm/shared';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { callExtens, callLogs } from './tables.ts';

type ExtenList = z.input<typeof extenListResponse>;

export async function myExten(db: Tx, userId: number): Promise<string | null> {
  const [row] = await db.select({ exten: callExtens.exten }).from(callExtens).where(eq(callExtens.userId, userId));
  return row?.exten ?? null;
}

/** `queryExtens`: every extension of the company and who holds it. */
export async function listExtens(db: Tx, user: SessionUser): Promise<ExtenList> {
  const rows = await db
    .select({ exten: callExtens.exten, userId: callExtens.userId, realname: users.realname })
    .from(callExtens)
    .leftJoin(users, eq(users.id, callExtens.userId))
    .orderBy(asc(callExtens.exten));
  return rows.map((r) => ({ ...r, realname: r.realname ?? null, mine: r.userId === user.userId }));
}

/** An extension row locked for the change, or 分机不存在. */
async function lockExten(tx: Tx, exten: string) {
  const [row] = await tx.select().from(callExtens).where(eq(callExtens.exten, exten)).for('update');
  if (!row) throw notFound(CallMsg.extenNotFound);
  return row;
}

/** No extension changes hands in the middle of its holder's call. */
async function refuseIfTalking(tx: Tx, userId: number | null) {
  if (userId === null) return;
  const [live] = await tx
    .select({ id: callLogs.id })
    .from(callLogs)
    .where(and(eq(callLogs.userId, userId), ne(callLogs.status, 'ended')));
  if (live) throw badRequest(CallMsg.extenInUse);
}

/**
 * `setMyExten?exten=8001`: take a free extension (letting go of the one held before); blank lets
 * go of mine. Someone else's extension is refused: an administrator reassigns it.
 */
export async function setMyExten(db: Tx, user: SessionUser, exten: string): Promise<ExtenList> {
  if (exten && !/^\d{2,10}$/.test(exten)) throw badRequest(CallMsg.extenInvalid);
  await db.transaction(async (tx) => {
    const row = exten ? await lockExten(tx, exten) : null;
    if (row && row.userId !== null && row.userId !== user.userId) throw conflict(CallMsg.extenTaken);
    if (row?.userId === user.userId) return;
    await refuseIfTalking(tx, user.userId);
    await tx.update(callExtens).set({ userId: null }).where(eq(callExtens.userId, user.userId));
    if (row) await tx.update(callExtens).set({ userId: user.userId }).where(eq(callExtens.id, row.id));
  });
  return listExtens(db, user);
}

/** Administrators: add an extension (free until someone takes it). */
export async function addExten(db: Tx, user: SessionUser, exten: string): Promise<ExtenList> {
  const [row] = await db.insert(callExtens).values({ exten }).onConflictDoNothing().returning({ id: callExtens.id });
  if (!row) throw conflict(CallMsg.extenExists);
  return listExtens(db, user);
}

/** Administrators: remove an extension nobody is talking on (its holder is left without one). */
export async function removeExten(db: Tx, user: SessionUser, exten: string): Promise<ExtenList> {
  await db.transaction(async (tx) => {
    const row = await lockExten(tx, exten);
    await refuseIfTalking(tx, row.userId);
    await tx.delete(callExtens).where(eq(callExtens.id, row.id));
  });
  return listExtens(db, user);
}

/** Administrators: give an extension to someone (taking theirs away first), or to nobody. */
export async function assignExten(
  db: Tx,
  user: SessionUser,
  exten: string,
  userId: number | undefined,
): Promise<ExtenList> {
  await db.transaction(async (tx) => {
    const row = await lockExten(tx, exten);
    if (userId !== undefined) {
      const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!u) throw notFound(CallMsg.userIdInvalid);
    }
    if ((userId ?? null) === row.userId) return;
    await refuseIfTalking(tx, row.userId);
    if (userId !== undefined) {
      await refuseIfTalking(tx, userId);
      await tx.update(callExtens).set({ userId: null }).where(eq(callExtens.userId, userId));
    }
    await tx
      .update(callExtens)
      .set({ userId: userId ?? null })
      .where(eq(callExtens.id, row.id));
  });
  return listExtens(db, user);
}
