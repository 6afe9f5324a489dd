import type { FileInfo } from '@crm/shared';
import type { SessionUser } from '../auth/session.ts';
import { forbidden } from '../core/errors.ts';
import type { Tx } from '../db/client.ts';
import type { FileOwner, FileOwnerRegistry } from './owners.ts';
import { type FileRow, listBatchRows } from './repository.ts';

/**
 * Who may see a file: a staged file (not yet saved with a record) its uploader only; an attached
 * file whoever may see its owner, by the owner kind's own rule (an approval: its applicant,
 * approvers, copy recipients and super admins).
 */
const ownerOf = (row: FileRow): FileOwner | null =>
  row.ownerKind === null || row.ownerId === null ? null : { kind: row.ownerKind, id: row.ownerId };

export async function requireFileVisible(
  db: Tx,
  fileOwners: FileOwnerRegistry,
  user: SessionUser,
  row: FileRow,
): Promise<void> {
  const owner = ownerOf(row);
  const visible = owner ? await fileOwners.canSee(db, user, owner) : row.createUserId === user.userId;
  if (!visible) throw forbidden();
}

/**
 * The files of a batch the user may see: the attached ones, when the user may see every record
 * they belong to (any record the user may not see refuses the whole call with 无权访问), and the
 * user's own staged uploads. Other people's staged uploads are not part of anything yet.
 */
export async function listVisibleBatch(
  db: Tx,
  fileOwners: FileOwnerRegistry,
  user: SessionUser,
  batchId: string,
): Promise<FileInfo[]> {
  const entries = await listBatchRows(db, batchId);
  const owners = new Map<string, FileOwner>();
  for (const { row } of entries) {
    const owner = ownerOf(row);
    if (owner) owners.set(`${owner.kind}:${owner.id}`, owner);
  }
  for (const owner of owners.values()) {
    if (!(await fileOwners.canSee(db, user, owner))) throw forbidden();
  }
  return entries.filter(({ row }) => ownerOf(row) !== null || row.createUserId === user.userId).map((e) => e.info);
}
