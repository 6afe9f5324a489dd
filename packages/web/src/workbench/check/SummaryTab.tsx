import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { companyToday } from '@/shell/time';
import { type CheckSummaryRow, checkApi, checkKeys, type SummaryFilter } from './api';
import { useCheckMessages } from './messages';

const DAY = 'YYYY-MM-DD';

/** Per shop and department: inspections completed in the period, averages, failed items, open rectifications. */
export function SummaryTab() {
  const t = useCheckMessages();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [companyToday().startOf('month'), companyToday()]);
  const [targetType, setTargetType] = useState<number | undefined>();
  const [exporting, setExporting] = useState(false);
  const filter: SummaryFilter = { startDate: range[0].format(DAY), endDate: range[1].format(DAY), targetType };
  const { data, isLoading } = useQuery({
    queryKey: checkKeys.summary(filter),
    queryFn: () => checkApi.summary(filter),
  });
  const download = async () => {
    setExporting(true);
    try {
      await checkApi.exportSummary(filter, t('summaryFile'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label={t('period')}
          allowClear={false}
          value={range}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        <Select<number>
          allowClear
          style={{ width: 120 }}
          placeholder={t('targetType')}
          aria-label={t('targetType')}
          value={targetType}
          options={[
            { value: 1, label: t('shop') },
            { value: 2, label: t('dept') },
          ]}
          onChange={setTargetType}
        />
        <Button onClick={download} loading={exporting}>
          {t('export')}
        </Button>
      </Space>
      <Table<CheckSummaryRow>
        rowKey={(r) => `${r.targetType}-${r.targetId}`}
        size="middle"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        columns={[
          {
            title: t('target'),
            render: (_, r) => `${r.targetName}（${r.targetType === 1 ? t('shop') : t('dept')}）`,
          },
          { title: t('inspections'), dataIndex: 'inspections', width: 110 },
          {
            title: t('averageScore'),
            width: 150,
            render: (_, r) => `${r.averageScore}（${r.averageRate}%）`,
          },
          { title: t('failedItems'), dataIndex: 'failedItems', width: 110 },
          { title: t('openRectifications'), dataIndex: 'openRectifications', width: 120 },
        ]}
      />
    </>
  );
}
