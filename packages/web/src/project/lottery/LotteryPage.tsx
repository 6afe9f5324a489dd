import { PlusOutlined } from '@ant-design/icons';
import { type LotteryActivity, lotteryStyleNames } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useLang } from '@/i18n';
import { useEditDialog } from '@/manager/use-edit-dialog';
import { usePermission } from '@/manager/use-permission';
import { showTime } from '@/shell/time';
import { ActivityFormFields, type ActivityValues, activityBody, activityValues } from './ActivityForm';
import { lotteryApi, lotteryKeys } from './api';
import { DrawsTab } from './DrawsTab';
import { LinksDialog } from './LinksDialog';
import { lotteryEnumEn, useLotteryMessages } from './messages';

const leafKey = (action: string) => `project:lotteryActivityConfiguration:${action}`;

/** The activities: list, create and edit with prizes, delete, and each one's draw links. */
function ActivitiesTab() {
  const t = useLotteryMessages();
  const { lang } = useLang();
  const has = usePermission();
  const canEdit = has(leafKey('update'));
  const canLink = has(leafKey('link'));
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const body = { page, limit: 15, search };
  const list = useQuery({ queryKey: lotteryKeys.list(body), queryFn: () => lotteryApi.list(body) });
  const [form] = Form.useForm<ActivityValues>();
  const [linking, setLinking] = useState<LotteryActivity | null>(null);
  const dialog = useEditDialog<{ activityId?: number }>(
    { saved: t('saved'), deleted: t('deleted'), ok: t('save'), cancel: t('cancel') },
    () => void queryClient.invalidateQueries({ queryKey: lotteryKeys.all }),
  );
  const open = (a: LotteryActivity | null) => {
    dialog.open({ activityId: a?.activityId });
    form.resetFields();
    form.setFieldsValue(activityValues(a));
  };
  const save = () =>
    dialog.save(async (e) => {
      const values = await form.validateFields();
      await lotteryApi.save(activityBody(values, e.activityId));
    });
  const styleName = (s: number) => (lang === 'en' ? lotteryEnumEn[lotteryStyleNames[s]!] : lotteryStyleNames[s]);

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder={t('search')}
          allowClear
          onSearch={(v) => {
            setSearch(v);
            setPage(1);
          }}
          style={{ width: 240 }}
        />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
            {t('add')}
          </Button>
        )}
      </Space>
      <Table<LotteryActivity>
        rowKey="activityId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        pagination={{ current: page, pageSize: 15, total: list.data?.totalRow ?? 0, onChange: setPage }}
        columns={[
          { title: t('name'), dataIndex: 'name', ellipsis: true },
          { title: t('style'), dataIndex: 'style', width: 90, render: styleName },
          {
            title: t('period'),
            key: 'period',
            width: 230,
            render: (_, a) => `${showTime(a.startTime)} ~ ${showTime(a.endTime)}`,
          },
          {
            title: t('prizes'),
            key: 'prizes',
            render: (_, a) => (
              <Space size={[4, 4]} wrap>
                {a.prizes.map((p) => (
                  <Tag key={p.prizeId}>
                    {p.name}
                    {p.stock !== null && ` ${p.won}/${p.won + p.stock}`}
                  </Tag>
                ))}
              </Space>
            ),
          },
          { title: t('draws'), dataIndex: 'draws', width: 80 },
          {
            title: t('status'),
            dataIndex: 'enabled',
            width: 80,
            render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('on') : t('off')}</Tag>,
          },
          {
            title: t('actions'),
            key: 'actions',
            width: 170,
            render: (_, a) => (
              <Space size={0} wrap>
                {canLink && (
                  <Button type="link" size="small" onClick={() => setLinking(a)}>
                    {t('links')}
                  </Button>
                )}
                {canEdit && (
                  <Button type="link" size="small" onClick={() => open(a)}>
                    {t('edit')}
                  </Button>
                )}
                {canEdit && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      dialog.confirmRemove(t('deleteConfirm', { name: a.name }), () => lotteryApi.remove(a.activityId))
                    }
                  >
                    {t('delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal {...dialog.modalProps} width={900} title={dialog.editing?.activityId ? t('edit') : t('add')} onOk={save}>
        <Form form={form} layout="vertical" name="lottery-activity">
          <ActivityFormFields />
        </Form>
      </Modal>
      {linking && <LinksDialog activity={linking} onClose={() => setLinking(null)} />}
    </>
  );
}

/** 配置 › 抽奖活动 (/project/lotteryActivityConfiguration): the activities and every draw. */
export default function LotteryPage() {
  const t = useLotteryMessages();
  const has = usePermission();
  const items = [
    { key: 'activities', label: t('activities'), children: <ActivitiesTab /> },
    ...(has(leafKey('records')) ? [{ key: 'records', label: t('records'), children: <DrawsTab /> }] : []),
  ];
  return (
    <Card title={t('title')}>
      <Tabs items={items} destroyOnHidden />
    </Card>
  );
}
