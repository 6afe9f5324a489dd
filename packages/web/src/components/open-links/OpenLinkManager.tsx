import type { OpenLinkCreated, OpenLinkRow } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  QRCode,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useLang } from '@/i18n';
import { request } from '@/shell/request';
import { showTime } from '@/shell/time';
import { openLinkStatusColor, openLinkStatusText, useOpenLinkMessages } from './messages';

type Page = { list: OpenLinkRow[]; totalRow: number };

export type OpenLinkManagerProps = {
  /** The feature's admin calls: `${base}/list|create|revoke` (core/open-links/routes.ts). */
  base: string;
  /** Most days a link of this purpose may live (the server's limit). */
  maxDays: number;
  defaultDays?: number;
  /** The feature's own fields of a new link (a store), as Form.Items. */
  extraFields?: ReactNode;
  /** A column describing the link's subject (which store). */
  subjectColumn?: { title: string; render: (subject: Record<string, unknown>) => ReactNode };
  /** Sent with every call: the subject of scoped links (`{examineId}`: one approval's links). */
  params?: Record<string, unknown>;
};

/**
 * An administrator's links of one open page (docs/open-links.md): who made each, until when, how
 * often used; make one (its address and QR code are shown once) or revoke one.
 */
export function OpenLinkManager({
  base,
  maxDays,
  defaultDays = 30,
  extraFields,
  subjectColumn,
  params,
}: OpenLinkManagerProps) {
  const t = useOpenLinkMessages();
  const { lang } = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [includeInactive, setIncludeInactive] = useState(false);
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<OpenLinkCreated | null>(null);
  const [form] = Form.useForm();
  const key = ['open-links', base, params];
  const { data, isLoading } = useQuery({
    queryKey: [...key, page, includeInactive],
    queryFn: () => request<Page>(`${base}/list`, { ...params, page, limit: 10, includeInactive }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      setCreated(await request<OpenLinkCreated>(`${base}/create`, { ...params, ...values }, { json: true }));
      setCreating(false);
      form.resetFields();
      await refresh();
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (linkId: number) => {
    try {
      await request(`${base}/revoke`, { ...params, linkId });
      message.success(t('revoked'));
      await refresh();
    } catch {
      // shown by the request layer
    }
  };
  return (
    <div className="open-link-manager">
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('create')}
        </Button>
        <Checkbox
          checked={includeInactive}
          onChange={(e) => {
            setIncludeInactive(e.target.checked);
            setPage(1);
          }}
        >
          {t('showInactive')}
        </Checkbox>
      </Space>
      <Table<OpenLinkRow>
        rowKey="linkId"
        size="middle"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 10,
          total: data?.totalRow ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: t('label'), dataIndex: 'label', ellipsis: true },
          ...(subjectColumn
            ? [
                {
                  title: subjectColumn.title,
                  key: 'subject',
                  render: (_: unknown, r: OpenLinkRow) => subjectColumn.render(r.subject),
                },
              ]
            : []),
          {
            title: t('status'),
            dataIndex: 'status',
            width: 90,
            render: (s: 1 | 2 | 3 | 4) => <Tag color={openLinkStatusColor[s]}>{openLinkStatusText[lang][s]}</Tag>,
          },
          {
            title: t('uses'),
            key: 'uses',
            width: 90,
            render: (_, r) => `${r.useCount} / ${r.maxUses ?? t('unlimited')}`,
          },
          { title: t('createdBy'), dataIndex: 'createdBy', width: 100 },
          { title: t('expireTime'), dataIndex: 'expireTime', width: 150, render: (v: string) => showTime(v) },
          { title: t('lastUsed'), dataIndex: 'lastUsedTime', width: 150, render: (v: string | null) => showTime(v) },
          {
            title: t('actions'),
            key: 'actions',
            width: 80,
            render: (_, r) =>
              r.status === 1 ? (
                <Popconfirm title={t('revokeConfirm')} onConfirm={() => revoke(r.linkId)}>
                  <Button type="link" danger size="small">
                    {t('revoke')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('create')}
        confirmLoading={busy}
        onOk={submit}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ days: Math.min(defaultDays, maxDays) }}>
          {extraFields}
          <Form.Item name="label" label={t('label')}>
            <Input maxLength={50} placeholder={t('labelHint')} />
          </Form.Item>
          <Form.Item name="days" label={t('days')} rules={[{ required: true }]}>
            <InputNumber min={1} max={maxDays} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="maxUses" label={t('maxUses')} extra={t('maxUsesHint')}>
            <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
      <OpenLinkShown created={created} onClose={() => setCreated(null)} />
    </div>
  );
}

/** A link just made: its address and QR code, shown once (only the hash is kept). */
export function OpenLinkShown({ created, onClose }: { created: OpenLinkCreated | null; onClose: () => void }) {
  const t = useOpenLinkMessages();
  const url = created ? `${window.location.origin}${created.path}` : '';
  return (
    <Modal
      open={created !== null}
      title={t('createdTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      <Typography.Paragraph type="warning">{t('createdHint')}</Typography.Paragraph>
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        <QRCode value={url || '-'} />
        <Typography.Text copyable={{ text: url, tooltips: [t('copy'), t('copied')] }} data-testid="open-link-url">
          {url}
        </Typography.Text>
        <a href={url} target="_blank" rel="noreferrer">
          {t('open')}
        </a>
      </Space>
    </Modal>
  );
}
