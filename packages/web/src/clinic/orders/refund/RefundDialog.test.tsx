import { type Answer, buildAuthObject } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crmKindByKey } from '@/crm/kinds';
import type { DetailContext } from '@/crm/types';
import { sessionStore } from '@/shell/session-store';
import type { Answers } from '@/test/answers';
import { pickerUser, userPage } from '@/test/people';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import CustomerDealsTab from '../customer/CustomerDealsTab';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

// 光子嫩肤: 5 sessions for 880.00 paid in cash, 1 used. The limit of the 4 left: 880 × 4 ÷ 5 = 704.00.
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
  paidCash: 88_000,
  paidPrincipal: 0,
  paidGift: 0,
  paidCoupon: 0,
  arrears: 0,
  refundedAmount: 0,
  kind: 1,
  originalDealId: null,
  status: 2,
  createTime: '2026-11-26 10:00:00',
};
type RefundRow = Answer<'/CrmCustomerProjectDealRecord/manualRefund'>[number];
const refund = (refundId: number, status: RefundRow['status'], sessions: number): RefundRow => ({
  refundId,
  customerId: 4,
  customerName: '陈雨桐',
  dealId: 31,
  name: '光子嫩肤',
  sessions,
  amount: 35_200,
  reason: '顾客搬家',
  status,
  toBalance: false,
  recordId: 70,
  payoutOrderId: null,
  createUserId: 5,
  createUserName: '孙丽',
  createTime: '2026-11-26 12:00:00',
});
const chosen: Answer<'/clinic/approval/flow'> = { enabled: true, chooseApprover: true, steps: [] };

function open(permissions: string[], extra: Answers = {}) {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const calls = fakeFetch({
    '/CrmCustomerProjectDealRecord/getDealRecord': [deal],
    '/clinic/order/queryList': { list: [], totalRow: 0, page: 1, limit: 10 },
    '/clinic/refund/queryByCustomer': [],
    '/clinic/approval/flow': chosen,
    '/system/user/queryUserList': userPage(pickerUser(2, '王建国')),
    '/CrmCustomerProjectDealRecord/refundSurplusProject': refund(80, 1, 4),
    '/CrmCustomerProjectDealRecord/manualRefund': [refund(81, 1, 2)],
    ...extra,
  });
  renderWithApp(<CustomerDealsTab {...({ id: 4 } as DetailContext)} kind={crmKindByKey('customer')!} />, {
    permissions,
  });
  return calls;
}
const asker = ['crm:customer:read', 'crm:dealRecord:refund'];
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const submit = () => screen.getByTestId('refund-submit') as HTMLButtonElement;
const dialog = async () => {
  fireEvent.click(await screen.findByLabelText('退费 光子嫩肤'));
  return screen.findByRole('dialog');
};
const pickApprover = async () => {
  fireEvent.mouseDown(screen.getByLabelText('审批人'));
  fireEvent.click(await screen.findByTitle('王建国'));
};

describe('退费 from 成交项目', { timeout: 60_000 }, () => {
  it('退剩余 asks for every left session at the limit shown, with reason and approver, once on a double click', async () => {
    const calls = open(asker);
    const box = await dialog();
    expect(within(box).getByTestId('refund-surplus').textContent).toBe('退剩余 4 次，退款 ¥704.00');
    expect(submit().disabled).toBe(true);
    fireEvent.change(within(box).getByLabelText('退费原因'), { target: { value: '顾客搬家' } });
    // The flow lets the applicant choose: no approver, no submit.
    expect(submit().disabled).toBe(true);
    await pickApprover();
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    fireEvent.click(submit());
    expect(await screen.findByText('已提交退费审核')).toBeTruthy();
    const bodies = sent(calls, '/CrmCustomerProjectDealRecord/refundSurplusProject');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({
      dealId: 31,
      sessions: 4,
      amount: '704.00',
      reason: '顾客搬家',
      toBalance: false,
      checkUserId: 2,
      batchId: expect.any(String),
    });
  });

  it("手动退费 refuses an amount above the chosen sessions' limit with the server's message, then sends the items", async () => {
    const calls = open(asker, { '/clinic/approval/flow': { enabled: true, chooseApprover: false, steps: [] } });
    const box = await dialog();
    fireEvent.click(within(box).getByLabelText('手动退费'));
    fireEvent.change(within(box).getByLabelText('退费次数'), { target: { value: '2' } });
    fireEvent.blur(within(box).getByLabelText('退费次数'));
    expect(await within(box).findByText('最多可退 ¥352.00')).toBeTruthy();
    fireEvent.change(within(box).getByLabelText('退款金额（元）'), { target: { value: '400' } });
    expect(await within(box).findByText('退款金额超出可退金额')).toBeTruthy();
    fireEvent.change(within(box).getByLabelText('退费原因'), { target: { value: '效果不满意' } });
    fireEvent.click(within(box).getByLabelText('退回本金余额（不退现金）'));
    expect(submit().disabled).toBe(true);
    fireEvent.change(within(box).getByLabelText('退款金额（元）'), { target: { value: '352' } });
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await screen.findByText('已提交退费审核');
    expect(sent(calls, '/CrmCustomerProjectDealRecord/manualRefund')).toEqual([
      {
        items: [{ dealId: 31, sessions: 2, amount: '352' }],
        reason: '效果不满意',
        toBalance: true,
        batchId: expect.any(String),
      },
    ]);
  });

  it('shows held sessions on the row and the requests with their detail', async () => {
    const calls = open(asker, {
      '/CrmCustomerProjectDealRecord/getDealRecord': [{ ...deal, sessionsHeld: 2, refundedAmount: 35_200 }],
      '/clinic/refund/queryByCustomer': [refund(81, 1, 2), refund(79, 4, 1)],
      '/clinic/refund/detail': {
        ...refund(81, 1, 2),
        deal: {
          sessionsBought: 5,
          sessionsUsed: 1,
          sessionsLeft: 4,
          sessionsHeld: 2,
          sessionsRefunded: 0,
          dealValue: 88_000,
          paidCash: 88_000,
          paidPrincipal: 0,
          paidGift: 0,
          arrears: 0,
        },
        // 880.00 × 4 ÷ 5, as above.
        refundLimit: 70_400,
        canAudit: false,
        canWithdraw: true,
      },
    });
    const deals = await screen.findByTestId('customer-deals');
    const row = (await within(deals).findByText('光子嫩肤')).closest('tr')!;
    expect(await within(row).findByText('退费审核中 2次')).toBeTruthy();
    const list = screen.getByTestId('customer-refunds');
    expect(within(list).getByText('审核中')).toBeTruthy();
    expect(within(list).getByText('已驳回')).toBeTruthy();
    fireEvent.click(within(list).getAllByText('详情')[0]!);
    const detail = await screen.findByTestId('refund-detail');
    expect(detail.textContent).toContain('¥352.00');
    expect(detail.textContent).toContain('¥880.00');
    expect(sent(calls, '/clinic/refund/detail')).toEqual([{ refundId: '81' }]);
    // Two of the four are held: 退剩余 offers the other two.
    fireEvent.click(within(row).getByLabelText('退费 光子嫩肤'));
    expect((await screen.findByTestId('refund-surplus')).textContent).toBe('退剩余 2 次，退款 ¥352.00');
  });

  it('offers no 退费 without the permission or when every left session is held', async () => {
    open(['crm:customer:read']);
    await within(await screen.findByTestId('customer-deals')).findByText('光子嫩肤');
    expect(screen.queryByLabelText('退费 光子嫩肤')).toBeNull();
    cleanup();
    open(asker, { '/CrmCustomerProjectDealRecord/getDealRecord': [{ ...deal, sessionsHeld: 4 }] });
    await within(await screen.findByTestId('customer-deals')).findByText('光子嫩肤');
    expect(screen.queryByLabelText('退费 光子嫩肤')).toBeNull();
  });
});
