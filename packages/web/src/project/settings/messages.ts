import { defineMessages } from '@/i18n';

/** The generic settings page's own words; a kind's titles and labels come from its declaration. */
export const useSettingsMessages = defineMessages({
  zh: {
    searchPlaceholder: '搜索',
    all: '全部',
    enabledOnly: '已启用',
    disabledOnly: '已停用',
    yes: '是',
    no: '否',
    addRow: '添加一行',
    removeRow: '删除此行',
    moveUp: '上移',
    moveDown: '下移',
    deleteConfirm: '确定删除该{title}吗？',
    updateTime: '更新时间',
    choose: '请选择',
    noRows: '暂无{label}',
    total: '共 {n} 条',
  },
  en: {
    searchPlaceholder: 'Search',
    all: 'All',
    enabledOnly: 'Enabled',
    disabledOnly: 'Disabled',
    yes: 'Yes',
    no: 'No',
    addRow: 'Add a row',
    removeRow: 'Remove this row',
    moveUp: 'Move up',
    moveDown: 'Move down',
    deleteConfirm: 'Delete this {title}?',
    updateTime: 'Updated',
    choose: 'Choose',
    noRows: 'No {label}',
    total: '{n} in all',
  },
});
