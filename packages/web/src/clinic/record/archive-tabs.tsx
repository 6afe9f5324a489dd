import { type Appointment, fenToYuan, type LedgerRow, type VisitRow } from '@crm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCodeNames } from '@/booking/pickers';
import { CustomerOrders } from '@/clinic/orders/customer/CustomerOrders';
import { CellLines } from '@/components/table';
import type { RecordApi } from '@/crm/api';
import { ActionLogTab } from '@/crm/detail/ActionLogTab';
import { BasicInfoTab } from '@/crm/detail/BasicInfoTab';
import { FollowUpTab } from '@/crm/detail/FollowUpTab';
import type { DetailContext } from '@/crm/types';
import { showTime } from '@/shell/time';
import { recordApi, recordKeys } from './api';
import { dealColor, storyPath } from './filters';
import { useRecordMessages } from './messages';
import { TreatmentTable } from './story-sections';

const CustomerDealsTab = lazy(() => import('@/clinic/orders/customer/CustomerDealsTab'));
const CustomerPhotosTab = lazy(() => import('@/workflow/photograph/CustomerPhotos'));
// 顾客评价 and coupons (issue 25, h-coupons).
const CustomerCoupons = lazy(() => import('@/workbench/evaluate/CustomerCoupons'));
const PAGE_SIZE = 10;

/** What a tab of the archive gets: the customer's detail context and the kind's calls. */
export type ArchiveContext = DetailContext & { api: RecordApi };

/** One tab of the customer archive: its key, its title, the permission that shows it, its body. */
export type ArchiveTab = {
  key: string;
  label: (t: ReturnType<typeof useRecordMessages>) => string;
  /** Dotted auth path; absent: whoever opens the archive. */
  access?: string;
  render: (ctx: ArchiveContext) => ReactNode;
};

function useArchivePage<T>(
  customerId: number,
  tab: string,
  read: (page: number) => Promise<{ list: T[]; totalRow: number }>,
) {
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: recordKeys.archive(customerId, tab, page),
    queryFn: () => read(page),
    placeholderData: keepPreviousData,
  });
  const pagination = {
    current: page,
    pageSize: PAGE_SIZE,
    total: q.data?.totalRow ?? 0,
    showSizeChanger: false,
    hideOnSinglePage: true,
    onChange: setPage,
  };
  return { q, pagination };
}

function Visits({ id }: ArchiveContext) {
  const t = useRecordMessages();
  const names = useCodeNames();
  const navigate = useNavigate();
  const { q, pagination } = useArchivePage(id, 'visits', (p) => recordApi.visits(id, p, PAGE_SIZE));
  return (
    <Table<VisitRow>
      size="small"
      rowKey="visitId"
      data-testid="archive-visits"
      loading={q.isFetching}
      dataSource={q.data?.list ?? []}
      locale={{ emptyText: t('noVisits') }}
      pagination={pagination}
      onRow={(r) => ({ onClick: () => navigate(storyPath(r.visitId)), style: { cursor: 'pointer' } })}
      columns={[
        { title: t('arrived'), dataIndex: 'arrivedTime', width: 160, render: (v: string) => showTime(v) },
        {
          title: t('typeStatus'),
          key: 'status',
          render: (_: unknown, r) => (
            <CellLines main={names.visitType[r.visitType]} sub={names.visitStatus[r.status]} />
          ),
        },
        { title: t('store'), dataIndex: 'storeName', width: 140 },
        {
          title: t('people'),
          key: 'people',
          width: 140,
          render: (_: unknown, r) => <CellLines main={r.consultantName ?? '—'} sub={r.doctorName ?? '—'} />,
        },
        {
          title: t('deal'),
          dataIndex: 'dealStatus',
          width: 90,
          render: (d: number) => <Tag color={dealColor[d]}>{t(`deal_${d}` as 'deal_0')}</Tag>,
        },
        { title: t('charged'), dataIndex: 'charged', width: 100, align: 'right', render: fenToYuan },
      ]}
    />
  );
}

function Appointments({ id }: ArchiveContext) {
  const t = useRecordMessages();
  const names = useCodeNames();
  const q = useQuery({ queryKey: recordKeys.archive(id, 'appointments'), queryFn: () => recordApi.appointments(id) });
  return (
    <Table<Appointment>
      size="small"
      rowKey="appointmentId"
      data-testid="archive-appointments"
      loading={q.isFetching}
      dataSource={q.data ?? []}
      locale={{ emptyText: t('noAppointments') }}
      pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
      columns={[
        { title: t('time'), dataIndex: 'startTime', width: 160, render: (v: string) => showTime(v) },
        {
          title: t('kind'),
          key: 'kind',
          render: (_: unknown, a) => (
            <CellLines main={names.appointmentKind[a.kind]} sub={names.appointmentStatus[a.status]} />
          ),
        },
        {
          title: t('people'),
          key: 'people',
          width: 140,
          render: (_: unknown, a) => <CellLines main={a.consultantName ?? '—'} sub={a.doctorName ?? '—'} />,
        },
        { title: t('remark'), dataIndex: 'remark', width: 240 },
      ]}
    />
  );
}

function Treatments({ id }: ArchiveContext) {
  const t = useRecordMessages();
  const { q } = useArchivePage(id, 'treatments', (p) => recordApi.treatments(id, p, 100));
  return <TreatmentTable rows={q.data?.list ?? []} empty={t('noTreatments')} />;
}

function Ledger({ id }: ArchiveContext) {
  const t = useRecordMessages();
  const { q, pagination } = useArchivePage(id, 'ledger', (p) => recordApi.ledger(id, p, PAGE_SIZE));
  const signed = (fen: number) => (fen > 0 ? `+${fenToYuan(fen)}` : fenToYuan(fen));
  return (
    <Table<LedgerRow>
      size="small"
      rowKey="ledgerId"
      data-testid="archive-ledger"
      loading={q.isFetching}
      dataSource={q.data?.list ?? []}
      locale={{ emptyText: t('noLedger') }}
      pagination={pagination}
      columns={[
        { title: t('time'), dataIndex: 'time', width: 160, render: (v: string) => showTime(v) },
        { title: t('cause'), dataIndex: 'cause', render: (c: string) => t(`cause_${c}` as 'cause_topUp') || c },
        { title: t('principalDelta'), dataIndex: 'principalDelta', width: 120, align: 'right', render: signed },
        { title: t('giftDelta'), dataIndex: 'giftDelta', width: 120, align: 'right', render: signed },
        {
          title: t('balanceAfter'),
          key: 'after',
          width: 180,
          align: 'right',
          render: (_: unknown, r) => `${fenToYuan(r.principalAfter)} / ${fenToYuan(r.giftAfter)}`,
        },
      ]}
    />
  );
}

/**
 * The archive's tabs in order (CLINIC.md "/customer"). Photos (h-photo's component for the
 * customer) join as one entry after the treatments when that station lands.
 */
export const archiveTabs: ArchiveTab[] = [
  { key: 'overview', label: (t) => t('overview'), render: (c) => <BasicInfoTab kind={c.kind} record={c.record} /> },
  { key: 'visits', label: (t) => t('visits'), render: (c) => <Visits {...c} /> },
  { key: 'appointments', label: (t) => t('appointments'), render: (c) => <Appointments {...c} /> },
  { key: 'orders', label: (t) => t('orders'), render: (c) => <CustomerOrders customerId={c.id} /> },
  {
    key: 'deals',
    label: (t) => t('dealRecords'),
    render: (c) => (
      <Suspense fallback={null}>
        <CustomerDealsTab {...c} />
      </Suspense>
    ),
  },
  { key: 'treatments', label: (t) => t('treatments'), render: (c) => <Treatments {...c} /> },
  // The photograph room (h-photo): timeline and before/after comparison.
  {
    key: 'photos',
    label: (t) => t('photos'),
    render: (c) => (
      <Suspense fallback={null}>
        <CustomerPhotosTab id={c.id} record={c.record} />
      </Suspense>
    ),
  },
  { key: 'ledger', label: (t) => t('ledger'), render: (c) => <Ledger {...c} /> },
  // 顾客评价 and coupons (issue 25, h-coupons): the customer's coupons, issued by hand here.
  {
    key: 'coupons',
    label: (t) => t('coupons'),
    render: (c) => (
      <Suspense fallback={null}>
        <CustomerCoupons customerId={c.id} />
      </Suspense>
    ),
  },
  {
    key: 'followUps',
    label: (t) => t('followUps'),
    render: (c) => <FollowUpTab kind={c.kind} api={c.api} id={c.id} />,
  },
  { key: 'log', label: (t) => t('log'), render: (c) => <ActionLogTab kind={c.kind} api={c.api} id={c.id} /> },
];
