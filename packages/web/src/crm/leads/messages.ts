import { defineMessages } from '@/i18n';

export const useLeadsMessages = defineMessages({
  zh: {
    convert: '转换为客户',
    convertConfirm: '确定将线索“{name}”转换为客户吗？跟进记录将随之转到客户。',
    converted: '已转化',
    convertedDone: '已转换为客户',
    viewCustomer: '查看客户',
  },
  en: {
    convert: 'Convert to customer',
    convertConfirm: 'Convert the lead "{name}" into a customer? Its follow-ups move to the customer.',
    converted: 'Converted',
    convertedDone: 'Converted into a customer',
    viewCustomer: 'View customer',
  },
});
