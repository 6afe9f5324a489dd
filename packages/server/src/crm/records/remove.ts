import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { notifyBadges } from '../../core/badges.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import { removeStored } from '../../files/attach.ts';
import type { FileStorage } from '../../files/storage.ts';
import { inList } from '../../org/sql-lists.ts';
import { loadRecords } from './access.ts';
import { recordPeople } from './badges.ts';
import { recordOwnerKinds } from './files.ts';
import { FOLLOW_UP_FILES } from './follow-ups.ts';
import type { ServerKind } from './kind.ts';
import { followUps, recordActions, recordMembers } from './tables.ts';

type LinkCheck = (tx: Tx, ids: number[]) => Promise<void>;
type Dependent = { kind: ServerKind; column: string };

/**
 * What deleting a record involves beyond its kind's machinery, declared by other features into
 * the app's registry (registry.ts):
 * - `refuseDeleteWhileLinked`: records of another kind that keep it (a customer's opportunities
 *   and contracts), checked by every deletion of the linked kind (its list, the pool) on the
 *   locked rows; each answers its refusal or nothing;
 * - `deleteWithParent`: records of another kind that belong to it (a customer's contacts,
 *   `column` naming the parent's id), purged the same way, recursively;
 * - `cleanUpOnDelete`: rows of other features keyed to it (a customer's agency tasks, the work
 *   logs' links), run in the deletion's transaction before the parents go.
 */
export type RecordDeleteRules = {
  refuseDeleteWhileLinked(label: number, check: LinkCheck): void;
  deleteWithParent(parentLabel: number, kind: ServerKind, column: string): void;
  cleanUpOnDelete(label: number, cleanup: LinkCheck): void;
  linkChecks(label: number): readonly LinkCheck[];
  dependents(label: number): readonly Dependent[];
  cleanups(label: number): readonly LinkCheck[];
};

export function createRecordDeleteRules(): RecordDeleteRules {
  const linkChecks = new Map<number, LinkCheck[]>();
  const dependents = new Map<number, Dependent[]>();
  const cleanups = new Map<number, LinkCheck[]>();
  const add = <T>(map: Map<number, T[]>, label: number, item: T) => map.set(label, [...(map.get(label) ?? []), item]);
  return {
    refuseDeleteWhileLinked: (label, check) => add(linkChecks, label, check),
    deleteWithParent: (parentLabel, kind, column) => add(dependents, parentLabel, { kind, column }),
    cleanUpOnDelete: (label, cleanup) => add(cleanups, label, cleanup),
    linkChecks: (label) => linkChecks.get(label) ?? [],
    dependents: (label) => dependents.get(label) ?? [],
    cleanups: (label) => cleanups.get(label) ?? [],
  };
}

/**
 * Remove records of a kind and everything the record machinery keys to them — their dependent
 * records (recursively, the same way), team, follow-ups, the files of both, the log and the
 * registered cleanups — inside `tx`. Answers the storage keys of the removed files.
 */
async function purge(tx: Tx, rules: RecordDeleteRules, sk: ServerKind, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const label = sk.kind.label;
  const keys: string[] = [];
  for (const dep of rules.dependents(label)) {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`select ${sql.identifier(dep.kind.idColumn)} as id from ${sql.identifier(dep.kind.table)}
          where ${sql.identifier(dep.column)} in ${inList(ids)}`,
    );
    keys.push(
      ...(await purge(
        tx,
        rules,
        dep.kind,
        rows.map((r) => Number(r.id)),
      )),
    );
  }
  for (const cleanup of rules.cleanups(label)) await cleanup(tx, ids);
  const follows = await tx
    .delete(followUps)
    .where(and(eq(followUps.label, label), inArray(followUps.recordId, ids)))
    .returning({ id: followUps.id });
  // The records' own attachments and their follow-ups' go with them.
  const owned = [and(inArray(files.ownerKind, recordOwnerKinds(sk)), inArray(files.ownerId, ids))];
  if (follows.length)
    owned.push(
      and(
        eq(files.ownerKind, FOLLOW_UP_FILES),
        inArray(
          files.ownerId,
          follows.map((f) => f.id),
        ),
      ),
    );
  const gone = await tx
    .delete(files)
    .where(or(...owned))
    .returning({ key: files.storageKey });
  await tx.delete(recordMembers).where(and(eq(recordMembers.label, label), inArray(recordMembers.recordId, ids)));
  await tx.delete(recordActions).where(and(eq(recordActions.label, label), inArray(recordActions.recordId, ids)));
  await tx.execute(sql`delete from ${sql.identifier(sk.table)} where ${sql.identifier(sk.idColumn)} in ${inList(ids)}`);
  return [...keys, ...gone.map((g) => g.key)];
}

/**
 * Delete records the viewer may change, with everything keyed to them (`purge`), in one
 * transaction; the bytes go after it commits. `check` is the kind's own refusal (a contract with
 * receivables), run on the locked rows first.
 */
export async function deleteRecords(
  db: Tx,
  storage: FileStorage,
  rules: RecordDeleteRules,
  sk: ServerKind,
  user: SessionUser,
  ids: number[],
  check?: (tx: Tx, rows: Record<string, unknown>[]) => Promise<void>,
  /** How the rows are loaded and locked (the pool's delete loads pool rows instead). */
  load: (tx: Tx) => Promise<{ row: Record<string, unknown> }[]> = (tx) =>
    loadRecords(tx, sk, user, ids, 'write', { lock: true }),
) {
  const keys = await db.transaction(async (tx) => {
    const records = await load(tx);
    await check?.(
      tx,
      records.map((r) => r.row),
    );
    for (const linked of rules.linkChecks(sk.kind.label)) await linked(tx, ids);
    // Told at commit, so the people are read before the records and teams go.
    await notifyBadges(tx, await recordPeople(tx, sk, ids), ['crm']);
    return purge(tx, rules, sk, ids);
  });
  await removeStored(storage, keys);
}
