import { defineMessages } from '@/i18n';

export const useApplicationMessages = defineMessages({
  zh: {
    title: '应用管理',
    hint: '停用的应用从所有员工的菜单中消失，其接口不再受理；随时可以重新启用。',
    name: '应用',
    enabled: '启用',
    on: '已启用',
    off: '已停用',
    switchedOn: '已启用“{name}”',
    switchedOff: '已停用“{name}”',
  },
  en: {
    title: 'Applications',
    hint: 'A switched-off application leaves every user’s menus and its calls are refused; switch it on again at any time.',
    name: 'Application',
    enabled: 'In use',
    on: 'On',
    off: 'Off',
    switchedOn: '“{name}” switched on',
    switchedOff: '“{name}” switched off',
  },
});
