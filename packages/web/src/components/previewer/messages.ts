import { Msg } from '@crm/shared';
import { defineMessages } from '@/i18n';

export const usePreviewerMessages = defineMessages({
  zh: {
    firstImage: Msg.firstImage,
    lastImage: Msg.lastImage,
    noData: Msg.noData,
    download: '下载',
    zoomIn: '放大',
    zoomOut: '缩小',
    rotate: '旋转',
    close: '关闭',
    prev: '上一张',
    next: '下一张',
    preview: '文件预览',
    noPreview: '该文件不支持在线预览，请下载后查看',
  },
  en: {
    firstImage: 'This is already the first one!',
    lastImage: 'This is already the last one!',
    noData: 'No data found',
    download: 'Download',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    rotate: 'Rotate',
    close: 'Close',
    prev: 'Previous',
    next: 'Next',
    preview: 'File preview',
    noPreview: 'This file cannot be previewed here; download it to open it',
  },
});
