import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../../files/serve.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook download: its Chinese name as RFC 5987 UTF-8, never cached, never sniffed. */
export function sendWorkbookHeaders(reply: FastifyReply, fileName: string) {
  reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
}

/** Send a workbook built in memory (templates and import reports are small). */
export async function sendWorkbook(reply: FastifyReply, fileName: string, bytes: ArrayBuffer | Buffer) {
  sendWorkbookHeaders(reply, fileName);
  return reply.send(Buffer.from(bytes as ArrayBuffer));
}
