import { randomBytes, randomUUID } from 'node:crypto';
import { cleanFileName, FILE_NAME_MAX, type FileInfo, fitFileName, Msg, type UploadType } from '@crm/shared';
import type { SessionUser } from '../auth/session.ts';
import { badRequest } from '../core/errors.ts';
import type { Ctx } from '../core/route.ts';
import { sweepStaged } from './attach.ts';
import type { UploadedFile } from './multipart.ts';
import { insertFile } from './repository.ts';
import { extensionFits, type Sniffed, sniff } from './sniff.ts';

export type StoreUploadOptions = {
  file: UploadedFile | null;
  /** Absent: the file starts a new batch. */
  batchId?: string;
  type: UploadType;
};

/** 24 url-safe characters (144 random bits): the storage key and the unguessable part of the url. */
export const newStorageKey = () => randomBytes(18).toString('base64url');

/**
 * Check what the bytes really are, store them under a random key and record the file, staged:
 * it belongs to nothing (and only its uploader sees it) until a record's save attaches it.
 */
export async function storeUpload(ctx: Ctx, user: SessionUser, opts: StoreUploadOptions): Promise<FileInfo> {
  const { file } = opts;
  if (!file || file.bytes.length === 0) throw badRequest(Msg.fileRequired);
  const sniffed = await sniff(file.filename, file.bytes);
  if (opts.type === 'img' && !sniffed?.image) throw badRequest(Msg.fileNotImage);
  if (!sniffed) throw badRequest(Msg.fileTypeRejected);

  const key = newStorageKey();
  await ctx.storage.put(key, file.bytes);
  let info: FileInfo;
  try {
    info = await insertFile(ctx.db, {
      batchId: opts.batchId ?? randomUUID().replaceAll('-', ''),
      name: storedName(file.filename, sniffed),
      size: file.bytes.length,
      mime: sniffed.mime,
      type: opts.type,
      storageKey: key,
      createUserId: user.userId,
    });
  } catch (err) {
    await ctx.storage.remove(key).catch(() => {});
    throw err;
  }
  // Uploads are where abandoned ones pile up, so they are also where a few old ones are cleared.
  await sweepStaged(ctx.db, ctx.storage);
  return info;
}

/**
 * The name to keep: the shared name rules (cleanFileName), an extension that matches the content
 * ("photo" or "photo.exe" holding a PNG become "photo.png" / "photo.exe.png"), at most
 * FILE_NAME_MAX characters with the extension kept.
 */
export function storedName(filename: string, sniffed: Sniffed): string {
  let name = cleanFileName(filename) || 'file';
  if (!extensionFits(name, sniffed)) name = `${name}.${sniffed.ext}`;
  return fitFileName(name, FILE_NAME_MAX);
}
