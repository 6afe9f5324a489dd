import { fenToYuan, type OrderCouponRow, showFen } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { defineMessages } from '@/i18n';
import { call } from '@/shell/call';

// Coupons at the desk (issue 25, h-coupons): the customer's usable coupons for this order.
const useMessages = defineMessages({
  zh: {
    label: '优惠券',
    none: '不使用优惠券',
    option: '{name}（{code}）余{remaining}，本单可用{usable}',
    refused: '{name}（{code}）{reason}',
  },
  en: {
    label: 'Coupon',
    none: 'No coupon',
    option: '{name} ({code}) {remaining} left, {usable} on this order',
    refused: '{name} ({code}): {reason}',
  },
});

/** The coupon picked and the most it may pay of this order (fen), or null. */
export type PickedCoupon = { couponId: number; usable: number } | null;

export function CouponPicker({
  orderId,
  value,
  onChange,
}: {
  orderId: number;
  value: PickedCoupon;
  onChange: (c: PickedCoupon) => void;
}) {
  const t = useMessages();
  const coupons = useQuery({
    queryKey: ['workflow', 'cashier', 'coupons', orderId],
    queryFn: () => call('/evaluate/orderCoupons', { orderId }),
  });
  const list: OrderCouponRow[] = coupons.data ?? [];
  if (!coupons.isLoading && list.length === 0) return null;
  return (
    <Select
      data-testid="coupon-picker"
      style={{ width: '100%' }}
      loading={coupons.isLoading}
      value={value?.couponId ?? 0}
      onChange={(id: number) => {
        const c = list.find((x) => x.couponId === id);
        onChange(c ? { couponId: c.couponId, usable: c.usableAmount } : null);
      }}
      options={[
        { value: 0, label: t('none') },
        ...list.map((c) => ({
          value: c.couponId,
          disabled: c.usableAmount === 0,
          label: c.reason
            ? t('refused', { name: c.name, code: c.code, reason: c.reason })
            : t('option', {
                name: c.name,
                code: c.code,
                remaining: showFen(c.remaining),
                usable: showFen(c.usableAmount),
              }),
        })),
      ]}
      aria-label={t('label')}
    />
  );
}

/** The payment rows with the coupon's amount in its own row, the first cash row lowered to match. */
export function withCoupon<R extends { method: string; amount: string }>(
  rows: R[],
  picked: PickedCoupon,
  payable: number,
): R[] {
  const rest = rows.filter((r) => r.method !== 'coupon');
  if (!picked) return rest;
  const amount = Math.min(picked.usable, payable);
  const others = rest.map((r, i) =>
    i === 0 && r.method !== 'principal' && r.method !== 'gift'
      ? { ...r, amount: fenToYuan(Math.max(payable - amount, 0)) }
      : r,
  );
  return [...others, { method: 'coupon', amount: fenToYuan(amount) } as R];
}
