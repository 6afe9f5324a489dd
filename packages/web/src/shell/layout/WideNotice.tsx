import { DesktopOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { areaOfPath, isRouteAllowed, routePath } from '../access';
import { isApplicationOn } from '../applications';
import { areas } from '../areas';
import { useSession } from '../session';
import { CHAT_PATH } from './ChatEntry';
import { layoutMessages } from './messages';

/** What works on a phone (issue 26 item 7): the pages the notice offers, each when the user may open it. */
const PHONE_PAGES = [
  { to: '/workbench/examine', key: 'phoneExamine' },
  { to: '/workbench/task', key: 'phoneTask' },
  { to: CHAT_PATH, key: 'phoneChat' },
  { to: '/crm/customer', key: 'phoneCustomer' },
] as const;

/**
 * Shown at phone width instead of a page made for a larger screen (a route's `wide` flag):
 * says so, offers the pages that work on a phone, and lets the user open the page anyway.
 */
export function WideNotice({ onShowAnyway }: { onShowAnyway: () => void }) {
  const t = layoutMessages();
  const { auth } = useSession();
  const navigate = useNavigate();
  const open = PHONE_PAGES.filter((p) => {
    if (p.to === CHAT_PATH) return isApplicationOn(auth, 'chat');
    const area = areaOfPath(areas, p.to);
    return !!area?.routes.some((r) => routePath(area, r) === p.to && isRouteAllowed(auth, area, r));
  });
  return (
    <Result
      className="crm-wide-notice"
      data-testid="wide-notice"
      icon={<DesktopOutlined />}
      title={t('wideTitle')}
      subTitle={t('wideSub')}
      extra={
        <Space orientation="vertical" size={12}>
          <Space wrap size={8} className="crm-wide-notice-links">
            {open.map((p) => (
              <Button key={p.to} onClick={() => navigate(p.to)}>
                {t(p.key)}
              </Button>
            ))}
          </Space>
          <Button type="link" onClick={onShowAnyway} data-testid="wide-anyway">
            {t('wideAnyway')}
          </Button>
        </Space>
      }
    />
  );
}
