import {
  cleanFileName,
  FILE_NAME_MAX,
  type FileInfo,
  type FileRenameInput,
  fitFileName,
  keepExtension,
  Msg,
} from '@crm/shared';
import type { SessionUser } from '../auth/session.ts';
import { badRequest, forbidden, notFound } from '../core/errors.ts';
import type { Ctx } from '../core/route.ts';
import type { Tx } from '../db/client.ts';
import { deleteFileRow, type FileRow, findFileById, findRowById, renameFileRow } from './repository.ts';

/**
 * Only the uploader (or a super admin) may change or remove a staged file. A file saved with a
 * record changes only through that record's save, so a cancelled edit cannot have changed it.
 */
async function changeableFile(db: Tx, user: SessionUser, id: number): Promise<FileRow> {
  const row = await findRowById(db, id);
  if (!row) throw notFound(Msg.fileNotFound);
  if (row.createUserId !== user.userId && !user.isSuper) throw forbidden(Msg.forbidden);
  if (row.ownerKind !== null) throw badRequest(Msg.fileAttached);
  return row;
}

/** Remove the record, then the bytes (a failure to remove bytes leaves an orphan, never a broken record). */
export async function removeFile(ctx: Ctx, user: SessionUser, id: number): Promise<void> {
  const row = await changeableFile(ctx.db, user, id);
  await deleteFileRow(ctx.db, row.id);
  await ctx.storage.remove(row.storageKey).catch(() => {});
}

/** The upload's name rules apply: no path, no control characters, the content's extension kept. */
export async function renameFile(ctx: Ctx, user: SessionUser, input: FileRenameInput): Promise<FileInfo> {
  const row = await changeableFile(ctx.db, user, input.fileId);
  const clean = cleanFileName(input.name);
  if (!clean) throw badRequest(Msg.fileNameRequired);
  await renameFileRow(ctx.db, row.id, fitFileName(keepExtension(clean, row.name), FILE_NAME_MAX));
  return (await findFileById(ctx.db, row.id))!;
}
