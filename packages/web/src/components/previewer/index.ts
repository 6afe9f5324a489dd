export {
  FilePreviewer,
  type FilePreviewerProps,
  isPreviewImage,
  MIN_WIDTH,
  type PreviewFile,
  ROTATE_STEP,
  TIP_MS,
  triggerDownload,
  ZOOM_IN,
  ZOOM_OUT,
} from './FilePreviewer';
export { FileTypeIcon } from './FileTypeIcon';
export { type OpenPreview, usePreviewer } from './usePreviewer';
