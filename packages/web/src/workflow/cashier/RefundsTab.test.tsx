import { type Answer, buildAuthObject } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import type { Answers } from '@/test/answers';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { payoutError, RefundsTab } from './RefundsTab';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const desk = ['oa:workflow:cashierDesk', 'crm:dealRecord:charge'];
type RefundRow = Answer<'/clinic/cashier/queryRefunds'>['list'][number];
const refund = (refundId: number, status: RefundRow['status'], over: Partial<RefundRow> = {}): RefundRow => ({
  refundId,
  customerId: 4,
  customerName: '陈雨桐',
  dealId: 31,
  name: '光子嫩肤',
  sessions: 2,
  amount: 35_200,
  reason: '顾客搬家',
  status,
  toBalance: false,
  recordId: 70,
  payoutOrderId: status === 3 ? 77 : null,
  createUserId: 5,
  createUserName: '孙丽',
  createTime: '2026-11-26 12:00:00',
  ...over,
});
const page = <T,>(list: T[]) => ({ list, totalRow: list.length, page: 1, limit: 15 });
const paidAnswer: Answer<'/clinic/cashier/refundPayout'> = {
  refundId: 81,
  orderId: 77,
  number: '202611260077',
  amount: 35_200,
  toBalance: false,
  deal: { sessionsLeft: 2, sessionsHeld: 0, sessionsRefunded: 2, status: 2 },
  balances: { principal: 0, gift: 0, arrears: 0 },
};

function open(extra: Answers = {}) {
  sessionStore.save({ auth: buildAuthObject(desk) });
  const calls = fakeFetch({
    '/clinic/cashier/queryRefunds': (b) => (Number(b.status) === 3 ? page([refund(79, 3)]) : page([refund(81, 2)])),
    '/clinic/cashier/refundPayout': paidAnswer,
    ...extra,
  });
  renderWithApp(<RefundsTab />, { permissions: desk });
  return calls;
}
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const payButton = () => screen.getByTestId('payout-submit') as HTMLButtonElement;
const dialogOf = async () => {
  const row = (await within(await screen.findByTestId('desk-refunds')).findByText('陈雨桐')).closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: /退\s*款/ }));
  return (await screen.findByText('退款 · 陈雨桐')).closest('.ant-modal') as HTMLElement;
};

describe('the desk’s 退款 tab', { timeout: 60_000 }, () => {
  it('checks the methods add up to the refund, pays out once on a double click, then offers the receipt', async () => {
    const calls = open();
    const dialog = await dialogOf();
    expect(dialog.textContent).toContain('陈雨桐 · 光子嫩肤 2次 · 退款 ¥352.00');
    fireEvent.change(within(dialog).getByLabelText('现金 金额（元）'), { target: { value: '300' } });
    expect(await within(dialog).findByText('退款方式合计须等于退款金额352.00元')).toBeTruthy();
    expect(payButton().disabled).toBe(true);
    fireEvent.click(within(dialog).getByText('添加支付方式'));
    fireEvent.change(within(dialog).getByLabelText('微信 金额（元）'), { target: { value: '52' } });
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    fireEvent.click(payButton());
    expect(await screen.findByText('退款成功：单号 202611260077')).toBeTruthy();
    expect(sent(calls, '/clinic/cashier/refundPayout')).toEqual([
      {
        refundId: 81,
        methods: [
          { method: 'cash', amount: '300' },
          { method: 'wechat', amount: '52' },
        ],
        toBalance: false,
      },
    ]);
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    fireEvent.click(within(dialog).getByRole('button', { name: '打印小票' }));
    expect(opened).toHaveBeenCalledWith('/printCashPage?orderId=77', '_blank', 'noopener');
  });

  it('pays back to principal balance without methods when the cashier or the request chose it', async () => {
    const calls = open({ '/clinic/cashier/queryRefunds': page([refund(81, 2, { toBalance: true })]) });
    const dialog = await dialogOf();
    expect(within(dialog).queryByLabelText('现金 金额（元）')).toBeNull();
    fireEvent.click(payButton());
    await screen.findByText('退款成功：单号 202611260077');
    expect(sent(calls, '/clinic/cashier/refundPayout')).toEqual([{ refundId: 81, methods: [], toBalance: true }]);
  });

  it("lists the day's paid refunds with a reprint of their payout order", async () => {
    const calls = open();
    await within(await screen.findByTestId('desk-refunds')).findByText('陈雨桐');
    fireEvent.click(screen.getByText('已退款'));
    await waitFor(() =>
      expect(sent(calls, '/clinic/cashier/queryRefunds').at(-1)).toMatchObject({
        status: '3',
        day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    );
    // The waiting list is not narrowed to a day.
    expect(sent(calls, '/clinic/cashier/queryRefunds')[0]).not.toHaveProperty('day');
    const row = (await screen.findByRole('button', { name: /补\s*打/ })).closest('tr')!;
    expect(within(row).getByText('¥352.00')).toBeTruthy();
  });

  it('payoutError: the sum, a zero method and a mistyped amount', () => {
    expect(payoutError([{ method: 'cash', amount: '352' }], 35_200)).toBeUndefined();
    expect(payoutError([{ method: 'cash', amount: '351.99' }], 35_200)).toBe('退款方式合计须等于退款金额352.00元');
    expect(
      payoutError(
        [
          { method: 'cash', amount: '352' },
          { method: 'card', amount: '0' },
        ],
        35_200,
      ),
    ).toBe('每种退款方式的金额须大于0');
    expect(payoutError([{ method: 'cash', amount: '3.521' }], 35_200)).toMatch(/金额/);
  });
});
