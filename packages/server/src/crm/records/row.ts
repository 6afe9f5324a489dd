import type { RecordRow } from '@crm/shared';
import { timeText } from '../../core/times.ts';
import type { Tx } from '../../db/client.ts';
import { people } from '../../org/index.ts';
import type { ServerKind } from './kind.ts';

/**
 * A raw row of the kind's table (snake_case, as `select r.*` answers it, with `_owner_name` and
 * `_creator_name` beside it) as the wire's record: id field, custom values, fixed fields, system
 * columns. Fixed fields are written last so a custom value can never stand in for one.
 */
export function toRecordRow(sk: ServerKind, row: Record<string, unknown>): RecordRow {
  const custom = (row.fields ?? {}) as Record<string, unknown>;
  const fixed: Record<string, unknown> = {};
  for (const [name, c] of Object.entries(sk.columns)) {
    const v = row[c.column];
    fixed[name] =
      v === null || v === undefined ? null : c.type === 'date' ? timeText(v) : c.type === 'number' ? Number(v) : v;
  }
  return {
    ...custom,
    ...fixed,
    [sk.kind.idField]: Number(row[sk.idColumn]),
    batchId: String(row.batch_id ?? ''),
    ownerUserId: row.owner_user_id === null || row.owner_user_id === undefined ? null : Number(row.owner_user_id),
    ownerUserName: String(row._owner_name ?? ''),
    createUserId: Number(row.create_user_id),
    createUserName: String(row._creator_name ?? ''),
    // Written here, not only by the route layer: exports and the feed read rows too.
    createTime: timeText(row.create_time)!,
    updateTime: timeText(row.update_time)!,
    nextTime: timeText(row.next_time),
  };
}

/** One record's row as a detail answers it: with its owner's and creator's names. */
export async function detailRow(db: Tx, sk: ServerKind, row: Record<string, unknown>): Promise<RecordRow> {
  const names = await people(db, [row.owner_user_id as number | null, row.create_user_id as number]);
  return toRecordRow(sk, {
    ...row,
    _owner_name: names.get(Number(row.owner_user_id))?.realname,
    _creator_name: names.get(Number(row.create_user_id))?.realname,
  });
}
