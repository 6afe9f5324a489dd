import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useLang } from '@/i18n';
import { stillTheme, theme, usePrefersReducedMotion } from './theme';

/**
 * antd's theme and locale (and dayjs's language) for the pages built on antd: the signed-in shell
 * and the 404 page. The login page is plain React and CSS, so its first load carries no antd.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { lang } = useLang();
  const still = usePrefersReducedMotion();
  // Before rendering, so date pickers and relative times already use the language.
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={still ? stillTheme : theme}>
      {children}
    </ConfigProvider>
  );
}
