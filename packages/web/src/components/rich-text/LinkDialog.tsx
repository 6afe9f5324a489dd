import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import type { EditorT } from './messages';
import { normaliseLink } from './rules';

export type LinkValue = { href: string; text: string; newTab: boolean };

/**
 * 超链接: address, text and "open in a new window". An address without a protocol gets
 * http:// with the warning shown before it is inserted; script addresses are refused.
 */
export function LinkDialog({
  t,
  open,
  initial,
  onOk,
  onCancel,
}: {
  t: EditorT;
  open: boolean;
  initial: LinkValue;
  onOk: (link: LinkValue) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const normalised = value.href.trim() ? normaliseLink(value.href) : null;
  const submit = () => {
    const link = normaliseLink(value.href);
    if (!link) {
      setError(t('linkInvalid'));
      return;
    }
    onOk({ ...value, href: link.href, text: value.text.trim() || link.href });
  };
  return (
    <Modal
      open={open}
      title={t('linkTitle')}
      onOk={submit}
      onCancel={onCancel}
      okText={t('ok')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('linkUrl')} validateStatus={error ? 'error' : undefined} help={error || undefined}>
          <Input
            autoFocus
            data-testid="link-url"
            value={value.href}
            onChange={(e) => {
              setError('');
              setValue({ ...value, href: e.target.value });
            }}
            onPressEnter={submit}
          />
        </Form.Item>
        {normalised?.protocolAdded && (
          <Alert
            type="warning"
            showIcon
            message={t('linkNoProtocol')}
            data-testid="link-protocol-warning"
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item label={t('linkText')}>
          <Input
            data-testid="link-text"
            value={value.text}
            onChange={(e) => setValue({ ...value, text: e.target.value })}
          />
        </Form.Item>
        <Checkbox checked={value.newTab} onChange={(e) => setValue({ ...value, newTab: e.target.checked })}>
          {t('linkNewTab')}
        </Checkbox>
      </Form>
    </Modal>
  );
}
