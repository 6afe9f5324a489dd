import { DeleteOutlined, DownloadOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { RecordRow } from '@crm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { MemberPicker } from '@/components/member-picker';
import { usePermission } from '@/manager/use-permission';
import { poolApi, poolKeys } from './api';
import { usePoolMessages } from './messages';

type PoolRow = RecordRow & { customerId: number; customerName: string; mobile: string; gender: number };

const time = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 16).replace('T', ' ') : '');

/**
 * CRM › 公海: customers without an owner (crm:pool:index), searched and paged on the server;
 * selected rows are received, distributed to a colleague or deleted, each as permitted.
 */
export default function PoolPage() {
  const t = usePoolMessages();
  const can = usePermission();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState({ page: 1, limit: 15, search: '' });
  const [selected, setSelected] = useState<number[]>([]);
  const list = useQuery({
    queryKey: poolKeys.list(query),
    queryFn: () => poolApi.list(query),
    placeholderData: keepPreviousData,
  });

  const done = () => {
    message.success(t('done'));
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: poolKeys.all });
  };
  const receive = useMutation({ mutationFn: () => poolApi.receive(selected), onSuccess: done });
  const distribute = useMutation({
    mutationFn: (userId: number) => poolApi.distribute(selected, userId),
    onSuccess: done,
  });
  const remove = useMutation({ mutationFn: () => poolApi.remove(selected), onSuccess: done });
  const confirm = (content: string, run: () => Promise<unknown>) =>
    modal.confirm({ title: t('confirmTitle'), content, onOk: () => run().catch(() => undefined) });

  const columns: ColumnsType<PoolRow> = [
    { title: t('customerName'), dataIndex: 'customerName', key: 'customerName' },
    { title: t('mobile'), dataIndex: 'mobile', key: 'mobile' },
    {
      title: t('gender'),
      dataIndex: 'gender',
      key: 'gender',
      render: (g: number) => (g === 2 ? t('female') : t('male')),
    },
    { title: t('createUserName'), dataIndex: 'createUserName', key: 'createUserName' },
    { title: t('createTime'), dataIndex: 'createTime', key: 'createTime', render: time },
    { title: t('updateTime'), dataIndex: 'updateTime', key: 'updateTime', render: time },
  ];

  const none = selected.length === 0;
  return (
    <Card
      title={t('title')}
      extra={
        <Input.Search
          allowClear
          placeholder={t('searchPlaceholder')}
          onSearch={(search) => setQuery((q) => ({ ...q, page: 1, search: search.trim() }))}
          style={{ width: 240 }}
        />
      }
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text type="secondary">{t('selected', { n: selected.length })}</Typography.Text>
        {can('crm.pool.receive') && (
          <Button
            icon={<DownloadOutlined />}
            disabled={none}
            loading={receive.isPending}
            onClick={() => confirm(t('receiveConfirm', { n: selected.length }), () => receive.mutateAsync())}
          >
            {t('receive')}
          </Button>
        )}
        {can('crm.pool.distribute') && (
          <MemberPicker
            single
            hideDepts
            title={t('distributeTo')}
            disabled={none}
            value={{ users: [], depts: [] }}
            onConfirm={(v) => {
              const user = v.users[0];
              if (user) distribute.mutate(user.userId);
            }}
          >
            <Button icon={<UserSwitchOutlined />} disabled={none} loading={distribute.isPending}>
              {t('distribute')}
            </Button>
          </MemberPicker>
        )}
        {can('crm.pool.delete') && (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={none}
            loading={remove.isPending}
            onClick={() => confirm(t('removeConfirm', { n: selected.length }), () => remove.mutateAsync())}
          >
            {t('remove')}
          </Button>
        )}
      </Space>
      <Table<PoolRow>
        rowKey="customerId"
        size="middle"
        columns={columns}
        loading={list.isFetching}
        dataSource={(list.data?.list ?? []) as PoolRow[]}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.totalRow ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [15, 30, 60, 100],
          showTotal: (n) => t('total', { n }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })),
        }}
      />
    </Card>
  );
}
