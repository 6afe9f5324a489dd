import { ApartmentOutlined, IdcardOutlined } from '@ant-design/icons';
import { Card, Space, Typography } from 'antd';
import { useLang } from '@/i18n';
import { UserAvatar } from '@/shell/layout/UserAvatar';
import { useSession } from '@/shell/session';
import { nowInZone } from '@/shell/time';
import { homeMessages } from './messages';

type Greeting = 'morning' | 'noon' | 'afternoon' | 'evening';
export const greetingOf = (hour: number): Greeting =>
  hour < 11 ? 'morning' : hour < 13 ? 'noon' : hour < 18 ? 'afternoon' : 'evening';

export function GreetingCard() {
  const t = homeMessages();
  const { lang } = useLang();
  const { user } = useSession();
  const now = nowInZone();
  const date = now.format(lang === 'zh' ? 'YYYY年M月D日 dddd' : 'dddd, MMMM D, YYYY');
  return (
    <Card variant="borderless" className="wb-greeting">
      <Space size={20} align="center">
        <UserAvatar name={user.realname} img={user.img} size={64} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t(greetingOf(now.hour()), { name: user.realname })}
          </Typography.Title>
          <Space size={20} wrap style={{ marginTop: 8, color: '#646a73' }}>
            <span>
              <IdcardOutlined /> {user.post || t('noPost')}
            </span>
            <span>
              <ApartmentOutlined /> {user.deptName || t('noDept')}
            </span>
          </Space>
          <div style={{ marginTop: 4, color: '#8f959e', fontSize: 13 }}>{t('today', { date })}</div>
        </div>
      </Space>
    </Card>
  );
}
