import { type FileInfo, type FileRenameInput, keepExtension, Msg } from '@crm/shared';
import type { SessionUser } from '../auth/session.ts';
import { forbidden, notFound } from '../core/errors.ts';
import type { Ctx } from '../core/route.ts';
import type { Tx } from '../db/client.ts';
import { deleteFileRow, type FileRow, findFileById, findRowById, renameFileRow } from './repository.ts';

/** Only the uploader or a super admin may change or remove a file. */
async function ownedFile(db: Tx, user: SessionUser, id: number): Promise<FileRow> {
  const row = await findRowById(db, id);
  if (!row) throw notFound(Msg.fileNotFound);
  if (row.createUserId !== user.userId && !user.isSuper) throw forbidden(Msg.forbidden);
  return row;
}

/** Remove the record, then the bytes (a failure to remove bytes leaves an orphan, never a broken record). */
export async function removeFile(ctx: Ctx, user: SessionUser, id: number): Promise<void> {
  const row = await ownedFile(ctx.db, user, id);
  await deleteFileRow(ctx.db, row.id);
  await ctx.storage.remove(row.storageKey).catch(() => {});
}

export async function renameFile(ctx: Ctx, user: SessionUser, input: FileRenameInput): Promise<FileInfo> {
  const row = await ownedFile(ctx.db, user, input.fileId);
  await renameFileRow(ctx.db, row.id, keepExtension(input.name, row.name));
  return (await findFileById(ctx.db, row.id))!;
}
