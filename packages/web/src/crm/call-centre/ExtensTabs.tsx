import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { UserSelect } from '@/booking/pickers';
import { callApi, callKeys } from './api';
import { useCallMessages } from './messages';

type Exten = { exten: string; userId: number | null; realname: string | null; mine: boolean };

function useExtens() {
  return useQuery({ queryKey: callKeys.extens, queryFn: callApi.extens });
}

/** 我的分机: take a free extension, or give mine up. */
export function MyExtenTab() {
  const t = useCallMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const extens = useExtens();
  const mine = extens.data?.find((e) => e.mine);
  const set = async (exten: string) => {
    try {
      queryClient.setQueryData(callKeys.extens, await callApi.setMine(exten));
      message.success(t('done'));
    } catch {
      // the request layer showed why
    }
  };
  return (
    <>
      <Typography.Paragraph data-testid="my-exten">
        {mine ? t('mineIs', { exten: mine.exten }) : t('noMine')}
      </Typography.Paragraph>
      {mine && (
        <Button onClick={() => set('')} style={{ marginBottom: 12 }}>
          {t('release')}
        </Button>
      )}
      <Table<Exten>
        rowKey="exten"
        size="small"
        loading={extens.isLoading}
        dataSource={extens.data ?? []}
        pagination={false}
        columns={[
          { key: 'exten', title: t('exten'), dataIndex: 'exten', width: 120 },
          {
            key: 'holder',
            title: t('extenHolder'),
            render: (_, e) => (e.mine ? <Tag color="blue">{t('mineTag')}</Tag> : (e.realname ?? t('free'))),
          },
          {
            key: 'action',
            title: '',
            width: 160,
            render: (_, e) =>
              e.userId === null && (
                <Button size="small" onClick={() => set(e.exten)} data-testid={`take-${e.exten}`}>
                  {t('take')}
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}

/** 分机管理 (administrators): add, remove and assign the company's extensions. */
export function ExtensTab() {
  const t = useCallMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const extens = useExtens();
  const [adding, setAdding] = useState('');
  const apply = async (work: Promise<Exten[]>) => {
    try {
      queryClient.setQueryData(callKeys.extens, await work);
      message.success(t('done'));
      return true;
    } catch {
      return false;
    }
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input
          aria-label={t('addExten')}
          placeholder={t('extenPlaceholder')}
          maxLength={10}
          value={adding}
          onChange={(e) => setAdding(e.target.value)}
          style={{ width: 160 }}
        />
        <Button type="primary" onClick={async () => (await apply(callApi.addExten(adding.trim()))) && setAdding('')}>
          {t('addExten')}
        </Button>
      </Space>
      <Table<Exten>
        rowKey="exten"
        size="small"
        loading={extens.isLoading}
        dataSource={extens.data ?? []}
        pagination={false}
        columns={[
          { key: 'exten', title: t('exten'), dataIndex: 'exten', width: 120 },
          {
            key: 'holder',
            title: t('assign'),
            render: (_, e) => (
              <div style={{ maxWidth: 220 }}>
                <UserSelect
                  label={t('assign')}
                  value={e.userId}
                  onChange={(userId) => void apply(callApi.assignExten(e.exten, userId ?? undefined))}
                />
              </div>
            ),
          },
          {
            key: 'action',
            title: '',
            width: 90,
            render: (_, e) => (
              <Popconfirm
                title={t('confirmRemove', { exten: e.exten })}
                onConfirm={() => apply(callApi.removeExten(e.exten))}
              >
                <Button size="small" danger>
                  {t('remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </>
  );
}
