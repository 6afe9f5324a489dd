import { type Appointment, AppointmentStatus, type Visit, VisitStatus } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Row, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { visitApi, visitKeys } from '@/booking/api';
import { useVisitMessages } from '@/booking/messages';
import { StoreSelect, useCodeNames, useStores } from '@/booking/pickers';
// The visit list (issue 23, h-records).
import { RecordListLink } from '@/clinic/record/links';
import { usePermission } from '@/manager/use-permission';
import { showTime } from '@/shell/time';
// Live queues (h-witness).
import { LiveStatus } from '../live/LiveStatus';
import { useLiveQueue } from '../live/use-visit-events';
import { AssignForm } from './AssignForm';
import { WalkInForm } from './WalkInForm';

/** Minutes waited move on the clock; every station's moves arrive over the socket (useLiveQueue). */
const QUEUE_REFRESH_MS = 60_000;

/**
 * 分诊台 (/workflow/triage): today's bookings (register an arrival) and the live queue of arrived
 * visits with minutes waited at their station; walk-ins; assign or reassign consultant and doctor
 * until the consultant accepts; leave.
 */
export default function TriagePage() {
  const t = useVisitMessages();
  const names = useCodeNames();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { stores, storeId, setStoreId } = useStores();
  const can = usePermission();
  const [walkIn, setWalkIn] = useState(false);
  const [assigning, setAssigning] = useState<Visit | null>(null);
  // Live queues (h-witness): any station's move refetches the queue and today's bookings.
  const live = useLiveQueue(storeId, [visitKeys.all]);
  const bookings = useQuery({
    queryKey: visitKeys.today(storeId ?? 0),
    queryFn: () => visitApi.today(storeId!),
    enabled: storeId !== null,
    refetchInterval: QUEUE_REFRESH_MS,
  });
  const queue = useQuery({
    queryKey: visitKeys.queue(storeId ?? 0),
    queryFn: () => visitApi.queue(storeId!),
    enabled: storeId !== null,
    refetchInterval: QUEUE_REFRESH_MS,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: visitKeys.all });
  const act = async (run: () => Promise<unknown>, done: string) => {
    await run();
    message.success(done);
    refresh();
  };

  if (stores.data && stores.data.length === 0) return <Empty description={t('noStore')} />;

  const bookingColumns = [
    { title: t('time'), key: 'time', render: (_: unknown, a: Appointment) => a.startTime.slice(11, 16) },
    { title: t('customer'), dataIndex: 'customerName', key: 'customer' },
    { title: t('kind'), key: 'kind', render: (_: unknown, a: Appointment) => names.appointmentKind[a.kind] },
    { title: t('doctor'), dataIndex: 'doctorName', key: 'doctor' },
    { title: t('consultant'), dataIndex: 'consultantName', key: 'consultant' },
    {
      title: t('status'),
      key: 'status',
      render: (_: unknown, a: Appointment) => <Tag>{names.appointmentStatus[a.status]}</Tag>,
    },
    {
      title: t('actions'),
      key: 'actions',
      render: (_: unknown, a: Appointment) =>
        (a.status === AppointmentStatus.pending || a.status === AppointmentStatus.confirmed) && (
          <Button
            size="small"
            type="link"
            onClick={() => void act(() => visitApi.arrive(a.appointmentId), t('arrived')).catch(() => {})}
          >
            {t('arrive')}
          </Button>
        ),
    },
  ];

  const queueColumns = [
    { title: t('customer'), dataIndex: 'customerName', key: 'customer' },
    { title: t('visitType'), key: 'type', render: (_: unknown, v: Visit) => names.visitType[v.visitType] },
    {
      title: t('status'),
      key: 'status',
      render: (_: unknown, v: Visit) => <Tag color="blue">{names.visitStatus[v.status]}</Tag>,
    },
    { title: t('consultant'), dataIndex: 'consultantName', key: 'consultant' },
    { title: t('doctor'), dataIndex: 'doctorName', key: 'doctor' },
    { title: t('arrivedAt'), key: 'arrived', render: (_: unknown, v: Visit) => showTime(v.arrivedTime, 'HH:mm') },
    { title: t('waited'), key: 'waited', render: (_: unknown, v: Visit) => t('minutesShort', { n: v.waited }) },
    {
      title: t('actions'),
      key: 'actions',
      render: (_: unknown, v: Visit) => (
        <Space size={0}>
          {v.status <= VisitStatus.triaged && (
            <Button size="small" type="link" onClick={() => setAssigning(v)}>
              {v.consultantId ? t('reassign') : t('assign')}
            </Button>
          )}
          <Button
            size="small"
            type="link"
            danger
            onClick={() =>
              modal.confirm({
                title: t('leaveAsk', { name: v.customerName }),
                okText: t('leave'),
                cancelText: t('close'),
                onOk: () => act(() => visitApi.leave(v.visitId), t('left')).catch(() => {}),
              })
            }
          >
            {t('leave')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space>
        <StoreSelect value={storeId} onChange={setStoreId} />
        <Button type="primary" disabled={storeId === null} onClick={() => setWalkIn(true)}>
          {t('walkIn')}
        </Button>
        {can('oa.booking.read') && <Link to="/Booking_management">{t('boardTitle')}</Link>}
        {/* The visit list (issue 23, h-records) */}
        <RecordListLink />
        <LiveStatus status={live} />
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={10}>
          <Card title={t('todayBookings')} size="small">
            <Table
              rowKey="appointmentId"
              size="small"
              loading={bookings.isLoading}
              dataSource={bookings.data ?? []}
              columns={bookingColumns}
              pagination={false}
            />
          </Card>
        </Col>
        <Col xs={24} xxl={14}>
          <Card title={t('queue')} size="small">
            <Table
              rowKey="visitId"
              size="small"
              loading={queue.isLoading}
              dataSource={queue.data ?? []}
              columns={queueColumns}
              pagination={false}
            />
          </Card>
        </Col>
      </Row>
      {storeId !== null && (
        <>
          <WalkInForm
            open={walkIn}
            storeId={storeId}
            onClose={() => setWalkIn(false)}
            onSaved={() => {
              setWalkIn(false);
              message.success(t('registered'));
              refresh();
            }}
          />
          <AssignForm
            visit={assigning}
            storeId={storeId}
            onClose={() => setAssigning(null)}
            onSaved={() => {
              setAssigning(null);
              message.success(t('assigned'));
              refresh();
            }}
          />
        </>
      )}
    </Space>
  );
}
