import { Result } from 'antd';
import { defineMessages } from '@/i18n';

const useMessages = defineMessages({
  zh: { title: '无法打开此页面', noToken: '链接不完整，请向工作人员索取新的链接' },
  en: { title: 'This page cannot be opened', noToken: 'The link is incomplete; ask the staff for a new one' },
});

/** What an open page shows when its link does not open it (the server's message, or a missing token). */
export function OpenRefused({ msg }: { msg?: string }) {
  const t = useMessages();
  return <Result status="warning" title={t('title')} subTitle={msg || t('noToken')} />;
}
