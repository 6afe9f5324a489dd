import { Msg } from '@crm/shared';
import { defineMessages } from '@/i18n';

/** Words the manager pages share; each page keeps its own dictionary for the rest. */
export const useCommonMessages = defineMessages({
  zh: {
    add: '新建',
    edit: '编辑',
    delete: '删除',
    save: '保存',
    cancel: '取消',
    ok: '确定',
    search: '搜索',
    actions: '操作',
    confirmTitle: '提示',
    addSuccess: Msg.addSuccess,
    editSuccess: Msg.editSuccess,
    opSuccess: Msg.opSuccess,
    deleteSuccess: Msg.deleteSuccess,
    saveSuccess: Msg.saveSuccess,
    noData: Msg.noData,
  },
  en: {
    add: 'New',
    edit: 'Edit',
    delete: 'Delete',
    save: 'Save',
    cancel: 'Cancel',
    ok: 'OK',
    search: 'Search',
    actions: 'Actions',
    confirmTitle: 'Notice',
    addSuccess: 'Added',
    editSuccess: 'Saved',
    opSuccess: 'Done',
    deleteSuccess: 'Deleted',
    saveSuccess: 'Saved',
    noData: 'No data found',
  },
});
