import type { Tx } from '../../db/client.ts';
import type { ServerKind } from './kind.ts';
import type { FieldChange } from './tables.ts';
import { type ActionKind, recordActions } from './tables.ts';

/** The operation log: every change to a record, written in the transaction that makes it. */
export async function logAction(
  tx: Tx,
  sk: ServerKind,
  entries: { recordId: number; userId: number; action: ActionKind; detail?: string; changes?: FieldChange[] }[],
) {
  if (entries.length === 0) return;
  await tx.insert(recordActions).values(
    entries.map((e) => ({
      label: sk.kind.label,
      recordId: e.recordId,
      userId: e.userId,
      action: e.action,
      detail: e.detail ?? '',
      changes: e.changes ?? [],
    })),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose value changed between two versions of a record, with their display names. */
export function fieldChanges(
  names: Record<string, string>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [field, name] of Object.entries(names))
    if (Object.hasOwn(after, field) && !same(before[field], after[field]))
      out.push({ field, name, before: before[field] ?? null, after: after[field] ?? null });
  return out;
}
