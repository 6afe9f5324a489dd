import type { OrderCouponRow, UnpaidOrder } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { ChargeDialog } from './ChargeDialog';
import { withCoupon } from './CouponPicker';

// Coupons at the desk (issue 25, h-coupons).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const order: UnpaidOrder = {
  orderId: 7,
  number: '202611260007',
  customerId: 3,
  customerName: '林婉清',
  mobile: '13912340001',
  summary: '光子嫩肤 ×1',
  payable: 88_000,
  createUserName: '孙丽',
  remark: '',
  createTime: '2026-11-26 10:00:00',
  balances: { principal: 0, gift: 0, arrears: 0 },
};
const coupon = (over: Partial<OrderCouponRow>): OrderCouponRow => ({
  couponId: 1,
  code: 'ABCDEFGH23',
  name: '好评礼券',
  value: 5000,
  remaining: 5000,
  threshold: 30000,
  projectIds: [],
  projectNames: [],
  validFrom: '2026-11-01',
  validTo: '2026-12-31',
  status: 1,
  source: 'review',
  createTime: '2026-11-01 10:00:00',
  usableAmount: 5000,
  reason: '',
  ...over,
});

describe('withCoupon', () => {
  it('adds the coupon row and lowers the first cash row to the rest; none removes it', () => {
    const rows = [{ method: 'cash', amount: '880.00' }];
    const picked = withCoupon(rows, { couponId: 1, usable: 5000 }, 88_000);
    expect(picked).toEqual([
      { method: 'cash', amount: '830.00' },
      { method: 'coupon', amount: '50.00' },
    ]);
    expect(withCoupon(picked, null, 88_000)).toEqual([{ method: 'cash', amount: '830.00' }]);
  });
});

describe('the charge dialog’s coupon', { timeout: 60_000 }, () => {
  it('offers usable coupons (others disabled with why) and sends the one picked', async () => {
    const calls = fakeFetch({
      '/evaluate/orderCoupons': [
        coupon({}),
        coupon({
          couponId: 2,
          code: 'ZZZZZZZZ22',
          name: '水光券',
          usableAmount: 0,
          reason: '订单中没有该优惠券适用的项目',
        }),
      ],
      '/clinic/cashier/charge': {
        orderId: 7,
        status: 3,
        payable: 88_000,
        received: 83_000,
        principalUsed: 0,
        giftUsed: 0,
        couponUsed: 5000,
        arrears: 0,
        dealIds: [1],
        balances: { principal: 0, gift: 0, arrears: 0 },
      },
    });
    renderWithApp(<ChargeDialog order={order} arrearsAllowed={false} onClose={() => {}} onCharged={() => {}} />, {
      permissions: ['oa:workflow:cashierDesk', 'crm:dealRecord:charge'],
    });
    const picker = await screen.findByTestId('coupon-picker');
    fireEvent.mouseDown(picker.querySelector('.ant-select-selector') ?? picker);
    const other = await screen.findByText(/水光券（ZZZZZZZZ22）订单中没有该优惠券适用的项目/);
    expect(other.closest('.ant-select-item')?.className).toContain('disabled');
    fireEvent.click(await screen.findByText(/好评礼券（ABCDEFGH23）/));
    await waitFor(() => expect(screen.getByTestId('charge-sum').textContent).toBe('实收 ¥880.00 · 欠款 ¥0.00'));
    fireEvent.click(
      within(document.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name: /收\s*费/ }),
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/clinic/cashier/charge')).toBe(true));
    expect(calls.find((c) => c.path === '/clinic/cashier/charge')?.body).toEqual({
      orderId: 7,
      couponId: 1,
      payments: [
        { method: 'cash', amount: '830.00' },
        { method: 'coupon', amount: '50.00' },
      ],
    });
  });
});
