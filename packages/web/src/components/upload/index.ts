export { fetchBatch, fileKeys, removeFile, renameFile, uploadFile } from './api';
export { FileUploadList, type FileUploadListProps } from './FileUploadList';
export { type UploadSession, UploadSessionProvider, useCurrentUploadSession, useUploadSession } from './session';
