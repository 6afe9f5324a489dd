import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import type { BannerRow } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Image, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call } from '@/shell/call';
import { showTime } from '@/shell/time';
import { BannerForm } from './BannerForm';
import { useBannerMessages } from './messages';
import { moved } from './order';

const KEY = ['workbench', 'banners'] as const;

/** /workbench/changeApp: the mobile home's banners in order, with their link, period and state. */
export default function ChangeAppPage() {
  const t = useBannerMessages();
  const { modal, message } = App.useApp();
  const q = useQuery({ queryKey: KEY, queryFn: () => call('/workbench/banner/list') });
  const [editing, setEditing] = useState<BannerRow | 'new' | null>(null);
  const rows = q.data ?? [];
  const ids = rows.map((r) => r.bannerId);

  const move = async (index: number, step: -1 | 1) => {
    await call('/workbench/banner/sort', { bannerIds: moved(ids, index, step) }, { json: true });
    await q.refetch();
  };
  const remove = (row: BannerRow) =>
    modal.confirm({
      title: t('removeConfirm'),
      content: row.title,
      onOk: async () => {
        await call('/workbench/banner/delete', { bannerId: row.bannerId });
        message.success(t('removed'));
        await q.refetch();
      },
    });

  const columns: ColumnsType<BannerRow> = [
    {
      title: t('image'),
      width: 140,
      render: (_, r) =>
        r.image ? <Image src={r.image.url} width={120} height={60} style={{ objectFit: 'cover' }} /> : null,
    },
    { title: t('name'), dataIndex: 'title', ellipsis: true },
    { title: t('link'), dataIndex: 'link', ellipsis: true },
    {
      title: t('period'),
      width: 190,
      render: (_, r) =>
        r.startTime || r.endTime ? `${showTime(r.startTime) || '…'} ~ ${showTime(r.endTime) || '…'}` : t('always'),
    },
    {
      title: t('state'),
      width: 100,
      render: (_, r) => (r.active ? <Tag color="green">{t('showing')}</Tag> : <Tag>{t('notShowing')}</Tag>),
    },
    {
      title: t('actions'),
      width: 210,
      render: (_, r, i) => (
        <Space size={4}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('up')}
            disabled={i === 0}
            onClick={() => move(i, -1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('down')}
            disabled={i === rows.length - 1}
            onClick={() => move(i, 1)}
          />
          <Button size="small" type="link" onClick={() => setEditing(r)}>
            {t('edit')}
          </Button>
          <Button size="small" type="link" danger onClick={() => remove(r)}>
            {t('remove')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      variant="borderless"
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Table
        rowKey="bannerId"
        data-testid="banner-table"
        columns={columns}
        dataSource={rows}
        loading={q.isPending}
        pagination={false}
        locale={{ emptyText: t('empty') }}
      />
      {editing && (
        <BannerForm
          row={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void q.refetch();
          }}
        />
      )}
    </Card>
  );
}
