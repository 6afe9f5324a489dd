import { RecordMsg, type TransferInput, type transferSchema } from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { people } from '../../org/index.ts';
import { loadRecords } from './access.ts';
import { logAction } from './actions.ts';
import { notifyRecordBadges } from './badges.ts';
import type { ServerKind } from './kind.ts';
import { recordMembers } from './tables.ts';

/**
 * Give records a new owner. The old owner leaves or stays on the team with the power chosen; the
 * new owner is never also a member. `carry` is the kind's own step (a customer's contacts,
 * opportunities and contracts follow it), inside the same transaction.
 */
export async function transferRecords(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
  input: z.infer<typeof transferSchema>,
  carry?: (tx: Tx, ids: number[], newOwnerId: number, input: TransferInput) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    const [active] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from sys_user where user_id = ${input.newOwnerUserId} and status = 1`,
    );
    if (!Number(active?.n)) throw badRequest(RecordMsg.ownerRequired);
    const records = await loadRecords(tx, sk, user, input.ids, 'write', { lock: true });
    const names = await people(tx, [input.newOwnerUserId, ...records.map((r) => r.row.owner_user_id as number | null)]);
    for (const { row } of records) {
      const recordId = Number(row[sk.idColumn]);
      const oldOwner = row.owner_user_id === null ? null : Number(row.owner_user_id);
      if (oldOwner === input.newOwnerUserId) continue;
      await tx.execute(
        sql`update ${sql.identifier(sk.table)} set owner_user_id = ${input.newOwnerUserId}, update_time = now()
            where ${sql.identifier(sk.idColumn)} = ${recordId}`,
      );
      await tx
        .delete(recordMembers)
        .where(
          and(
            eq(recordMembers.label, sk.kind.label),
            eq(recordMembers.recordId, recordId),
            eq(recordMembers.userId, input.newOwnerUserId),
          ),
        );
      if (input.transferType === 2 && oldOwner !== null)
        await tx
          .insert(recordMembers)
          .values({ label: sk.kind.label, recordId, userId: oldOwner, power: input.power, createUserId: user.userId })
          .onConflictDoUpdate({
            target: [recordMembers.label, recordMembers.recordId, recordMembers.userId],
            set: { power: input.power },
          });
      const from = oldOwner === null ? '' : (names.get(oldOwner)?.realname ?? '');
      await logAction(tx, sk, [
        {
          recordId,
          userId: user.userId,
          action: 'transfer',
          detail: `${from} → ${names.get(input.newOwnerUserId)?.realname ?? ''}`,
          changes: [{ field: 'ownerUserId', name: '负责人', before: oldOwner, after: input.newOwnerUserId }],
        },
      ]);
    }
    await carry?.(tx, input.ids, input.newOwnerUserId, input);
    await notifyRecordBadges(
      tx,
      sk,
      input.ids,
      records.map((r) => r.row.owner_user_id as number | null),
    );
  });
}
