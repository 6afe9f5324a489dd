import type { FileInfo, UploadType } from '@crm/shared';
import { request } from '@/shell/request';

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
  return request<FileInfo>('/file/upload', form, { multipart: true });
}

export const fetchBatch = (batchId: string) => request<FileInfo[]>('/file/queryByBatchId', { batchId });
export const removeFile = (id: number, opts: { silent?: boolean } = {}) =>
  request<null>('/file/removeById', { id }, opts);
export const renameFile = (fileId: number, name: string) => request<FileInfo>('/file/renameFileById', { fileId, name });
