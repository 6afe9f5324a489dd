import type { FileInfo } from '@crm/shared';

/** A stored file as the file calls answer it: an image of batch `b-1` that 孙丽 uploaded, unless said. */
export const fileInfo = (fileId: number, name: string, over: Partial<FileInfo> = {}): FileInfo => ({
  fileId,
  batchId: 'b-1',
  name,
  size: 1024,
  url: `/file/view/k${fileId}`,
  type: 'img',
  mime: 'image/png',
  createTime: '2026-11-20 10:00:00',
  createUserId: 5,
  createUserName: '孙丽',
  staged: false,
  ...over,
});
