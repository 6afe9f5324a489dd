import { type Bed, BedStatus, bedStatusNames, bedStatusNamesEn } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Modal, Select, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { StoreSelect, useStores } from '@/booking/pickers';
import { useLang } from '@/i18n';
import { usePermission } from '@/manager/use-permission';
import { showTime } from '@/shell/time';
import { AdmitForm } from './AdmitForm';
import { wardApi, wardKeys } from './api';
import { BedForm } from './BedForm';
import { BedHistory } from './BedHistory';
import { type BedActionKey, bedActionKeys } from './bed-actions';
import { useWardMessages } from './messages';
import './ward.css';
import { LiveStatus } from '../live/LiveStatus';
import { useLiveQueue } from '../live/use-visit-events';

const statusColor: Record<number, string> = {
  [BedStatus.free]: 'green',
  [BedStatus.occupied]: 'blue',
  [BedStatus.reserved]: 'orange',
  [BedStatus.disabled]: 'default',
};

/**
 * 住院管理 (/workflow/isHospitalized): the bed board of a store by room (空闲, 占用, 预留, 停用)
 * with who is in each bed; admit, move bed, discharge (the 术后回访 plan's tasks), reserve and
 * release; the stores' settings holder adds, edits and takes beds out of use.
 */
export default function WardPage() {
  const t = useWardMessages();
  const { lang } = useLang();
  const statusNames = lang === 'en' ? bedStatusNamesEn : bedStatusNames;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const can = usePermission();
  const manages = can('oa.booking.settings');
  const works = can('oa.workflow.isHospitalized');
  const { stores, storeId, setStoreId, store } = useStores();
  // Every station's moves of this store's visits arrive over the socket (docs/clinic-visits.md "Live queues").
  const live = useLiveQueue(storeId, [wardKeys.all]);
  const board = useQuery({
    queryKey: wardKeys.board(storeId ?? 0),
    queryFn: () => wardApi.board(storeId!),
    enabled: storeId !== null,
  });
  const [admitting, setAdmitting] = useState<Bed | null>(null);
  const [moving, setMoving] = useState<Bed | null>(null);
  const [editing, setEditing] = useState<{ bed: Bed | null } | null>(null);
  // The bed log (issue 23, h-visit23).
  const [viewing, setViewing] = useState<Bed | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: wardKeys.all });
  const act = async (run: () => Promise<unknown>, done: string) => {
    await run();
    message.success(done);
    refresh();
  };

  if (stores.data && stores.data.length === 0) return <Empty description={t('noStore')} />;
  const allBeds = (board.data?.rooms ?? []).flatMap((r) => r.beds);

  const actions = (bed: Bed) => {
    const who = bed.occupant?.customerName || t('hidden');
    const stay = bed.occupant?.admissionId;
    const link = (key: string, label: string, onClick: () => void, danger = false) => (
      <Button key={key} size="small" type="link" danger={danger} onClick={onClick}>
        {label}
      </Button>
    );
    const run = (call: () => Promise<unknown>) => () => void act(call, t('saved')).catch(() => {});
    const buttons: Record<BedActionKey, () => ReactNode> = {
      admit: () => link('admit', t('admit'), () => setAdmitting(bed)),
      reserve: () =>
        link(
          'reserve',
          t('reserve'),
          run(() => wardApi.reserve(bed.bedId)),
        ),
      release: () =>
        link(
          'release',
          t('release'),
          run(() => wardApi.release(bed.bedId)),
        ),
      move: () => link('move', t('move'), () => setMoving(bed)),
      discharge: () =>
        link(
          'discharge',
          t('discharge'),
          () =>
            modal.confirm({
              title: t('dischargeAsk', { name: who }),
              okText: t('discharge'),
              cancelText: t('close'),
              onOk: () =>
                wardApi
                  .discharge(stay!)
                  .then((a) => {
                    message.success(t('discharged', { n: a.followUps }));
                    refresh();
                  })
                  .catch(() => {}),
            }),
          true,
        ),
      disable: () =>
        link(
          'disable',
          t('disable'),
          run(() => wardApi.setBedEnabled(bed.bedId, false)),
        ),
      enable: () =>
        link(
          'enable',
          t('enable'),
          run(() => wardApi.setBedEnabled(bed.bedId, true)),
        ),
      edit: () => link('edit', t('editBed'), () => setEditing({ bed })),
    };
    return bedActionKeys({ status: bed.status, occupied: bed.occupant !== null }, { works, manages }).map((k) =>
      buttons[k](),
    );
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <StoreSelect value={storeId} onChange={setStoreId} />
        <LiveStatus status={live} />
        {Object.entries(statusNames).map(([code, name]) => (
          <Tag key={code} color={statusColor[Number(code)]}>
            {name} {board.data?.counts[code] ?? 0}
          </Tag>
        ))}
        {manages && (
          <Button disabled={!store?.rooms.length} onClick={() => setEditing({ bed: null })}>
            {t('addBed')}
          </Button>
        )}
      </Space>
      {(board.data?.rooms ?? []).map((room) => (
        <Card key={room.room} title={room.room} size="small" loading={board.isLoading}>
          {room.beds.length === 0 ? (
            <Typography.Text type="secondary">{t('noBeds')}</Typography.Text>
          ) : (
            <div className="ward-beds">
              {room.beds.map((bed) => (
                <Card
                  key={bed.bedId}
                  size="small"
                  className={`ward-bed ward-bed-${bed.status}`}
                  data-testid={`bed-${bed.room}-${bed.number}`}
                  title={
                    <Space>
                      <span>{bed.number}</span>
                      <Tag color={statusColor[bed.status]}>{statusNames[bed.status]}</Tag>
                    </Space>
                  }
                  actions={actions(bed)}
                  // The bed log (issue 23, h-visit23): whoever sees the board reads its beds' history.
                  extra={
                    <Button size="small" type="link" onClick={() => setViewing(bed)}>
                      {t('history')}
                    </Button>
                  }
                >
                  {bed.occupant ? (
                    <Space direction="vertical" size={0}>
                      <Typography.Text strong>{bed.occupant.customerName || t('hidden')}</Typography.Text>
                      <Typography.Text type="secondary">
                        {t('doctor')} {bed.occupant.doctorName ?? ''} · {t('nurse')} {bed.occupant.nurseName ?? ''}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {t('admittedAt', { time: showTime(bed.occupant.admittedTime, 'MM-dd HH:mm') })} ·{' '}
                        {t('days', { n: bed.occupant.days })}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {t('expected', { day: bed.occupant.expectedDischarge })}
                      </Typography.Text>
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">{bed.remark || '—'}</Typography.Text>
                  )}
                </Card>
              ))}
            </div>
          )}
        </Card>
      ))}
      <BedHistory bed={viewing} onClose={() => setViewing(null)} />
      {storeId !== null && (
        <>
          <AdmitForm
            bed={admitting}
            storeId={storeId}
            onClose={() => setAdmitting(null)}
            onSaved={() => {
              setAdmitting(null);
              message.success(t('admitted'));
              refresh();
            }}
          />
          <MoveForm
            bed={moving}
            beds={allBeds}
            onClose={() => setMoving(null)}
            onSaved={() => {
              setMoving(null);
              message.success(t('moved'));
              refresh();
            }}
          />
          <BedForm
            open={editing !== null}
            bed={editing?.bed ?? null}
            storeId={storeId}
            rooms={store?.rooms ?? []}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              message.success(t('saved'));
              refresh();
            }}
          />
        </>
      )}
    </Space>
  );
}

/** 换床: to a free or reserved bed of the same store. */
function MoveForm({
  bed,
  beds,
  onClose,
  onSaved,
}: {
  bed: Bed | null;
  beds: Bed[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useWardMessages();
  const [form] = Form.useForm<{ bedId: number }>();
  const [saving, setSaving] = useState(false);
  const open = beds.filter((b) => b.status === BedStatus.free || b.status === BedStatus.reserved);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await wardApi.move(bed!.occupant!.admissionId, v.bedId);
      onSaved();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={bed !== null}
      title={t('moveTitle', { name: bed?.occupant?.customerName || t('hidden') })}
      okText={t('move')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void save().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="moveBed">
        <Form.Item
          name="bedId"
          label={t('toBed')}
          rules={[{ required: true, message: t('required', { label: t('toBed') }) }]}
        >
          <Select
            aria-label={t('toBed')}
            options={open.map((b) => ({ value: b.bedId, label: `${b.room} ${b.number}` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
