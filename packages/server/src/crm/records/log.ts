import { and, desc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { Tx } from '../../db/client.ts';
import { people } from '../../org/index.ts';
import { loadRecord } from './access.ts';
import { fieldAccessFor } from './field-access.ts';
import type { ServerKind } from './kind.ts';
import { recordActions } from './tables.ts';

/** The operation log of one record, newest first (the detail page's 操作记录 tab), without changes of fields hidden from the viewer. */
export async function listActions(db: Tx, sk: ServerKind, user: SessionUser, id: number) {
  await loadRecord(db, sk, user, id, 'read');
  const { hidden } = await fieldAccessFor(db, user, sk.kind);
  const rows = await db
    .select()
    .from(recordActions)
    .where(and(eq(recordActions.label, sk.kind.label), eq(recordActions.recordId, id)))
    .orderBy(desc(recordActions.createdAt), desc(recordActions.id))
    .limit(500);
  const who = await people(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    actionId: r.id,
    action: r.action,
    detail: r.detail,
    changes: hidden.size ? r.changes.filter((c) => !hidden.has(c.field)) : r.changes,
    user: who.get(r.userId) ?? null,
    createTime: r.createdAt,
  }));
}
