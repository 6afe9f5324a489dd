import { Msg } from '@crm/shared';
import { defineMessages } from '@/i18n';

export const useLinkPickerMessages = defineMessages({
  zh: {
    title: '选择{name}',
    scene: '场景',
    search: '搜索{name}（名称或拼音）',
    owner: '负责人',
    created: '创建时间',
    prev: '上一页',
    next: '下一页',
    pageOf: '第 {page} / {pages} 页，共 {total} 条',
    selected: '已选 {n} 项',
    ok: '确定',
    cancel: '取消',
    noData: Msg.noData,
    choose: '选择{name}',
    remove: '移除',
    none: '未关联',
  },
  en: {
    title: 'Select {name}',
    scene: 'Scene',
    search: 'Search {name} (name or pinyin)',
    owner: 'Owner',
    created: 'Created',
    prev: 'Previous',
    next: 'Next',
    pageOf: 'Page {page} of {pages}, {total} in all',
    selected: '{n} selected',
    ok: 'OK',
    cancel: 'Cancel',
    noData: 'No data found',
    choose: 'Select {name}',
    remove: 'Remove',
    none: 'None linked',
  },
});
