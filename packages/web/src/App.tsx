import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { LangProvider, useLang } from './i18n';
import { FeedbackBinder } from './shell/feedback';
import { routes } from './shell/router';
import { theme } from './shell/theme';

const router = createBrowserRouter(routes);
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/** Providers: server state, language, antd theme and locale, antd feedback for the request layer, router. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LangProvider>
        <ThemedApp />
      </LangProvider>
    </QueryClientProvider>
  );
}

function ThemedApp() {
  const { lang } = useLang();
  // Before rendering, so date pickers and relative times already use the language.
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={theme}>
      <AntApp>
        <FeedbackBinder />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
