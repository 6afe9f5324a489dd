import { FILE_KEY_PATTERN, Msg } from '@crm/shared';
import type { FastifyReply } from 'fastify';
import { notFound } from '../core/errors.ts';
import type { Ctx } from '../core/route.ts';
import { type FileRow, findFileByKey } from './repository.ts';

export type Disposition = 'inline' | 'attachment';

/** Pictures, PDFs and media open in the browser; everything else downloads. */
const opensInline = (mime: string) => /^(image|audio|video)\//.test(mime) || mime === 'application/pdf';

/** The stored file of a url key, or 文件不存在. */
export async function fileOfKey(ctx: Ctx, key: string): Promise<FileRow> {
  const row = FILE_KEY_PATTERN.test(key) ? await findFileByKey(ctx.db, key) : null;
  if (!row) throw notFound(Msg.fileNotFound);
  return row;
}

/**
 * Stream a stored file. `nosniff` and a sandboxing policy keep a browser from running anything
 * in it, whatever its bytes; the name travels as RFC 5987 UTF-8 with an ASCII fallback.
 */
export async function sendFile(ctx: Ctx, reply: FastifyReply, row: FileRow, wanted: Disposition) {
  const disposition = wanted === 'inline' && opensInline(row.mime) ? 'inline' : 'attachment';
  let stream: Awaited<ReturnType<Ctx['storage']['get']>>;
  try {
    stream = await ctx.storage.get(row.storageKey);
  } catch {
    throw notFound(Msg.fileNotFound);
  }
  reply
    .header('content-type', row.mime)
    .header('content-length', String(row.size))
    .header('content-disposition', contentDisposition(disposition, row.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=600');
  if (row.mime !== 'application/pdf') {
    // A PDF viewer is refused inside a sandbox; everything else needs no script at all.
    reply.header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
  }
  return reply.send(stream);
}

/** `attachment; filename="a_.pdf"; filename*=UTF-8''%E5%90%88.pdf` */
export function contentDisposition(kind: Disposition, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
