import { checkCharge, fenToYuan, type PayMethod, showFen, type UnpaidOrder } from '@crm/shared';
import { Alert, Button, Descriptions, Modal, Result, Space } from 'antd';
import { useState } from 'react';
import { cashierApi, openReceipt } from './api';
import { CouponPicker, type PickedCoupon, withCoupon } from './CouponPicker';
import { useCashierMessages } from './messages';
import { type PaymentRow, PaymentRows, readPayments } from './PaymentRows';

/** The balances the customer holds, and a coupon once one is picked (CouponPicker). */
const methodsFor = (o: UnpaidOrder, coupon: boolean): PayMethod[] => [
  'cash',
  'wechat',
  'alipay',
  'card',
  ...(o.balances.principal > 0 ? (['principal'] as const) : []),
  ...(o.balances.gift > 0 ? (['gift'] as const) : []),
  ...(coupon ? (['coupon'] as const) : []),
];

/**
 * The charge of one unpaid order: mixed methods in yuan, the rest shown as arrears (refused here
 * already when the order form forbids arrears, with the server's words); after it, the receipt.
 */
export function ChargeDialog({
  order,
  arrearsAllowed,
  onClose,
  onCharged,
}: {
  order: UnpaidOrder;
  arrearsAllowed: boolean;
  onClose: () => void;
  onCharged: () => void;
}) {
  const t = useCashierMessages();
  const [rows, setRows] = useState<PaymentRow[]>([{ method: 'cash', amount: fenToYuan(order.payable) }]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ arrears: number; received: number } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  // Coupons at the desk (issue 25, h-coupons).
  const [coupon, setCoupon] = useState<PickedCoupon>(null);
  const read = readPayments(rows);
  const checked = read.error
    ? { ok: false as const, msg: read.error }
    : checkCharge({
        payable: order.payable,
        payments: read.fen,
        balances: order.balances,
        couponRemaining: coupon?.usable ?? 0,
        arrearsAllowed,
      });
  const received = checked.ok ? checked.value.received : read.fen.reduce((s, p) => s + p.amount, 0);

  const submit = async () => {
    setBusy(true);
    setRefused(null);
    try {
      const res = await cashierApi.charge(order.orderId, read.body, coupon?.couponId);
      setDone({ arrears: res.arrears, received: res.received + res.principalUsed + res.giftUsed + res.couponUsed });
      onCharged();
    } catch (err) {
      setRefused(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('chargeTitle', { number: order.number })}
      onCancel={onClose}
      footer={
        done ? (
          <Space>
            <Button onClick={onClose}>{t('close')}</Button>
            {/* Its own key: reusing the charge button would keep its loading state a moment and drop a quick click. */}
            <Button key="print" type="primary" onClick={() => openReceipt(order.orderId)}>
              {t('print')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('close')}</Button>
            <Button key="charge" type="primary" loading={busy} disabled={!checked.ok} onClick={submit}>
              {t('charge')}
            </Button>
          </Space>
        )
      }
      destroyOnHidden
    >
      {done ? (
        <Result
          status="success"
          title={t('charged')}
          subTitle={`${t('received')} ${showFen(done.received)} · ${t('arrears')} ${showFen(done.arrears)}`}
        />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('customer')}>
              {order.customerName} {order.mobile}
            </Descriptions.Item>
            <Descriptions.Item label={t('items')}>{order.summary}</Descriptions.Item>
            <Descriptions.Item label={t('payable')}>
              <strong>{showFen(order.payable)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('principal')}>
              {t('balances', {
                principal: showFen(order.balances.principal),
                gift: showFen(order.balances.gift),
                arrears: showFen(order.balances.arrears),
              })}
            </Descriptions.Item>
          </Descriptions>
          <CouponPicker
            orderId={order.orderId}
            value={coupon}
            onChange={(picked) => {
              setCoupon(picked);
              setRows(withCoupon(rows, picked, order.payable));
              setRefused(null);
            }}
          />
          <PaymentRows
            rows={rows}
            methods={methodsFor(order, coupon !== null)}
            onChange={(next) => {
              setRows(next);
              setRefused(null);
            }}
          />
          <div className="cashier-sum" data-testid="charge-sum">
            {t('received')} {showFen(received)} · {t('arrears')}{' '}
            {showFen(checked.ok ? checked.value.arrears : Math.max(order.payable - received, 0))}
          </div>
          {!checked.ok && <Alert type="error" showIcon message={checked.msg} />}
          {refused && <Alert type="error" showIcon message={refused} />}
        </Space>
      )}
    </Modal>
  );
}
