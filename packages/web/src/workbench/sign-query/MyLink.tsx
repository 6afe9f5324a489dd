import { App, Button, Card, QRCode, Space, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import { signApi } from './api';
import type { SignQueryT } from './messages';

/** One's own /signH5 link as a QR code; the token is shown only when made, so each visit makes a new one. */
export function MyLink({ t }: { t: SignQueryT }) {
  const { message } = App.useApp();
  const [link, setLink] = useState<{ url: string; expireTime: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      const made = await signApi.myLink();
      setLink({ url: `${window.location.origin}${made.path}`, expireTime: made.expireTime });
      message.success(t('linkMade'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('myLink')}>
      <Space align="start" wrap>
        {link && <QRCode value={link.url} data-testid="sign-qr" />}
        <Space orientation="vertical">
          <Typography.Text type="secondary">{t('linkHint')}</Typography.Text>
          <Button type="primary" loading={busy} onClick={make} data-testid="sign-make-link">
            {t('makeLink')}
          </Button>
          {link && (
            <>
              <Typography.Text copyable={{ text: link.url }} data-testid="sign-link" data-url={link.url}>
                {t('copy')}
              </Typography.Text>
              <Typography.Text type="secondary">{t('expires', { time: showTime(link.expireTime) })}</Typography.Text>
            </>
          )}
        </Space>
      </Space>
    </Card>
  );
}
