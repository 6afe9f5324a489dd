import { type Person, RecordMsg } from '@crm/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { inList, people } from '../../org/index.ts';
import { loadRecord, loadRecords } from './access.ts';
import { logAction } from './actions.ts';
import type { ServerKind } from './kind.ts';
import { recordMembers } from './tables.ts';

/** Team members of records (DECISIONS "CRM"): power 1 read-only, 2 read-write; never the owner. */

const powerName = (p: 1 | 2) => (p === 2 ? '读写' : '只读');

/** Members must be active users. */
async function requireActive(tx: Tx, ids: number[]) {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from sys_user where status = 1 and user_id in ${inList(ids)}`,
  );
  if (Number(rows[0]?.n) !== new Set(ids).size) throw badRequest(RecordMsg.memberRequired);
}

/** The owner (power 3) and the members, with names and departments. */
export async function getMembers(db: Tx, sk: ServerKind, user: SessionUser, id: number) {
  const { row } = await loadRecord(db, sk, user, id, 'read');
  const members = await db
    .select({ userId: recordMembers.userId, power: recordMembers.power })
    .from(recordMembers)
    .where(and(eq(recordMembers.label, sk.kind.label), eq(recordMembers.recordId, id)))
    .orderBy(recordMembers.createdAt);
  const ownerId = row.owner_user_id === null ? null : Number(row.owner_user_id);
  const found = await people(db, [ownerId, ...members.map((m) => m.userId)]);
  const person = (userId: number): Person => found.get(userId) ?? { userId, realname: '', img: '', deptName: '' };
  return [
    ...(ownerId === null ? [] : [{ ...person(ownerId), power: 3 as const }]),
    ...members.map((m) => ({ ...person(m.userId), power: m.power })),
  ];
}

/** Add people to the teams of several records (a bulk action); the owner of a record is skipped there. */
export async function addMembers(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
  input: { ids: number[]; memberIds: number[]; power: 1 | 2 },
) {
  await db.transaction(async (tx) => {
    await requireActive(tx, input.memberIds);
    const records = await loadRecords(tx, sk, user, input.ids, 'write', { lock: true });
    const names = await people(tx, input.memberIds);
    for (const { row } of records) {
      const recordId = Number(row[sk.idColumn]);
      const joining = input.memberIds.filter((m) => m !== Number(row.owner_user_id));
      if (joining.length === 0) continue;
      await tx
        .insert(recordMembers)
        .values(
          joining.map((userId) => ({
            label: sk.kind.label,
            recordId,
            userId,
            power: input.power,
            createUserId: user.userId,
          })),
        )
        .onConflictDoUpdate({
          target: [recordMembers.label, recordMembers.recordId, recordMembers.userId],
          set: { power: input.power },
        });
      await logAction(tx, sk, [
        {
          recordId,
          userId: user.userId,
          action: 'addMember',
          detail: `${joining.map((m) => names.get(m)?.realname ?? '').join('、')}（${powerName(input.power)}）`,
        },
      ]);
    }
  });
}

/** Change the power of members of one record. */
export async function updateMembers(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
  input: { id: number; memberIds: number[]; power: 1 | 2 },
) {
  await db.transaction(async (tx) => {
    await loadRecord(tx, sk, user, input.id, 'write', { lock: true });
    const changed = await tx
      .update(recordMembers)
      .set({ power: input.power })
      .where(
        and(
          eq(recordMembers.label, sk.kind.label),
          eq(recordMembers.recordId, input.id),
          inArray(recordMembers.userId, input.memberIds),
        ),
      )
      .returning({ userId: recordMembers.userId });
    if (changed.length !== new Set(input.memberIds).size) throw badRequest(RecordMsg.memberRequired);
    const names = await people(tx, input.memberIds);
    await logAction(tx, sk, [
      {
        recordId: input.id,
        userId: user.userId,
        action: 'updateMember',
        detail: `${input.memberIds.map((m) => names.get(m)?.realname ?? '').join('、')}（${powerName(input.power)}）`,
      },
    ]);
  });
}

/**
 * Remove members from the teams of records. Whoever may change a record may remove anyone; a
 * member may always leave a team (remove themselves) with read access alone. Removing
 * others needs the team permission too.
 */
export async function deleteMembers(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
  input: { ids: number[]; memberIds: number[] },
  /** Holds the kind's team permission (teamsave); without it one may only leave. */
  mayManage: boolean,
) {
  const leaving = input.memberIds.length === 1 && input.memberIds[0] === user.userId;
  if (!leaving && !mayManage) throw forbidden();
  await db.transaction(async (tx) => {
    const records = await loadRecords(tx, sk, user, input.ids, leaving ? 'read' : 'write', { lock: true });
    const names = await people(tx, input.memberIds);
    for (const { row } of records) {
      const recordId = Number(row[sk.idColumn]);
      const gone = await tx
        .delete(recordMembers)
        .where(
          and(
            eq(recordMembers.label, sk.kind.label),
            eq(recordMembers.recordId, recordId),
            inArray(recordMembers.userId, input.memberIds),
          ),
        )
        .returning({ userId: recordMembers.userId });
      if (leaving && gone.length === 0) throw forbidden();
      if (gone.length === 0) continue;
      await logAction(tx, sk, [
        {
          recordId,
          userId: user.userId,
          action: 'removeMember',
          detail: gone.map((g) => names.get(g.userId)?.realname ?? '').join('、'),
        },
      ]);
    }
  });
}
