import { showFen } from '@crm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import type { ListTab } from '../api';
import { StatusTag } from '../StatusTag';
import { type ClinicRow, clinicApi, clinicKeys } from './api';
import { ClinicDetailDrawer } from './ClinicDetailDrawer';
import { useClinicExamineMessages } from './messages';

/** 订单 A-001 · ¥600.00, or 光子嫩肤 · 退 2 次 · ¥400.00: what the approver decides on. */
const t = useClinicExamineMessages.translate;
export const summaryOf = (r: Pick<ClinicRow, 'subjectType' | 'title' | 'amount' | 'sessions'>, tr = t) =>
  r.subjectType === 'clinic_refund'
    ? `${r.title} · ${tr('sessions', { n: r.sessions })} · ${showFen(r.amount)}`
    : `${tr('order')} ${r.title} · ${tr('payable')} ${showFen(r.amount)}`;

/**
 * The clinic's approvals (折扣审批, 退费审核) of a tab, above the OA list: they have no OA form, so
 * the server lists them apart (`/OaExamine/clinicExamines`). Nothing shows when a tab has none.
 */
export function ClinicApprovals({ tab }: { tab: ListTab }) {
  const t = useClinicExamineMessages();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ClinicRow | null>(null);
  const list = useQuery({
    queryKey: clinicKeys.list(tab, page),
    queryFn: () => clinicApi.list(tab, page),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.totalRow ?? 0;
  if (total === 0) return null;
  const columns: TableColumnsType<ClinicRow> = [
    { title: t('category'), dataIndex: 'categoryTitle', width: 100 },
    { title: t('customer'), dataIndex: 'customerName', width: 110, ellipsis: true },
    { title: t('summary'), key: 'summary', ellipsis: true, render: (_, r) => summaryOf(r, t) },
    ...(tab === 'initiate' ? [] : [{ title: t('applicant'), dataIndex: 'applicantName', width: 100 }]),
    {
      title: t('currentApprovers'),
      dataIndex: 'currentApprovers',
      width: 120,
      ellipsis: true,
      render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text>,
    },
    { title: t('status'), dataIndex: 'status', width: 90, render: (v: number) => <StatusTag status={v} /> },
    { title: t('submitTime'), dataIndex: 'submitTime', width: 150, render: (v: string) => showTime(v) },
  ];
  return (
    <section className="exm-clinic" aria-label={t('section')}>
      <Typography.Title level={5}>{t('section')}</Typography.Title>
      <Table<ClinicRow>
        rowKey="recordId"
        size="small"
        columns={columns}
        dataSource={list.data?.list as ClinicRow[] | undefined}
        loading={list.isFetching}
        onRow={(r) =>
          ({ onClick: () => setOpen(r), 'data-testid': 'clinic-examine-row' }) as React.HTMLAttributes<HTMLElement>
        }
        rowClassName="exm-row"
        pagination={
          total > 10 ? { current: page, pageSize: 10, total, showSizeChanger: false, onChange: setPage } : false
        }
      />
      <ClinicDetailDrawer row={open} onClose={() => setOpen(null)} />
    </section>
  );
}
