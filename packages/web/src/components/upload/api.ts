import type { FileInfo, UploadType } from '@crm/shared';
import { call } from '@/shell/call';

/** Query keys of file lists: one per batch. */
export const fileKeys = {
  all: ['files'] as const,
  batch: (batchId: string) => ['files', 'batch', batchId] as const,
};

/** One file per call (spec 9: one file per selection); no batch starts a new one. */
export function uploadFile(file: Blob, opts: { batchId?: string; type: UploadType; name?: string }): Promise<FileInfo> {
  const form = new FormData();
  form.append('type', opts.type);
  if (opts.batchId) form.append('batchId', opts.batchId);
  if (opts.name) form.append('file', file, opts.name);
  else form.append('file', file);
  return call('/file/upload', form, { multipart: true });
}

export const fetchBatch = (batchId: string) => call('/file/queryByBatchId', { batchId });
export const removeFile = (id: number, opts: { silent?: boolean } = {}) => call('/file/removeById', { id }, opts);
export const renameFile = (fileId: number, name: string) => call('/file/renameFileById', { fileId, name });
