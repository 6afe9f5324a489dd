import { checkStatuses } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Segmented, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { usePermission } from '@/manager/use-permission';
import { type CheckPlanRow, checkApi, checkKeys, type PlanFilter } from './api';
import { useCheckMessages } from './messages';
import { PlanDrawer } from './PlanDrawer';
import { PlanForm } from './PlanForm';
import { StatusTag, useStatusNames } from './status';

/** The plans the viewer may read (the server bounds them), or those they inspect. */
export function PlanList() {
  const t = useCheckMessages();
  const can = usePermission();
  const names = useStatusNames();
  const [filter, setFilter] = useState<PlanFilter>({ page: 1, type: 1, search: '' });
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const { data, isLoading } = useQuery({ queryKey: checkKeys.plans(filter), queryFn: () => checkApi.plans(filter) });
  const change = (next: Partial<PlanFilter>) => setFilter((f) => ({ ...f, ...next, page: 1 }));

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<1 | 2>
          value={filter.type}
          options={[
            { value: 1, label: t('all') },
            { value: 2, label: t('mine') },
          ]}
          onChange={(type) => change({ type })}
        />
        <Select<number>
          allowClear
          style={{ width: 120 }}
          placeholder={t('status')}
          aria-label={t('status')}
          value={filter.status}
          options={checkStatuses.map((s) => ({ value: s, label: names[s] }))}
          onChange={(status) => change({ status })}
        />
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('searchPlans')}
          onSearch={(search) => change({ search })}
        />
        {can('oa.check.manage') && (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('newPlan')}
          </Button>
        )}
      </Space>
      <Table<CheckPlanRow>
        rowKey="planId"
        size="middle"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={{
          current: filter.page,
          pageSize: 15,
          total: data?.totalRow ?? 0,
          showSizeChanger: false,
          onChange: (page) => setFilter((f) => ({ ...f, page })),
        }}
        onRow={(row) => ({ onClick: () => setOpenId(row.planId), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: t('target'),
            render: (_, r) => (
              <>
                <div>{r.targetName}</div>
                <Typography.Text type="secondary">
                  {r.targetType === 1 ? t('shop') : t('dept')} · {r.templateName}
                </Typography.Text>
              </>
            ),
          },
          {
            title: t('inspector'),
            width: 140,
            render: (_, r) => (
              <>
                <div>{r.inspectorName}</div>
                <Typography.Text type="secondary">{r.plannedDate}</Typography.Text>
              </>
            ),
          },
          { title: t('status'), dataIndex: 'status', width: 100, render: (s: number) => <StatusTag status={s} /> },
          {
            title: t('score'),
            width: 160,
            render: (_, r) =>
              r.totalScore === null ? (
                '—'
              ) : (
                <>
                  <div>
                    {r.totalScore} / {r.maxScore}
                  </div>
                  <Typography.Text type={r.failedCount ? 'danger' : 'secondary'}>
                    {t('failedCount', { n: r.failedCount })}
                    {r.openTasks > 0 && ` · ${t('openTasks', { n: r.openTasks })}`}
                  </Typography.Text>
                </>
              ),
          },
        ]}
      />
      {openId !== null && <PlanDrawer planId={openId} onClose={() => setOpenId(null)} />}
      {creating && <PlanForm onClose={() => setCreating(false)} />}
    </>
  );
}
