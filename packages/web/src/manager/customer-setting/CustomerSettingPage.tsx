import { PlusOutlined } from '@ant-design/icons';
import type { CustomerSettingRow } from '@crm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import { useCommonMessages } from '../messages';
import { customerSettingApi, customerSettingKeys } from './api';
import { useSettingMessages } from './messages';
import { SettingDialog } from './SettingDialog';

const PAGE_SIZE = 15;

/** Manager › 客户管理 › 客户数量限制 (manage:crm:setting): the owned and locked customer limits per employee or department. */
export default function CustomerSettingPage() {
  const t = useSettingMessages();
  const c = useCommonMessages();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [type, setType] = useState<1 | 2>(1);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ editing: CustomerSettingRow | null } | null>(null);

  const q = { type, page, limit: PAGE_SIZE };
  const list = useQuery({
    queryKey: customerSettingKeys.list(q),
    queryFn: () => customerSettingApi.list(q),
    placeholderData: keepPreviousData,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: customerSettingKeys.all });

  const remove = useMutation({
    mutationFn: (id: number) => customerSettingApi.remove(id),
    onSuccess: () => {
      message.success(c('deleteSuccess'));
      // The last row of a page gone: step back a page rather than show an empty one.
      if (list.data && list.data.list.length === 1 && page > 1) setPage(page - 1);
      reload();
    },
  });
  const askRemove = (row: CustomerSettingRow) =>
    modal.confirm({
      title: c('confirmTitle'),
      content: t('deleteConfirm', { name: row.settingName }),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(row.settingId).catch(() => undefined),
    });

  const columns: ColumnsType<CustomerSettingRow> = [
    { title: t('settingName'), dataIndex: 'settingName', key: 'settingName' },
    {
      title: t('targets'),
      key: 'targets',
      render: (_, r) => (
        <Space size={[4, 4]} wrap>
          {r.depts.map((d) => (
            <Tag key={`d${d.id}`} color="blue">
              {d.name}
            </Tag>
          ))}
          {r.users.map((u) => (
            <Tag key={`u${u.userId}`}>{u.realname}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t(type === 1 ? 'owned' : 'locked'), dataIndex: 'customerNum', key: 'customerNum', width: 140 },
    ...(type === 1
      ? [
          {
            title: t('customDeal'),
            key: 'customDeal',
            width: 180,
            render: (_: unknown, r: CustomerSettingRow) => t(r.customDeal === 1 ? 'dealCounts' : 'dealFree'),
          },
        ]
      : []),
    {
      title: t('createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      width: 170,
      render: (v: string) => (v ? showTime(v) : ''),
    },
    {
      title: c('actions'),
      key: 'actions',
      width: 140,
      render: (_, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => setDialog({ editing: r })}>
            {c('edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => askRemove(r)}>
            {c('delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>
          {t('addRule')}
        </Button>
      }
    >
      <Tabs
        activeKey={String(type)}
        onChange={(k) => {
          setType(k === '2' ? 2 : 1);
          setPage(1);
        }}
        items={[
          { key: '1', label: t('owned') },
          { key: '2', label: t('locked') },
        ]}
      />
      <Typography.Paragraph type="secondary">{t(type === 1 ? 'ownedHint' : 'lockedHint')}</Typography.Paragraph>
      <Table<CustomerSettingRow>
        rowKey="settingId"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.totalRow ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: setPage,
        }}
      />
      <SettingDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        type={type}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          reload();
        }}
      />
    </Card>
  );
}
