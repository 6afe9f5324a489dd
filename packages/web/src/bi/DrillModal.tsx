import type { AnalysisPath, BiMeasureKey, biDrillSchema } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Modal, Table } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { useLang } from '@/i18n';
import { call } from '@/shell/call';
import type { BiFilter } from './filters';
import { measureName, showFigure } from './format';
import { useBiMessages } from './messages';

export type DrillTarget = { analysis: AnalysisPath; measure: BiMeasureKey; key: string; label: string };

/** The records behind a clicked figure, paged by the server in the viewer's scope. */
export function DrillModal({
  target,
  filter,
  onClose,
}: {
  target: DrillTarget | null;
  filter: BiFilter;
  onClose: () => void;
}) {
  const t = useBiMessages();
  const { lang } = useLang();
  const [page, setPage] = useState(1);
  const body = target
    ? ({ ...filter, ...target, page, limit: 10 } satisfies Partial<z.input<typeof biDrillSchema>>)
    : null;
  const rows = useQuery({
    queryKey: ['bi', 'drill', body],
    queryFn: () => call('/bi/drill', body!, { json: true }),
    enabled: body !== null,
  });
  const measure = target?.measure;
  return (
    <Modal
      open={target !== null}
      onCancel={() => {
        setPage(1);
        onClose();
      }}
      footer={null}
      width={760}
      title={target && measure ? `${t('records')}：${target.label} · ${measureName(measure, lang)}` : ''}
      destroyOnHidden
    >
      <Table
        data-testid="bi-drill"
        rowKey={(r) => `${r.kind}-${r.id}`}
        size="small"
        loading={rows.isLoading}
        dataSource={rows.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 10,
          total: rows.data?.totalRow ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: t('name'), dataIndex: 'name', ellipsis: true },
          // Customers come with their phone ('' when hidden from the viewer by field permissions).
          ...(rows.data?.list.some((r) => r.mobile !== undefined)
            ? [{ title: t('mobile'), dataIndex: 'mobile', width: 130 }]
            : []),
          { title: t('owner'), dataIndex: 'ownerName', width: 120 },
          { title: t('day'), dataIndex: 'day', width: 120 },
          {
            title: t('value'),
            dataIndex: 'value',
            width: 140,
            align: 'right',
            render: (v: number) => (measure ? showFigure(measure, v) : v),
          },
        ]}
      />
    </Modal>
  );
}
