import { fillMsg, Msg } from '@crm/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../core/errors.ts';

export type UploadedFile = { filename: string; bytes: Buffer };
export type FormInput = { fields: Record<string, unknown>; file: UploadedFile | null };

/**
 * The fields and the `file` part of a multipart body, in whatever order the client sent them;
 * a form-encoded or JSON body answers its fields and no file. The plugin's size limit makes
 * `toBuffer` throw FST_REQ_FILE_TOO_LARGE, which app.ts answers with the size message.
 */
export async function readForm(req: FastifyRequest, maxMb: number): Promise<FormInput> {
  const base = { ...(req.query as Record<string, unknown>) };
  if (!req.isMultipart()) return { fields: { ...base, ...((req.body as Record<string, unknown>) ?? {}) }, file: null };
  const fields: Record<string, unknown> = base;
  let file: UploadedFile | null = null;
  await readingMultipart(async () => {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw badRequest(fillMsg(Msg.fileTooLarge, { size: maxMb }));
        if (part.fieldname === 'file' && !file) file = { filename: part.filename, bytes };
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  });
  return { fields, file };
}

/**
 * Run a read of a multipart body, answering a body the parser cannot finish (cut before its
 * closing boundary, a malformed part header, a dropped connection) as the client's fault: busboy
 * throws plain Errors for those, which would otherwise be a logged 500. Our own refusals and the
 * plugin's coded limits (FST_…, answered in app.ts) pass through unchanged.
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('FST_')) throw err;
    throw badRequest(Msg.uploadIncomplete);
  }
}
