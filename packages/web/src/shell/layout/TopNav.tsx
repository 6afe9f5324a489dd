import { Menu } from 'antd';
import { useNavigate } from 'react-router';
import { useLang } from '@/i18n';
import { areaHomePath, visibleAreas } from '../access';
import { areas } from '../areas';
import type { AppArea } from '../route-types';
import { useSession } from '../session';

/** One entry per area the user may enter (spec 6), in the declared order. */
export function TopNav({ currentArea }: { currentArea: AppArea | undefined }) {
  const { auth } = useSession();
  const { lang } = useLang();
  const navigate = useNavigate();
  const shown = visibleAreas(auth, areas);
  return (
    <Menu
      className="crm-topnav"
      mode="horizontal"
      selectedKeys={currentArea ? [currentArea.path] : []}
      items={shown.map((a) => ({ key: a.path, icon: a.icon, label: a.title[lang] }))}
      onClick={({ key }) => {
        const area = shown.find((a) => a.path === key);
        const home = area && areaHomePath(auth, area);
        if (home) navigate(home);
      }}
    />
  );
}
