import { checkRefund, type DealRecordRow, fenToYuan, parseYuan, RefundMsg, refundLimit, showFen } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useRef, useState } from 'react';
import { newBatchId } from '@/components/dynamic-form';
import { call } from '@/shell/call';
import { orderKeys } from '../api';
import { ApproverField, approverBody, approverMissing, useApprovalFlow } from '../approval/ApproverField';
import { useRefundMessages } from './messages';
import { dealMoney, refundableSessions } from './refund-math';

export const refundKeys = { customer: (id: number) => ['clinic', 'orders', 'refunds', id] as const };

/**
 * Asking for a refund of one deal: 退剩余 (every left session for the most the server allows,
 * `refundSurplusProject`) or 手动退费 (some sessions and an amount up to their limit, `manualRefund`),
 * a reason, to balance or not, and the 退费审核 approver when the flow lets the applicant choose.
 * The limit is the shared `refundLimit` the server checks with; one batch id per opening, so a
 * double click asks once.
 */
export function RefundDialog({ deal, onClose }: { deal: DealRecordRow; onClose: () => void }) {
  const t = useRefundMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const flow = useApprovalFlow('refund');
  const available = refundableSessions(deal);
  const money = dealMoney(deal);
  const [mode, setMode] = useState<'surplus' | 'manual'>('surplus');
  const [sessions, setSessions] = useState(available);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [toBalance, setToBalance] = useState(false);
  const [checkUserId, setCheckUserId] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const batchId = useRef(newBatchId());

  const surplus = refundLimit(money);
  const manualLimit = refundLimit(money, sessions);
  // The manual amount, checked by the server's own rule before sending.
  const typed = parseYuan(amount);
  const manualCheck = typed.ok ? checkRefund(money, sessions, typed.fen) : null;
  const amountError =
    mode === 'manual' && amount !== ''
      ? !typed.ok
        ? t('amountBad')
        : manualCheck && !manualCheck.ok
          ? manualCheck.msg
          : null
      : null;
  const ready =
    reason.trim() !== '' &&
    !approverMissing(flow.data, checkUserId) &&
    flow.data?.enabled !== false &&
    (mode === 'surplus' || (amount !== '' && manualCheck?.ok === true));

  const submit = async () => {
    if (sending || !ready) return;
    setSending(true);
    const common = { reason, toBalance, batchId: batchId.current, ...approverBody(flow.data, checkUserId) };
    try {
      if (mode === 'surplus') {
        await call(
          '/CrmCustomerProjectDealRecord/refundSurplusProject',
          { dealId: deal.dealId, sessions: available, amount: fenToYuan(surplus), ...common },
          { json: true },
        );
      } else {
        await call(
          '/CrmCustomerProjectDealRecord/manualRefund',
          { items: [{ dealId: deal.dealId, sessions, amount }], ...common },
          { json: true },
        );
      }
      message.success(t('submitted'));
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      onClose();
    } catch {
      // the request layer showed the server's message; the same batch id retries the same request
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={t('title', { name: deal.name })}
      okText={t('submit')}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{
        disabled: !ready,
        loading: sending,
        ...({ 'data-testid': 'refund-submit' } as Record<string, string>),
      }}
      destroyOnHidden
    >
      <Form layout="vertical" size="small">
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value)}
          options={[
            { value: 'surplus', label: t('surplus') },
            { value: 'manual', label: t('manual') },
          ]}
          style={{ marginBottom: 8 }}
        />
        <Typography.Paragraph type="secondary">{t('available', { n: available })}</Typography.Paragraph>
        {mode === 'surplus' ? (
          <Typography.Paragraph strong data-testid="refund-surplus">
            {t('surplusAmount', { n: available, yuan: showFen(surplus) })}
          </Typography.Paragraph>
        ) : (
          <>
            <Form.Item label={t('sessions')}>
              <InputNumber
                aria-label={t('sessions')}
                min={1}
                max={available}
                precision={0}
                value={sessions}
                onChange={(v) => setSessions(Math.min(available, Math.max(1, Number(v ?? 1))))}
              />
            </Form.Item>
            <Form.Item
              label={t('amount')}
              extra={t('limit', { yuan: showFen(manualLimit) })}
              validateStatus={amountError ? 'error' : undefined}
              help={amountError ?? undefined}
            >
              <Input aria-label={t('amount')} value={amount} onChange={(e) => setAmount(e.target.value)} />
            </Form.Item>
          </>
        )}
        <Form.Item label={t('reason')} required>
          <Input.TextArea
            aria-label={t('reason')}
            placeholder={RefundMsg.reasonRequired}
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
        <Checkbox checked={toBalance} onChange={(e) => setToBalance(e.target.checked)} style={{ marginBottom: 8 }}>
          {t('toBalance')}
        </Checkbox>
        <ApproverField flow={flow.data} disabledMsg={RefundMsg.noFlow} value={checkUserId} onChange={setCheckUserId} />
      </Form>
    </Modal>
  );
}
