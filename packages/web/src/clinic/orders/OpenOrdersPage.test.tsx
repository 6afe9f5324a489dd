import type { Answer } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refuse } from '@/workbench/examine/test-utils';
import { input, open, payable, sent, type } from './test-support';

// A save that takes no discount reason (the floor refuses): whatever the shared schema says, so the
// refusal path stays tested once the 折扣审批 path adds the reason (OpenOrdersPage.reason.test.tsx).
vi.mock('./discount-reason', () => ({ takesDiscountReason: false }));

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('开单', { timeout: 60_000 }, () => {
  it('prices lines in fen, keeps deal price and discount in step, warns below the floor and saves once', async () => {
    const calls = open([
      refuse(400, '成交价低于最低价，需审批：光子嫩肤'),
      { orderId: 9, number: '202611260001', status: 2, payable: 159_000, lines: [] },
    ]);
    const header = await screen.findByTestId('order-customer');
    await within(header).findByText('13800000001');
    expect(within(header).getByText('悦美门店')).toBeTruthy();
    expect(await within(header).findByText('123.45')).toBeTruthy();

    fireEvent.click(await screen.findByLabelText('添加 光子嫩肤'));
    fireEvent.click(screen.getByLabelText('添加 水光针'));
    await waitFor(() => expect(payable()).toBe('2160.00'));
    expect(screen.getByText('5次')).toBeTruthy();
    // Two 水光针 at half of 原价: 1980 × 2 × 50 % = 1980.00; the sessions follow the quantity.
    type('数量 水光针', '2');
    type('折扣% 水光针', '50');
    await waitFor(() => expect(input('成交价 水光针').value).toBe('1980.00'));
    expect(screen.getByText('6次')).toBeTruthy();
    // A deal price sets the discount of 原价: 600 of 1280 = 46.88 %, below the floor of 680.
    type('成交价 光子嫩肤', '600');
    await waitFor(() => expect(input('折扣% 光子嫩肤').value).toBe('46.88'));
    expect(await screen.findByText('低于最低成交价 680.00，保存将被拒绝或需审批')).toBeTruthy();
    expect(screen.queryByLabelText('折扣原因（有项目低于最低成交价，需审批）')).toBeNull();
    expect(payable()).toBe('2580.00');

    fireEvent.click(screen.getByTestId('order-save'));
    await waitFor(() => expect(sent(calls, '/CrmCustomerProjectDealRecord/save')).toHaveLength(1));
    expect(screen.queryByText('客户详情页')).toBeNull();
    type('成交价 光子嫩肤', '680');
    await waitFor(() => expect(screen.queryByTestId('below-floor')).toBeNull());
    fireEvent.click(screen.getByTestId('order-save'));
    expect(await screen.findByText('客户详情页')).toBeTruthy();
    const [first, second] = sent(calls, '/CrmCustomerProjectDealRecord/save');
    expect(second).toMatchObject({
      customerId: 4,
      lines: [
        { projectId: 1, quantity: 1, dealPrice: '680.00', deptId: 7, salespeople: [{ userId: 5, rate: 100 }] },
        { projectId: 2, quantity: 2, dealPrice: '1980.00', deptId: 7, salespeople: [{ userId: 5, rate: 100 }] },
      ],
    });
    // A retry after a refusal is the same order attempt: one batch id.
    expect(second!.batchId).toBe(first!.batchId);
  });

  it('will not save while a split does not total 100', async () => {
    open([]);
    fireEvent.click(await screen.findByLabelText('添加 光子嫩肤'));
    type('孙丽 %', '60');
    expect(await screen.findByText('比例合计60%，须为100%')).toBeTruthy();
    expect((screen.getByTestId('order-save') as HTMLButtonElement).disabled).toBe(true);
    type('孙丽 %', '100');
    await waitFor(() => expect((screen.getByTestId('order-save') as HTMLButtonElement).disabled).toBe(false));
  });

  it('edits an unpaid order through update, and refuses to edit a charged one', async () => {
    const info = (status: number): Answer<'/clinic/order/info'> => ({
      orderId: 9,
      number: '202611260001',
      businessDay: '2026-11-26',
      customerId: 4,
      customerName: '陈雨桐',
      kind: 1,
      status,
      payable: 200_000,
      received: 0,
      principalUsed: 0,
      giftUsed: 0,
      couponUsed: 0,
      arrears: 0,
      examineId: null,
      remark: '老客',
      createUser: { userId: 5, name: '孙丽' },
      cashier: { userId: null, name: '' },
      createTime: '2026-11-26 10:00:00',
      chargedTime: null,
      lines: [
        {
          lineId: 1,
          projectId: 2,
          setMealId: null,
          setMealGroup: null,
          name: '水光针',
          quantity: 2,
          sessions: 6,
          price: 396_000,
          salesPrice: 256_000,
          dealPrice: 200_000,
          discount: 50.51,
          deptId: 7,
          deptName: '皮肤科',
          salespeople: [
            { userId: 5, name: '孙丽', rate: 70 },
            { userId: 8, name: '周杰', rate: 30 },
          ],
        },
      ],
      payments: [],
    });
    const calls = open([], '/openOrders?orderId=9', {
      '/clinic/order/info': info(2),
      '/CrmCustomerProjectDealRecord/update': { orderId: 9, number: '202611260001', status: 2, payable: 0, lines: [] },
    });
    expect(await screen.findByText('修改订单 202611260001')).toBeTruthy();
    await waitFor(() => expect(input('成交价 水光针').value).toBe('2000.00'));
    expect(screen.getByText('6次')).toBeTruthy();
    expect(input('周杰 %').value).toBe('30');
    type('数量 水光针', '1');
    await waitFor(() => expect(payable()).toBe('1000.00'));
    fireEvent.click(screen.getByTestId('order-save'));
    expect(await screen.findByText('客户详情页')).toBeTruthy();
    expect(sent(calls, '/CrmCustomerProjectDealRecord/save')).toEqual([]);
    expect(sent(calls, '/CrmCustomerProjectDealRecord/update')).toEqual([
      {
        orderId: 9,
        remark: '老客',
        setMeals: [],
        lines: [
          {
            projectId: 2,
            quantity: 1,
            dealPrice: '1000.00',
            deptId: 7,
            salespeople: [
              { userId: 5, rate: 70 },
              { userId: 8, rate: 30 },
            ],
          },
        ],
      },
    ]);
    cleanup();
    open([], '/openOrders?orderId=9', { '/clinic/order/info': info(3) });
    expect(await screen.findByText('该订单已收费，不能修改')).toBeTruthy();
  });
});
