import { StarFilled, StarOutlined } from '@ant-design/icons';
import { agencyText, agencyTypes, authHas } from '@crm/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Input, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLang } from '@/i18n';
import { useSession } from '@/shell/session';
import { showTime } from '@/shell/time';
import { AssignForm } from './AssignForm';
import { type AgencyFilter, type AgencyRow, agencyApi, agencyKeys } from './api';
import { useAgencyMessages } from './messages';

const statusColor: Record<number, string> = { 1: 'orange', 2: 'blue', 3: 'green', 4: 'default' };
const time = (v: string | null) => (v ? showTime(v) : '');

/**
 * 回访任务 (returnVisit): the customer tasks handed to me, which I accept, mark and complete with a
 * result, and those I handed out, which I may revoke until they are done.
 */
export default function ReturnVisitPage() {
  const t = useAgencyMessages();
  const { lang } = useLang();
  const { auth } = useSession();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const canHandle = authHas(auth, 'crm.agency.handle');
  const canAssign = authHas(auth, 'crm.agency.assign');
  const [params] = useSearchParams();
  // The to-do tile opens `?status=1`: the tasks handed to me still waiting to be accepted.
  const [filter, setFilter] = useState<AgencyFilter>({
    type: canHandle ? 1 : 2,
    status: canHandle && params.get('status') === '1' ? 1 : 0,
    typeCode: 0,
    marked: false,
    search: '',
    page: 1,
    limit: 15,
  });
  const [assigning, setAssigning] = useState(false);
  const [completing, setCompleting] = useState<AgencyRow | null>(null);
  const [result, setResult] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: agencyKeys.page(filter),
    queryFn: () => agencyApi.page(filter),
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<AgencyFilter>) => setFilter((f) => ({ ...f, page: 1, ...patch }));

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      message.success(t('done'));
      void queryClient.invalidateQueries({ queryKey: agencyKeys.all });
    } catch {
      // the request layer showed the server's message
    }
  };

  const acceptAll = () =>
    modal.confirm({
      title: t('acceptAllConfirm'),
      onOk: async () => {
        const res = await agencyApi.acceptAll();
        message.success(t('acceptedAll', { n: res.count }));
        void queryClient.invalidateQueries({ queryKey: agencyKeys.all });
      },
    });

  const typeName = (code: number) => {
    const type = agencyTypes.find((a) => a.code === code);
    return type ? (lang === 'en' ? type.nameEn : type.name) : '';
  };

  const tabs = [
    ...(canHandle ? [{ key: '1', label: t('toMe') }] : []),
    ...(canAssign ? [{ key: '2', label: t('byMe') }] : []),
  ];

  return (
    <Card variant="borderless" title={t('title')}>
      <Tabs activeKey={String(filter.type)} items={tabs} onChange={(k) => set({ type: Number(k) as 1 | 2 })} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 140 }}
          value={filter.status}
          onChange={(status) => set({ status })}
          options={[0, 1, 2, 3, 4].map((s) => ({ value: s, label: s ? t(`status${s}` as 'status1') : t('statusAll') }))}
        />
        <Select
          style={{ width: 140 }}
          value={filter.typeCode}
          onChange={(typeCode) => set({ typeCode })}
          options={[
            { value: 0, label: t('typeAll') },
            ...agencyTypes.map((a) => ({ value: a.code, label: typeName(a.code) })),
          ]}
        />
        {filter.type === 1 && (
          <Checkbox checked={filter.marked} onChange={(e) => set({ marked: e.target.checked })}>
            {t('markedOnly')}
          </Checkbox>
        )}
        <Input.Search
          allowClear
          placeholder={t('searchTips')}
          onSearch={(search) => set({ search })}
          style={{ width: 240 }}
        />
        {filter.type === 1 && <Button onClick={acceptAll}>{t('acceptAll')}</Button>}
        {canAssign && (
          <Button type="primary" onClick={() => setAssigning(true)} data-testid="agency-assign">
            {t('assign')}
          </Button>
        )}
      </Space>
      <Table<AgencyRow>
        rowKey="agencyId"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{
          current: filter.page,
          pageSize: filter.limit,
          total: data?.totalRow ?? 0,
          onChange: (page, limit) => setFilter((f) => ({ ...f, page, limit })),
        }}
        columns={[
          {
            title: t('customer'),
            dataIndex: 'customerName',
            width: 150,
            ellipsis: true,
            render: (name: string, r) => (
              <Space size={4}>
                {r.marked && <StarFilled style={{ color: '#faad14' }} />}
                <Link to={`/crm/customer/${r.customerId}`}>{name}</Link>
              </Space>
            ),
          },
          { title: t('type'), dataIndex: 'typeCode', render: (c: number) => typeName(c), width: 100, ellipsis: true },
          { title: t('content'), dataIndex: 'content', ellipsis: true },
          { title: t('deadline'), dataIndex: 'deadline', render: time, width: 140 },
          filter.type === 1
            ? { title: t('assigner'), dataIndex: 'createUserName', width: 100 }
            : { title: t('assignee'), dataIndex: 'userName', width: 100 },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 90,
            render: (s: number) => <Tag color={statusColor[s]}>{t(`status${s}` as 'status1')}</Tag>,
          },
          { title: t('result'), dataIndex: 'result', ellipsis: true },
          {
            title: t('actions'),
            key: 'actions',
            width: 180,
            render: (_, r) => (
              <Space size={0} wrap>
                {r.permitted.accept && (
                  <Button type="link" size="small" onClick={() => run(() => agencyApi.accept(r.agencyId))}>
                    {t('accept')}
                  </Button>
                )}
                {r.permitted.complete && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      setResult('');
                      setCompleting(r);
                    }}
                  >
                    {t('complete')}
                  </Button>
                )}
                {r.permitted.mark && (
                  <Button
                    type="link"
                    size="small"
                    icon={r.marked ? <StarFilled /> : <StarOutlined />}
                    onClick={() => run(() => agencyApi.mark(r.agencyId, !r.marked))}
                  >
                    {r.marked ? t('unmark') : t('mark')}
                  </Button>
                )}
                {r.permitted.revoke && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      modal.confirm({ title: t('revokeConfirm'), onOk: () => run(() => agencyApi.revoke(r.agencyId)) })
                    }
                  >
                    {t('revoke')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {assigning && <AssignForm onClose={() => setAssigning(false)} />}
      <Modal
        open={completing !== null}
        title={`${t('complete')}：${completing?.customerName ?? ''}`}
        okText={t('save')}
        cancelText={t('cancel')}
        okButtonProps={{ disabled: !result.trim() }}
        onCancel={() => setCompleting(null)}
        onOk={async () => {
          if (!completing) return;
          await run(() => agencyApi.complete(completing.agencyId, result));
          setCompleting(null);
        }}
        destroyOnHidden
      >
        <Input.TextArea
          rows={4}
          value={result}
          maxLength={agencyText.result.max}
          showCount
          placeholder={t('resultTips')}
          onChange={(e) => setResult(e.target.value)}
        />
      </Modal>
    </Card>
  );
}
