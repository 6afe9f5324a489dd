import { conversionDifference, DealKind, type DealRecordRow, DealStatus, fenToYuan, leftValueParts } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, InputNumber, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { usePermission } from '@/manager/use-permission';
import { dealActionsApi, useDealActionMessages, useDealActionSubmit } from './deal-actions';

/** A deal whose free left sessions may be offered for conversion (the server checks everything again). */
const convertible = (d: DealRecordRow) =>
  d.kind === DealKind.normal &&
  (d.status === DealStatus.unused || d.status === DealStatus.inTreatment) &&
  d.arrears === 0 &&
  d.sessionsLeft - d.sessionsHeld > 0;

/**
 * 转换 on a 成交项目 row: the targets of the deal's conversion class, the sessions and quantity, and
 * before sending what happens to the difference (the shared `conversionDifference`): a dearer
 * target opens an unpaid order, a cheaper one credits principal.
 */
export function ConvertAction({ deal }: { deal: DealRecordRow }) {
  const can = usePermission();
  const [open, setOpen] = useState(false);
  const t = useDealActionMessages();
  if (!can('crm.dealRecord.save') || !convertible(deal)) return null;
  return (
    <>
      <Button type="link" size="small" data-testid={`convert-${deal.dealId}`} onClick={() => setOpen(true)}>
        {t('convert')}
      </Button>
      {open && <ConvertDialog deal={deal} onClose={() => setOpen(false)} />}
    </>
  );
}

export function ConvertDialog({ deal, onClose }: { deal: DealRecordRow; onClose: () => void }) {
  const t = useDealActionMessages();
  const { message } = App.useApp();
  const { busy, send } = useDealActionSubmit(onClose);
  const free = deal.sessionsLeft - deal.sessionsHeld;
  const [projectId, setProjectId] = useState<number>();
  const [sessions, setSessions] = useState(free);
  const [quantity, setQuantity] = useState(1);
  const targets = useQuery({
    queryKey: ['clinic', 'orders', 'convertTargets', deal.dealId],
    queryFn: () => dealActionsApi.targets(deal.dealId),
  });
  const target = targets.data?.targets.find((p) => p.projectId === projectId);
  const moved = leftValueParts(
    {
      dealValue: deal.dealValue,
      bought: deal.sessionsBought,
      left: deal.sessionsLeft,
      paidCash: deal.paidCash,
      paidPrincipal: deal.paidPrincipal,
      paidGift: deal.paidGift,
      paidCoupon: deal.paidCoupon,
    },
    Math.min(Math.max(sessions, 0), free),
  );
  const targetValue = target ? target.salesPrice * quantity : 0;
  const outcome = target ? conversionDifference(moved.value, moved.cash + moved.principal, targetValue) : null;

  const submit = async () => {
    if (!projectId) {
      message.error(t('targetRequired'));
      return;
    }
    await send(
      (batchId) => dealActionsApi.convert({ dealId: deal.dealId, projectId, sessions, quantity, batchId }),
      (done) => (done.orderNumber ? t('pending', { number: done.orderNumber }) : t('converted')),
    );
  };

  return (
    <Modal
      open
      title={t('convertTitle', { name: deal.name })}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="convert-dialog">
        {targets.data && (
          <Typography.Paragraph type="secondary">
            {t('convertFree', {
              sessions: targets.data.sessions,
              value: fenToYuan(targets.data.leftValue),
              paid: fenToYuan(targets.data.leftPaid),
            })}
          </Typography.Paragraph>
        )}
        <Form layout="vertical">
          <Form.Item label={t('target')} required>
            <Select
              data-testid="convert-target"
              loading={targets.isLoading}
              value={projectId}
              onChange={setProjectId}
              notFoundContent={t('noTargets')}
              options={(targets.data?.targets ?? []).map((p) => ({
                value: p.projectId,
                label: `${p.name}（${p.sessions}次 ${fenToYuan(p.salesPrice)}元）`,
              }))}
            />
          </Form.Item>
          <Form.Item label={t('sessions')}>
            <InputNumber min={1} max={free} precision={0} value={sessions} onChange={(v) => setSessions(v ?? free)} />
          </Form.Item>
          <Form.Item label={t('quantity')}>
            <InputNumber min={1} max={999} precision={0} value={quantity} onChange={(v) => setQuantity(v ?? 1)} />
          </Form.Item>
        </Form>
        {outcome && (
          <Alert
            data-testid="convert-outcome"
            type={outcome.toPay > 0 ? 'warning' : 'info'}
            title={
              outcome.toPay > 0
                ? t('toPay', { yuan: fenToYuan(outcome.toPay) })
                : outcome.toPrincipal > 0 || outcome.forfeited > 0
                  ? [
                      outcome.toPrincipal > 0 ? t('toPrincipal', { yuan: fenToYuan(outcome.toPrincipal) }) : '',
                      outcome.forfeited > 0 ? t('forfeited', { yuan: fenToYuan(outcome.forfeited) }) : '',
                    ]
                      .filter(Boolean)
                      .join('；')
                  : t('even')
            }
          />
        )}
      </div>
    </Modal>
  );
}
