import { Layout } from 'antd';
import { useNavigate } from 'react-router';
import type { AppArea } from '../route-types';
import { useBrand } from '../sys-config';
import { ChatEntry } from './ChatEntry';
import { TopNav } from './TopNav';
import { UserMenu } from './UserMenu';

/** Logo and title (system configuration), the areas, the user menu. */
export function HeaderBar({ currentArea }: { currentArea: AppArea | undefined }) {
  const brand = useBrand();
  const navigate = useNavigate();
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
      <ChatEntry />
      <UserMenu />
    </Layout.Header>
  );
}
