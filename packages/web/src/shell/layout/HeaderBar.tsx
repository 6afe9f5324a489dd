import { Layout } from 'antd';
import { useNavigate } from 'react-router';
import { isApplicationOn } from '../applications';
import type { AppArea } from '../route-types';
import { useSession } from '../session';
import { useBrand } from '../sys-config';
import { ChatEntry } from './ChatEntry';
import { TopNav } from './TopNav';
import { UserMenu } from './UserMenu';

/** Logo and title (system configuration), the areas, the user menu. */
export function HeaderBar({ currentArea }: { currentArea: AppArea | undefined }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const { auth } = useSession();
  return (
    <Layout.Header className="crm-header">
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
      <TopNav currentArea={currentArea} />
      {/* Chat switched off for the company (issue 25): no entry. */}
      {isApplicationOn(auth, 'chat') && <ChatEntry />}
      <UserMenu />
    </Layout.Header>
  );
}
