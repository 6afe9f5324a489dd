import { Modal, Typography } from 'antd';
import { useBrowserMessages } from './messages';
import { supportedBrowsers } from './targets';

/** 支持的浏览器: the build's browser floor, and the answer to "where is the client download". */
export function BrowsersDialog({ onClose }: { onClose: () => void }) {
  const t = useBrowserMessages();
  return (
    <Modal
      open
      title={t('title')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('ok')}
      cancelButtonProps={{ hidden: true }}
    >
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <ul data-testid="supported-browsers">
        {supportedBrowsers().map((b) => (
          <li key={b.key}>
            {t(b.key as 'chrome')} {t('atLeast', { version: b.version })}
          </li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary">{t('noClient')}</Typography.Paragraph>
    </Modal>
  );
}
