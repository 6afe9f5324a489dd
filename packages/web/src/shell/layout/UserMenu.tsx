import {
  CheckOutlined,
  DownOutlined,
  GlobalOutlined,
  InfoCircleOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { type Lang, useLang } from '@/i18n';
import { useFeedbackEntry } from '@/manager/feedback/feedback-entry'; // Feedback (issue 25, h-feedback)
import { areaHomePath, canEnterBackstage, PERSON_HOME } from '../access';
import { areas } from '../areas';
import { useBrowsersEntry } from '../browsers/browsers-entry'; // Supported browsers (issue 25, h-crmwb)
import { PRODUCT_VERSION } from '../constants';
import { logoutAndReload } from '../request';
import { useSession } from '../session';
import { layoutMessages } from './messages';
import { UserAvatar } from './UserAvatar';

/** Spec 2.4: personal center, language, version, admin backend entry, logout. */
export function UserMenu() {
  const t = layoutMessages();
  const { user, auth } = useSession();
  const { lang, setLang } = useLang();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const feedback = useFeedbackEntry(); // Feedback (issue 25, h-feedback)
  const browsers = useBrowsersEntry(); // Supported browsers, no desktop client (issue 25, h-crmwb)
  const manager = areas.find((a) => a.key === 'manager');
  const backstage = canEnterBackstage(auth) && manager ? areaHomePath(auth, manager) : undefined;

  const langItem = (l: Lang, label: string) => ({
    key: `lang:${l}`,
    // Each language is named in itself (中文 in English mode too): the `lang` attribute says so.
    label: <span lang={l === 'zh' ? 'zh-CN' : 'en'}>{label}</span>,
    extra: lang === l ? <CheckOutlined /> : undefined,
  });
  const items: MenuProps['items'] = [
    { key: 'person', icon: <UserOutlined />, label: t('personalCenter') },
    ...(backstage ? [{ key: 'backstage', icon: <SettingOutlined />, label: t('backstage') }] : []),
    feedback.item, // Feedback (issue 25, h-feedback)
    browsers.item, // Supported browsers (issue 25, h-crmwb)
    {
      key: 'lang',
      icon: <GlobalOutlined />,
      label: t('language'),
      children: [langItem('zh', t('chinese')), langItem('en', t('english'))],
    },
    {
      key: 'version',
      icon: <InfoCircleOutlined />,
      label: t('version', { version: PRODUCT_VERSION }),
      disabled: true,
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (feedback.onKey(key)) return; // Feedback (issue 25, h-feedback)
    if (browsers.onKey(key)) return; // Supported browsers (issue 25, h-crmwb)
    if (key === 'person') navigate(PERSON_HOME);
    else if (key === 'backstage' && backstage) navigate(backstage);
    else if (key.startsWith('lang:')) setLang(key.slice(5) as Lang);
    else if (key === 'logout') {
      modal.confirm({
        title: t('logoutTitle'),
        content: t('logoutContent'),
        okText: t('ok'),
        cancelText: t('cancel'),
        onOk: () => logoutAndReload(),
      });
    }
  };

  return (
    <>
      {feedback.dialog /* Feedback (issue 25, h-feedback) */}
      {browsers.dialog /* Supported browsers (issue 25, h-crmwb) */}
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{ items, onClick }}
        popupRender={(menu) => (
          <div className="crm-usermenu">
            <div className="crm-usermenu-head">
              <UserAvatar name={user.realname} img={user.img} size={40} />
              <div className="crm-usermenu-who">
                <div className="crm-usermenu-name">{user.realname}</div>
                <div className="crm-usermenu-sub">{[user.deptName, user.post].filter(Boolean).join(' · ')}</div>
              </div>
            </div>
            {menu}
          </div>
        )}
      >
        <button type="button" className="crm-user" data-testid="user-menu">
          <UserAvatar name={user.realname} img={user.img} />
          <span className="crm-user-name">{user.realname}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
    </>
  );
}
