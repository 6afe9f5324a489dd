import { MenuFoldOutlined, MenuUnfoldOutlined, PlusOutlined } from '@ant-design/icons';
import { authHas } from '@crm/shared';
import { Badge, Button, Dropdown, Layout, Menu } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '@/i18n';
import { BADGE_MAX, menuRoutes, routePath } from '../access';
import { useAreaViews } from '../area-views';
import type { AppArea } from '../route-types';
import { useSession } from '../session';
import { useBadgeCounts } from '../todo-counts';
import { layoutMessages } from './messages';

/** Spec 9: the labels of the collapse control appear 300 ms after the sider opens. */
export const COLLAPSE_LABEL_DELAY_MS = 300;
const COLLAPSED_KEY = 'siderCollapsed';
/** Wide enough for the longest label of each language ("Approval management"), not wider: tables need the room. */
export const SIDER_WIDTH = { zh: 208, en: 224 } as const;

/** True `delay` ms after `value` turns true; false at once. */
export function useDelayedTrue(value: boolean, delay: number): boolean {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (!value) {
      setShown(false);
      return;
    }
    const id = window.setTimeout(() => setShown(true), delay);
    return () => window.clearTimeout(id);
  }, [value, delay]);
  return shown;
}

/**
 * The side menu's entries of an area, its quick-add entries and the selected key (also the phone
 * drawer's). Titles, icons and quick-add come with the area's views: empty until they arrive.
 */
export function useAreaMenu(area: AppArea | undefined) {
  const { auth } = useSession();
  const { lang } = useLang();
  const { pathname } = useLocation();
  const counts = useBadgeCounts();
  const views = useAreaViews(area?.key);
  const items =
    area && views
      ? menuRoutes(auth, area).flatMap((r) => {
          const view = views.pages[r.path];
          if (!view) return [];
          const count = view.badge ? counts[view.badge] : 0;
          return [
            {
              key: routePath(area, r),
              icon: view.icon,
              label: (
                <span className="crm-menu-label">
                  <span>{view.title[lang]}</span>
                  {count > 0 && <Badge count={count} overflowCount={BADGE_MAX} size="small" />}
                </span>
              ),
            },
          ];
        })
      : [];
  const quickAdd =
    area && views?.quickAdd
      ? views.quickAdd.filter((q) => auth && authHas(auth, area.access) && authHas(auth, q.access))
      : [];
  const selected = items
    .map((i) => i.key)
    .filter((k) => pathname === k || pathname.startsWith(`${k}/`))
    .sort((a, b) => b.length - a.length)
    .slice(0, 1);
  return { items, quickAdd, selected, ready: !!views };
}

export function SideMenu({ area }: { area: AppArea }) {
  const t = layoutMessages();
  const { lang } = useLang();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const showLabel = useDelayedTrue(!collapsed, COLLAPSE_LABEL_DELAY_MS);
  const { items, quickAdd, selected, ready } = useAreaMenu(area);

  const toggle = () => {
    localStorage.setItem(COLLAPSED_KEY, collapsed ? '0' : '1');
    setCollapsed(!collapsed);
  };

  return (
    <Layout.Sider
      className="crm-sider"
      width={SIDER_WIDTH[lang]}
      collapsedWidth={64}
      collapsed={collapsed}
      trigger={null}
    >
      <div className="crm-sider-inner">
        {quickAdd.length > 0 && (
          <div className="crm-quick-add">
            <Dropdown
              trigger={['click']}
              menu={{
                items: quickAdd.map((q) => ({ key: q.to, icon: q.icon, label: q.title[lang] })),
                onClick: ({ key }) => navigate(key),
              }}
            >
              <Button type="primary" block icon={<PlusOutlined />} data-testid="quick-add" aria-label={t('quickAdd')}>
                {!collapsed && t('quickAdd')}
              </Button>
            </Dropdown>
          </div>
        )}
        {/* Shown with its entries (they come with the area's views), never as an empty list first. */}
        {ready ? (
          <Menu
            className="crm-sidemenu"
            mode="inline"
            selectedKeys={selected}
            items={items}
            onClick={({ key }) => navigate(key)}
          />
        ) : (
          <div className="crm-sidemenu-pending" />
        )}
        <button
          type="button"
          className="crm-sider-toggle"
          onClick={toggle}
          aria-label={collapsed ? t('expand') : t('collapse')}
        >
          {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          {showLabel && <span>{t('collapse')}</span>}
        </button>
      </div>
    </Layout.Sider>
  );
}
