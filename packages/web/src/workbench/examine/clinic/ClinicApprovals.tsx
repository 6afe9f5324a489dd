import { showFen } from '@crm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import type { ListTab } from '../api';
import { StatusTag } from '../StatusTag';
import { type ClinicRow, clinicApi, clinicKeys, clinicWords as w } from './api';
import { ClinicDetailDrawer } from './ClinicDetailDrawer';

/** 订单 A-001 · ¥600.00, or 光子嫩肤 · 退 2 次 · ¥400.00: what the approver decides on. */
export const summaryOf = (r: Pick<ClinicRow, 'subjectType' | 'title' | 'amount' | 'sessions'>) =>
  r.subjectType === 'clinic_refund'
    ? `${r.title} · ${w.sessions(r.sessions)} · ${showFen(r.amount)}`
    : `${w.order} ${r.title} · ${w.payable} ${showFen(r.amount)}`;

/**
 * The clinic's approvals (折扣审批, 退费审核) of a tab, above the OA list: they have no OA form, so
 * the server lists them apart (`/OaExamine/clinicExamines`). Nothing shows when a tab has none.
 */
export function ClinicApprovals({ tab }: { tab: ListTab }) {
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
    { title: w.category, dataIndex: 'categoryTitle', width: 100 },
    { title: w.customer, dataIndex: 'customerName', width: 110, ellipsis: true },
    { title: w.summary, key: 'summary', ellipsis: true, render: (_, r) => summaryOf(r) },
    ...(tab === 'initiate' ? [] : [{ title: w.applicant, dataIndex: 'applicantName', width: 100 }]),
    {
      title: w.currentApprovers,
      dataIndex: 'currentApprovers',
      width: 120,
      ellipsis: true,
      render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text>,
    },
    { title: w.status, dataIndex: 'status', width: 90, render: (v: number) => <StatusTag status={v} /> },
    { title: w.submitTime, dataIndex: 'submitTime', width: 150, render: (v: string) => showTime(v) },
  ];
  return (
    <section className="exm-clinic" aria-label={w.section}>
      <Typography.Title level={5}>{w.section}</Typography.Title>
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
