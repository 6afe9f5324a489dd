import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { LangProvider } from './i18n';
import { retryOnce } from './shell/request';
import { routes } from './shell/router';

const router = createBrowserRouter(routes);
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: retryOnce, refetchOnWindowFocus: false } },
});

/**
 * Providers: server state, language, router. antd (theme, locale, App with message and modal)
 * wraps the signed-in shell and the 404 page only (shell/antd-provider.tsx): the login page, the
 * first page of every visit, loads no antd code.
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LangProvider>
        <RouterProvider router={router} />
      </LangProvider>
    </QueryClientProvider>
  );
}
