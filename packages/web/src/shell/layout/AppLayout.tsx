import { authHas } from '@crm/shared';
import { Layout } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Reminders } from '@/workbench/reminders/Reminders';
import { areaOfPath, isAreaVisible } from '../access';
import { areas } from '../areas';
import { importWithRetry } from '../lazy';
import { PageLoading } from '../page-loading';
import { isPhoneNow, isWidePath, usePhone } from '../phone';
import { PageErrorBoundary } from '../route-error';
import { useSession } from '../session';
import { topRoutes } from '../top-routes';
import { HeaderBar } from './HeaderBar';
import './layout.css';
import { SideMenu } from './SideMenu';

// Only at phone width, for a page made for a larger screen: not in the first load.
const WideNotice = lazy(() => importWithRetry(() => import('./WideNotice')).then((m) => ({ default: m.WideNotice })));

/** Top bar, the current area's side menu, and the page. The personal center has no side menu. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { auth } = useSession();
  const { pathname } = useLocation();
  const phone = usePhone();
  const area = areaOfPath(areas, pathname);
  const showSider = area !== undefined && isAreaVisible(auth, area);
  // Task and event reminders pop up wherever the user is, not only on their own pages.
  const reminded = authHas(auth, 'oa.task.use') || authHas(auth, 'oa.event.use');
  // Phone width: a page made for a larger screen gives way to a notice, unless the user asked for it anyway.
  const [anyway, setAnyway] = useState<string | null>(null);
  // Decided when the page opens, not on every resize: a window narrowed (or a full-page screenshot)
  // must not unmount a page with an open form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-decided per address on purpose.
  const openedOnPhone = useMemo(() => isPhoneNow(), [pathname]);
  const notice = openedOnPhone && anyway !== pathname && isWidePath(areas, topRoutes, pathname);
  return (
    <Layout className="crm-layout">
      {reminded && <Reminders />}
      <HeaderBar currentArea={showSider ? area : undefined} phone={phone} />
      <Layout>
        {showSider && !phone && <SideMenu area={area} />}
        <Layout.Content className="crm-content">
          <PageErrorBoundary key={pathname}>
            <Suspense fallback={<PageLoading inline />}>
              {notice ? <WideNotice onShowAnyway={() => setAnyway(pathname)} /> : children}
            </Suspense>
          </PageErrorBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
