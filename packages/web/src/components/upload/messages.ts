import { Msg } from '@crm/shared';
import { defineMessages } from '@/i18n';

export const useUploadMessages = defineMessages({
  zh: {
    uploadFile: '上传附件',
    uploadImage: '上传图片',
    tip: '提示',
    deleteConfirm: Msg.deleteFileConfirm,
    ok: '确定',
    cancel: '取消',
    opSuccess: Msg.opSuccess,
    opCancelled: Msg.opCancelled,
    preview: '预览',
    download: '下载',
    rename: '重命名',
    remove: '删除',
    nameRequired: Msg.fileNameRequired,
    empty: '暂无附件',
  },
  en: {
    uploadFile: 'Upload file',
    uploadImage: 'Upload image',
    tip: 'Notice',
    deleteConfirm: 'Are you sure you want to delete this file?',
    ok: 'OK',
    cancel: 'Cancel',
    opSuccess: 'Operation succeeded',
    opCancelled: 'Operation cancelled',
    preview: 'Preview',
    download: 'Download',
    rename: 'Rename',
    remove: 'Delete',
    nameRequired: 'Please enter a file name',
    empty: 'No attachments',
  },
});
