import { MenuOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Drawer, Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLang } from '@/i18n';
import { areaHomePath, visibleAreas } from '../access';
import { areas } from '../areas';
import type { AppArea } from '../route-types';
import { useSession } from '../session';
import { layoutMessages } from './messages';
import { useAreaMenu } from './SideMenu';

/**
 * At phone width (issue 26 item 7) the side menu and the top navigation fold into one drawer
 * behind the header's menu button: the current area's pages, its quick-add entries, then the
 * other areas. It closes on every navigation.
 */
export function PhoneMenu({ currentArea }: { currentArea: AppArea | undefined }) {
  const t = layoutMessages();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address closes the drawer.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <Button
        type="text"
        className="crm-phone-menu-button"
        icon={<MenuOutlined />}
        aria-label={t('menu')}
        data-testid="phone-menu"
        onClick={() => setOpen(true)}
      />
      <Drawer
        placement="left"
        open={open}
        onClose={() => setOpen(false)}
        size={280}
        title={currentArea ? undefined : t('menu')}
        className="crm-phone-drawer"
        styles={{ body: { padding: 0 } }}
      >
        {open && <PhoneMenuBody currentArea={currentArea} />}
      </Drawer>
    </>
  );
}

function PhoneMenuBody({ currentArea }: { currentArea: AppArea | undefined }) {
  const t = layoutMessages();
  const { auth } = useSession();
  const { lang } = useLang();
  const navigate = useNavigate();
  const others = visibleAreas(auth, areas).filter((a) => a.path !== currentArea?.path);
  const items: MenuProps['items'] = [];
  const area = useAreaMenu(currentArea);
  if (currentArea) {
    items.push({ type: 'group', key: 'area', label: currentArea.title[lang], children: area.items });
    if (area.quickAdd.length)
      items.push({
        type: 'group',
        key: 'quick',
        label: t('quickAdd'),
        children: area.quickAdd.map((q) => ({ key: q.to, icon: q.icon ?? <PlusOutlined />, label: q.title[lang] })),
      });
  }
  if (others.length)
    items.push({
      type: 'group',
      key: 'areas',
      label: t('otherAreas'),
      children: others.map((a) => ({ key: `area:${a.path}`, icon: a.icon, label: a.title[lang] })),
    });
  return (
    <Menu
      className="crm-phone-nav"
      mode="inline"
      selectedKeys={area.selected}
      items={items}
      onClick={({ key }) => {
        if (!key.startsWith('area:')) return navigate(key);
        const target = others.find((a) => `area:${a.path}` === key);
        const home = target && areaHomePath(auth, target);
        if (home) navigate(home);
      }}
    />
  );
}
