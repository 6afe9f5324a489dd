import { type Answer, buildAuthObject } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crmKindByKey } from '@/crm/kinds';
import type { DetailContext } from '@/crm/types';
import { sessionStore } from '@/shell/session-store';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import CustomerDealsTab from './CustomerDealsTab';
import CustomerMoney from './CustomerMoney';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const deal: Answer<'/CrmCustomerProjectDealRecord/getDealRecord'>[number] = {
  dealId: 31,
  customerId: 4,
  projectId: 1,
  name: '光子嫩肤',
  orderId: 9,
  orderNumber: '202611260001',
  sessionsBought: 5,
  sessionsUsed: 1,
  sessionsRefunded: 0,
  sessionsConverted: 0,
  sessionsLeft: 4,
  sessionsHeld: 0,
  expiresOn: '2027-11-26',
  dealValue: 88_000,
  paidCash: 40_000,
  paidPrincipal: 0,
  paidGift: 0,
  paidCoupon: 0,
  arrears: 48_000,
  refundedAmount: 0,
  kind: 1,
  originalDealId: null,
  status: 2,
  createTime: '2026-11-26 10:00:00',
};
type OrderRow = Answer<'/clinic/order/queryList'>['list'][number];
const order = (orderId: number, status: OrderRow['status']): OrderRow => ({
  orderId,
  number: `20261126000${orderId}`,
  kind: 1,
  status,
  payable: 88_000,
  received: status === 2 ? 0 : 40_000,
  principalUsed: 0,
  giftUsed: 0,
  arrears: status === 2 ? 0 : 48_000,
  items: '光子嫩肤',
  createUserId: 5,
  createUserName: '孙丽',
  createTime: '2026-11-26 10:00:00',
  chargedTime: null,
});
const ctx = { id: 4 } as DetailContext;
const kind = crmKindByKey('customer')!;

function open(permissions: string[]) {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const calls = fakeFetch({
    '/CrmCustomerProjectDealRecord/getDealRecord': [deal],
    '/CrmCustomerProjectDealRecord/queryTrackingRecord': [
      { type: 'charge', time: '2026-11-26 10:00:00', sessions: 5, amount: 88_000, refId: 9, userId: 3, remark: '' },
      { type: 'treatment', time: '2026-11-26 11:00:00', sessions: 1, amount: 17_600, refId: 2, userId: 6, remark: '' },
    ],
    '/clinic/order/queryList': { list: [order(10, 2), order(9, 4)], totalRow: 2, page: 1, limit: 10 },
    '/CrmCustomerProjectDealRecord/cancel': null,
    '/clinic/account/info': {
      customerId: 4,
      principal: 50_000,
      gift: 10_000,
      arrears: 48_000,
      totalPaid: 40_000,
      totalConsumed: 17_600,
      firstVisitTime: null,
      lastVisitTime: null,
      lastTreatmentTime: null,
      cardNumber: null,
    },
  });
  renderWithApp(
    <>
      <CustomerMoney id={4} />
      <CustomerDealsTab {...ctx} kind={kind} />
    </>,
    { permissions },
  );
  return calls;
}

describe('成交项目', { timeout: 60_000 }, () => {
  it('shows deals with sessions and money, the timeline, orders and the balances', async () => {
    const all = ['crm:customer:read', 'crm:dealRecord:save', 'crm:dealRecord:update', 'crm:dealRecord:discard'];
    const calls = open(all);
    const deals = await screen.findByTestId('customer-deals');
    const row = (await within(deals).findByText('光子嫩肤')).closest('tr')!;
    expect(within(row).getByText('4')).toBeTruthy();
    expect(within(row).getByText('880.00')).toBeTruthy();
    expect(within(row).getByText('480.00')).toBeTruthy();
    expect(within(row).getByText('疗程中')).toBeTruthy();
    const money = await screen.findByTestId('customer-money');
    expect(money.textContent).toContain('500.00');
    expect(money.textContent).toContain('100.00');
    expect(money.textContent).toContain('480.00');
    expect(screen.getByTestId('open-order')).toBeTruthy();

    fireEvent.click(within(row).getByText('追踪'));
    const timeline = await screen.findByTestId('deal-timeline');
    expect(within(timeline).getByText('收费')).toBeTruthy();
    expect(within(timeline).getByText('划扣')).toBeTruthy();

    const orders = screen.getByTestId('customer-orders');
    const unpaid = (await within(orders).findByText('2026112600010')).closest('tr')!;
    expect(within(unpaid).getByText('待收费')).toBeTruthy();
    const charged = within(orders).getByText('202611260009').closest('tr')!;
    expect(within(charged).queryByText('作废')).toBeNull();
    fireEvent.click(within(unpaid).getByText('作废'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(calls.filter((c: Call) => c.path === '/CrmCustomerProjectDealRecord/cancel')).toHaveLength(1),
    );
    expect(calls.find((c) => c.path === '/CrmCustomerProjectDealRecord/cancel')!.body).toEqual({ orderId: '10' });
  });

  it('offers no 开单, edit or void without their permissions', async () => {
    open(['crm:customer:read']);
    const orders = await screen.findByTestId('customer-orders');
    await within(orders).findByText('2026112600010');
    expect(within(orders).queryByText('作废')).toBeNull();
    expect(within(orders).queryByText('修改')).toBeNull();
    expect(screen.queryByTestId('open-order')).toBeNull();
  });
});
