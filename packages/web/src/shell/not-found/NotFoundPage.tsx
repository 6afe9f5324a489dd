import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { defineMessages } from '@/i18n';
import { AntdProvider } from '../antd-provider';

const messages = defineMessages({
  zh: { title: '404', subTitle: '抱歉，您访问的页面不存在或您没有访问权限', home: '返回首页' },
  en: {
    title: '404',
    subTitle: 'Sorry, this page does not exist or you are not allowed to open it.',
    home: 'Back to home',
  },
});

/** Unknown addresses and pages the user may not open (spec 2.1: `*` → /404). */
export default function NotFoundPage() {
  const t = messages();
  const navigate = useNavigate();
  return (
    <AntdProvider>
      <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Result
          status="404"
          title={t('title')}
          subTitle={t('subTitle')}
          extra={
            <Button type="primary" onClick={() => navigate('/', { replace: true })}>
              {t('home')}
            </Button>
          }
        />
      </div>
    </AntdProvider>
  );
}
