import { defineMessages } from '@/i18n';

export const useCustomerTagMessages = defineMessages({
  zh: { tags: '标签', none: '暂无标签', edit: '设置标签', save: '保存', cancel: '取消' },
  en: { tags: 'Tags', none: 'No tags', edit: 'Set tags', save: 'Save', cancel: 'Cancel' },
});
