import { defineMessages } from '@/i18n';

/** The live queue's connection states (zh/en). */
export const useLiveMessages = defineMessages({
  zh: {
    open: '实时更新中',
    connecting: '连接中…',
    reconnecting: '重新连接中…',
    failed: '已断开，请刷新页面',
    loggedOut: '登录已失效',
  },
  en: {
    open: 'Live',
    connecting: 'Connecting…',
    reconnecting: 'Reconnecting…',
    failed: 'Disconnected: reload the page',
    loggedOut: 'Signed out',
  },
});
