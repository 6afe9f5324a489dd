import { type Visit, VisitStatus } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Form, Input, Modal, Row, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useVisitMessages } from '@/booking/messages';
import { StoreSelect, useCodeNames, useStores } from '@/booking/pickers';
import { useSession } from '@/shell/session';
import { showTime } from '@/shell/time';
import { LiveStatus } from '../live/LiveStatus';
import { useLiveQueue } from '../live/use-visit-events';
import { openOrderPath, witnessApi, witnessKeys } from './api';
import { CustomerCard } from './CustomerCard';
import { useWitnessMessages } from './messages';
import { ConsultForm, DoctorNoteForm } from './NoteForms';

/** Minutes waited move on the clock; moves arrive over the socket (useLiveQueue). */
const MINUTES_REFRESH_MS = 60_000;
/** After acceptance the consultant writes notes and opens orders until the cashier takes over. */
const working: number[] = [VisitStatus.consulting, VisitStatus.consulted, VisitStatus.awaitingPayment];

/**
 * 面诊室 (/workflow/witness): the visits triage assigned to me (as consultant or doctor) today,
 * live; accept or refuse; the customer card; the consult and doctor notes; 开单 in the visit.
 */
export default function WitnessPage() {
  const t = useWitnessMessages();
  const tv = useVisitMessages();
  const names = useCodeNames();
  const { message } = App.useApp();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { stores, storeId, setStoreId } = useStores();
  const [selected, setSelected] = useState<number | null>(null);
  const [refusing, setRefusing] = useState<Visit | null>(null);
  const live = useLiveQueue(storeId, [witnessKeys.all]);
  const queue = useQuery({
    queryKey: witnessKeys.queue(storeId ?? 0),
    queryFn: () => witnessApi.queue(storeId!),
    enabled: storeId !== null,
    refetchInterval: MINUTES_REFRESH_MS,
  });
  const current = queue.data?.find((v) => v.visitId === selected) ?? null;
  const card = useQuery({
    queryKey: witnessKeys.card(selected ?? 0),
    queryFn: () => witnessApi.card(selected!),
    enabled: current !== null,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: witnessKeys.all });
  const accept = async (v: Visit) => {
    await witnessApi.accept(v.visitId);
    message.success(t('accepted'));
    setSelected(v.visitId);
    refresh();
  };

  if (stores.data && stores.data.length === 0) return <Empty description={tv('noStore')} />;
  const mine = (v: Visit) => ({ consultant: v.consultantId === user.userId, doctor: v.doctorId === user.userId });

  const columns = [
    { title: t('customer'), dataIndex: 'customerName', key: 'customer' },
    { title: tv('visitType'), key: 'type', render: (_: unknown, v: Visit) => names.visitType[v.visitType] },
    {
      title: tv('status'),
      key: 'status',
      render: (_: unknown, v: Visit) => <Tag color="blue">{names.visitStatus[v.status]}</Tag>,
    },
    {
      title: t('role'),
      key: 'role',
      render: (_: unknown, v: Visit) => (mine(v).consultant ? t('asConsultant') : t('asDoctor')),
    },
    { title: tv('arrivedAt'), key: 'arrived', render: (_: unknown, v: Visit) => showTime(v.arrivedTime, 'HH:mm') },
    { title: tv('waited'), key: 'waited', render: (_: unknown, v: Visit) => tv('minutesShort', { n: v.waited }) },
    {
      title: tv('actions'),
      key: 'actions',
      render: (_: unknown, v: Visit) => (
        <Space size={0} wrap>
          {mine(v).consultant && v.status === VisitStatus.triaged && (
            <>
              <Button size="small" type="link" onClick={() => void accept(v).catch(() => {})}>
                {t('accept')}
              </Button>
              <Button size="small" type="link" danger onClick={() => setRefusing(v)}>
                {t('refuse')}
              </Button>
            </>
          )}
          <Button size="small" type="link" onClick={() => setSelected(v.visitId)}>
            {t('open')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <StoreSelect value={storeId} onChange={setStoreId} />
        <LiveStatus status={live} />
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card title={t('myQueue')} size="small">
            <Table
              rowKey="visitId"
              size="small"
              loading={queue.isLoading}
              dataSource={queue.data ?? []}
              columns={columns}
              pagination={false}
              locale={{ emptyText: t('empty') }}
              rowClassName={(v) => (v.visitId === selected ? 'ant-table-row-selected' : '')}
            />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          {current === null || !card.data ? (
            <Card size="small">
              <Empty description={t('pickVisit')} />
            </Card>
          ) : (
            <Space direction="vertical" style={{ width: '100%' }} size="middle">
              <Space wrap>
                <strong>{current.customerName}</strong>
                <Tag color="blue">{names.visitStatus[current.status]}</Tag>
                {mine(current).consultant && working.includes(current.status) && (
                  <Button type="primary" onClick={() => navigate(openOrderPath(current.customerId, current.visitId))}>
                    {t('openOrder')}
                  </Button>
                )}
              </Space>
              <CustomerCard card={card.data} />
              {mine(current).consultant && working.includes(current.status) && (
                <ConsultForm
                  visitId={current.visitId}
                  onSaved={() => {
                    message.success(t('consultSaved'));
                    refresh();
                  }}
                />
              )}
              {mine(current).doctor && (
                <DoctorNoteForm
                  visitId={current.visitId}
                  onSaved={() => {
                    message.success(t('doctorNoteSaved'));
                    refresh();
                  }}
                />
              )}
            </Space>
          )}
        </Col>
      </Row>
      <RefuseDialog
        visit={refusing}
        onClose={() => setRefusing(null)}
        onDone={() => {
          setRefusing(null);
          if (refusing?.visitId === selected) setSelected(null);
          message.success(t('refused'));
          refresh();
        }}
      />
    </Space>
  );
}

/** 拒诊 with its reason: the visit goes back to the triage queue. */
function RefuseDialog({ visit, onClose, onDone }: { visit: Visit | null; onClose: () => void; onDone: () => void }) {
  const t = useWitnessMessages();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await witnessApi.refuse(visit!.visitId, v.reason);
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={visit !== null}
      title={t('refuseAsk', { name: visit?.customerName ?? '' })}
      okText={t('refuse')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={saving}
      onOk={() => void save().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="witness-refuse">
        <Form.Item
          name="reason"
          label={t('refuseReason')}
          rules={[{ required: true, whitespace: true, message: t('refuseReason') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
