import { DealKind, type DealRecordRow, parseYuan } from '@crm/shared';
import { App, Button, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { usePermission } from '@/manager/use-permission';
import { dealActionsApi, useDealActionMessages, useDealActionSubmit } from './deal-actions';

/**
 * 返修 on a 成交项目 row: a treated normal deal gets a repair deal, free (at once) or priced (an
 * unpaid order the cashier charges). The server checks the price against 执行价.
 */
export function RepairAction({ deal }: { deal: DealRecordRow }) {
  const can = usePermission();
  const [open, setOpen] = useState(false);
  const t = useDealActionMessages();
  if (!can('crm.dealRecord.save') || deal.kind !== DealKind.normal || deal.sessionsUsed === 0) return null;
  return (
    <>
      <Button type="link" size="small" data-testid={`repair-${deal.dealId}`} onClick={() => setOpen(true)}>
        {t('repair')}
      </Button>
      {open && <RepairDialog deal={deal} onClose={() => setOpen(false)} />}
    </>
  );
}

export function RepairDialog({ deal, onClose }: { deal: DealRecordRow; onClose: () => void }) {
  const t = useDealActionMessages();
  const { message } = App.useApp();
  const { busy, send } = useDealActionSubmit(onClose);
  const [sessions, setSessions] = useState(1);
  const [price, setPrice] = useState('0');
  const [reason, setReason] = useState('');

  const submit = async () => {
    if (!reason.trim()) {
      message.error(t('reasonRequired'));
      return;
    }
    const read = parseYuan(price || '0');
    if (!read.ok) {
      message.error(read.msg);
      return;
    }
    await send(
      (batchId) => dealActionsApi.repair({ dealId: deal.dealId, sessions, price: price || '0', reason, batchId }),
      (done) => (done.orderNumber ? t('repairOrder', { number: done.orderNumber }) : t('repaired')),
    );
  };

  return (
    <Modal
      open
      title={t('repairTitle', { name: deal.name })}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="repair-dialog">
        <Form.Item label={t('repairSessions')}>
          <InputNumber min={1} max={99} precision={0} value={sessions} onChange={(v) => setSessions(v ?? 1)} />
        </Form.Item>
        <Form.Item label={t('repairPrice')}>
          <Input data-testid="repair-price" value={price} onChange={(e) => setPrice(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('reason')} required>
          <Input.TextArea
            data-testid="repair-reason"
            rows={2}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
