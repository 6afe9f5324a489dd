import { authHas, type CallLogRow } from '@crm/shared';
import { Card, Tabs } from 'antd';
import { useSession } from '@/shell/session';
import { CallLogTab } from './CallLogTab';
import { ExtensTab, MyExtenTab } from './ExtensTabs';
import { useCallMessages } from './messages';
import { SettingsTab } from './SettingsTab';

export type { CallLogRow };

/**
 * 呼叫中心 (CRM, issue 25): the call log (mine, or someone's in my data scope), my extension, and
 * for administrators the company's extensions and the telephony provider.
 */
export default function CallCentrePage() {
  const t = useCallMessages();
  const { auth } = useSession();
  const can = (key: string) => authHas(auth, key);
  const tabs = [
    can('crm:call:index') && { key: 'log', label: t('log'), children: <CallLogTab /> },
    can('crm:call:call') && { key: 'mine', label: t('myExten'), children: <MyExtenTab /> },
    can('crm:call:manage') && { key: 'extens', label: t('extens'), children: <ExtensTab /> },
    can('crm:call:manage') && { key: 'settings', label: t('settings'), children: <SettingsTab /> },
  ].filter((x) => x !== false);
  return (
    <Card title={t('title')} data-testid="call-centre">
      <Tabs items={tabs} destroyOnHidden />
    </Card>
  );
}
