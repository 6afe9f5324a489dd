import { Button, Modal, QRCode, Space, Typography } from 'antd';
import { useState } from 'react';
import { defineMessages } from '@/i18n';
import { call } from '@/shell/call';
import { showTime } from '@/shell/time';

const useMessages = defineMessages({
  zh: {
    button: '评价链接',
    title: '顾客评价链接',
    hint: '请顾客用手机扫码或打开链接评价，链接只能提交一次，{time}前有效。再次生成会作废之前的链接。',
    close: '关闭',
  },
  en: {
    button: 'Review link',
    title: 'Review link',
    hint: 'The customer scans the code or opens the link on a phone; it submits once and is valid until {time}. Making it again retires the earlier one.',
    close: 'Close',
  },
});

/**
 * 顾客评价 (issue 25, h-coupons): make a treatment's review link to hand to the customer (QR code
 * and address, shown once: the server keeps only the token's hash, so each click makes a new one).
 */
export function ReviewLinkButton({ treatmentId }: { treatmentId: number }) {
  const t = useMessages();
  const [link, setLink] = useState<{ url: string; expireTime: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      const made = await call('/evaluate/reviewLink', { treatmentId });
      setLink({ url: `${window.location.origin}${made.path}`, expireTime: made.expireTime });
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" type="link" loading={busy} onClick={make}>
        {t('button')}
      </Button>
      {link && (
        <Modal
          open
          title={t('title')}
          onCancel={() => setLink(null)}
          footer={<Button onClick={() => setLink(null)}>{t('close')}</Button>}
        >
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <QRCode value={link.url} />
            <Typography.Paragraph
              copyable={{ text: link.url }}
              data-testid="review-link"
              style={{ wordBreak: 'break-all' }}
            >
              {link.url}
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('hint', { time: showTime(link.expireTime) })}</Typography.Text>
          </Space>
        </Modal>
      )}
    </>
  );
}
