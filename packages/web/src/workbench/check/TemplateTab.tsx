import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import { type CheckTemplateRow, checkApi, checkKeys } from './api';
import { useCheckMessages } from './messages';
import { TemplateForm } from './TemplateForm';

/** The company's checklists (oa:check:manage). */
export function TemplateTab() {
  const t = useCheckMessages();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const { data, isLoading } = useQuery({
    queryKey: checkKeys.templates(page, search),
    queryFn: () => checkApi.templates(page, search),
  });
  const remove = (row: CheckTemplateRow) =>
    modal.confirm({
      title: t('deleteConfirm'),
      onOk: async () => {
        await checkApi.deleteTemplate(row.templateId);
        message.success(t('deleted'));
        await queryClient.invalidateQueries({ queryKey: checkKeys.all });
      },
    });

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('templateName')}
          onSearch={(s) => {
            setSearch(s);
            setPage(1);
          }}
        />
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('newTemplate')}
        </Button>
      </Space>
      <Table<CheckTemplateRow>
        rowKey="templateId"
        size="middle"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 15,
          total: data?.totalRow ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: t('templateName'),
            render: (_, r) => (
              <>
                <div>{r.name}</div>
                <Typography.Text type="secondary">{r.remark}</Typography.Text>
              </>
            ),
          },
          {
            title: t('items'),
            width: 170,
            render: (_, r) => t('itemCount', { n: r.itemCount, score: r.totalScore }),
          },
          {
            title: t('updated', { time: '' }).trim(),
            width: 170,
            render: (_, r) => (
              <>
                <div>{r.creatorName}</div>
                <Typography.Text type="secondary">{showTime(r.updateTime)}</Typography.Text>
              </>
            ),
          },
          {
            title: '',
            width: 120,
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(r.templateId)}>
                  {t('edit')}
                </Button>
                <Button type="link" size="small" danger onClick={() => remove(r)}>
                  {t('delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing !== null && (
        <TemplateForm templateId={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
