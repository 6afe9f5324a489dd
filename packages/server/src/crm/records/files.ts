import { fileKeyOfUrl, recordKinds } from '@crm/shared';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import type { FileOwnerKind, FileOwnerRegistry } from '../../files/owners.ts';
import { loadRecord } from './access.ts';
import { fieldAccessFor } from './field-access.ts';
import type { ServerKind } from './kind.ts';
import type { KindRegistry } from './registry.ts';

/** The owner kind of a record's own attachments (`crm_customer`; the id is the record's). */
export const recordFilesKind = (sk: ServerKind) => `crm_${sk.kind.key}`;

/** The owner kind of the file a fixed field's value names (`crm_customer.idCardUrl`). */
export const fieldFilesKind = (sk: ServerKind, field: string) => `${recordFilesKind(sk)}.${field}`;

/**
 * A record's files are seen by exactly those who may read the record; the file a field names
 * (`fileUrlFields`, the ID image) only by those of them who may also see that field (its field
 * permission, or for the ID image lookIdCardUrl).
 */
export const recordFileOwner = (find: () => ServerKind | undefined): FileOwnerKind => ({
  parts: true,
  async canSee(db, user, id, field) {
    const sk = find();
    if (!sk) return false;
    if (field !== undefined && !sk.fileUrlFields?.includes(field)) return false;
    const readable = await loadRecord(db, sk, user, id, 'read').then(
      () => true,
      () => false,
    );
    if (!readable || field === undefined) return readable;
    return !(await fieldAccessFor(db, user, sk.kind)).hidden.has(field);
  },
});

/**
 * Make the files the record's `fileUrlFields` name its own, in the save's transaction: the
 * saver's staged upload (or one already among the record's attachments) whose address a field
 * now holds joins the record under that field; a file the field held before and no longer names
 * is deleted. A field naming someone else's upload attaches nothing (an address is no claim).
 * Answers the storage keys to remove once committed.
 */
export async function syncFieldFiles(tx: Tx, sk: ServerKind, id: number, user: SessionUser): Promise<string[]> {
  const fields = sk.fileUrlFields ?? [];
  if (fields.length === 0) return [];
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${sql.join(
      fields.map((f) => sql`${sql.identifier(sk.columns[f]!.column)} as ${sql.identifier(f)}`),
      sql`, `,
    )} from ${sql.identifier(sk.table)} where ${sql.identifier(sk.idColumn)} = ${id}`,
  );
  const gone: string[] = [];
  for (const field of fields) {
    const kind = fieldFilesKind(sk, field);
    const key = fileKeyOfUrl(String(row?.[field] ?? ''));
    const held = and(eq(files.ownerKind, kind), eq(files.ownerId, id));
    const removed = await tx
      .delete(files)
      .where(key ? and(held, ne(files.storageKey, key)) : held)
      .returning({ key: files.storageKey });
    gone.push(...removed.map((r) => r.key));
    if (!key) continue;
    await tx
      .update(files)
      .set({ ownerKind: kind, ownerId: id })
      .where(
        and(
          eq(files.storageKey, key),
          or(
            and(isNull(files.ownerKind), eq(files.createUserId, user.userId)),
            and(eq(files.ownerKind, recordFilesKind(sk)), eq(files.ownerId, id)),
          ),
        ),
      );
  }
  return gone;
}

/** The owner kinds of a kind's records' files: their attachments and what their fields name. */
export const recordOwnerKinds = (sk: ServerKind) => [
  recordFilesKind(sk),
  ...(sk.fileUrlFields ?? []).map((f) => fieldFilesKind(sk, f)),
];

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerRecordFileOwners(registry: { fileOwners: FileOwnerRegistry; kinds: KindRegistry }): void {
  // Once per kind of the shared descriptors (the registry refuses a second registration).
  for (const kind of recordKinds)
    registry.fileOwners.register(
      `crm_${kind.key}`,
      recordFileOwner(() => registry.kinds.of(kind.label)),
    );
}
