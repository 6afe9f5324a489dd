import { Layout } from 'antd';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { isApplicationOn } from '../applications';
import { importWithRetry } from '../lazy';
import type { AppArea } from '../route-types';
import { useSession } from '../session';
import { useBrand } from '../sys-config';
import { ChatEntry } from './ChatEntry';
import { TopNav } from './TopNav';
import { UserMenu } from './UserMenu';

// Only at phone width (its drawer is not needed on a desktop): not in the first load.
const PhoneMenu = lazy(() => importWithRetry(() => import('./PhoneMenu')).then((m) => ({ default: m.PhoneMenu })));

/**
 * Logo and title (system configuration), the areas, the user menu. At phone width the areas and
 * the side menu fold into the menu button's drawer (PhoneMenu) and the title gives way to the mark.
 */
export function HeaderBar({ currentArea, phone = false }: { currentArea: AppArea | undefined; phone?: boolean }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const { auth } = useSession();
  return (
    <Layout.Header className="crm-header">
      {phone && (
        <Suspense fallback={null}>
          <PhoneMenu currentArea={currentArea} />
        </Suspense>
      )}
      <button type="button" className="crm-brand" onClick={() => navigate('/')} title={brand.title}>
        {brand.logo ? (
          <img className="crm-brand-logo" src={brand.logo} alt="" />
        ) : (
          <span className="crm-brand-mark" aria-hidden>
            {Array.from(brand.title)[0]}
          </span>
        )}
        <span className="crm-brand-title">{brand.title}</span>
      </button>
      {phone ? <span className="crm-header-spacer" /> : <TopNav currentArea={currentArea} />}
      {/* Chat switched off for the company (issue 25): no entry. */}
      {isApplicationOn(auth, 'chat') && <ChatEntry />}
      <UserMenu />
    </Layout.Header>
  );
}
