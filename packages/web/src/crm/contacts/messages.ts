import { defineMessages } from '@/i18n';

export const useContactsMessages = defineMessages({
  zh: {
    tab: '联系人',
    create: '新建联系人',
    name: '姓名',
    mobile: '手机',
    telephone: '电话',
    policymaker: '是否关键决策人',
    post: '职务',
    yes: '是',
    no: '否',
    empty: '暂无联系人',
    saveAndNewContact: '保存并新建联系人',
  },
  en: {
    tab: 'Contacts',
    create: 'New contact',
    name: 'Name',
    mobile: 'Mobile',
    telephone: 'Telephone',
    policymaker: 'Key decision maker',
    post: 'Position',
    yes: 'Yes',
    no: 'No',
    empty: 'No contacts yet',
    saveAndNewContact: 'Save and add a contact',
  },
});
