import { buildAuthObject } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { ArrearsTab } from './ArrearsTab';
import { TopUpTab } from './TopUpTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const desk = ['oa:workflow:cashierDesk', 'crm:dealRecord:charge'];
/** The buttons read the stored auth object (usePermission), as after a login. */
const render = (node: ReactNode, permissions: string[]) => {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  return renderWithApp(node, { permissions });
};
const owing = {
  customerId: 3,
  customerName: '林婉清',
  mobile: '13912340001',
  principal: 0,
  gift: 0,
  arrears: 8_000,
  ownerUserId: 5,
  ownerName: '孙丽',
};
const accounts = { '/clinic/cashier/queryAccounts': { list: [owing], totalRow: 1, page: 1, limit: 15 } };

describe('the arrears and top-up tabs', { timeout: 60_000 }, () => {
  it('offers 免除 only with its own permission', async () => {
    fakeFetch(accounts);
    render(<ArrearsTab />, desk);
    const row = (await screen.findByText('林婉清')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: /还\s*款/ })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /免\s*除/ })).toBeNull();
  });

  it('waives with a reason, the whole debt by default', async () => {
    const calls = fakeFetch({
      ...accounts,
      '/clinic/cashier/waive': {
        orderId: null,
        number: null,
        amount: 8_000,
        gift: 0,
        balances: { principal: 0, gift: 0, arrears: 0 },
      },
    });
    render(<ArrearsTab />, [...desk, 'crm:dealRecord:waive']);
    const row = (await screen.findByText('林婉清')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /免\s*除/ }));
    const dialog = (await screen.findByText('免除 · 林婉清')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /免\s*除/ }));
    expect(await within(dialog).findByText('请填写免除原因')).toBeTruthy();
    expect(calls.some((c) => c.path === '/clinic/cashier/waive')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('免除原因'), { target: { value: '老客户优惠' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /免\s*除/ }));
    await waitFor(() => expect(calls.find((c) => c.path === '/clinic/cashier/waive')).toBeTruthy());
    expect(calls.find((c) => c.path === '/clinic/cashier/waive')?.body).toMatchObject({
      customerId: '3',
      amount: '80.00',
      reason: '老客户优惠',
      batchId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('shows the tiers and the gift the typed amount reaches; arrears block a top-up', async () => {
    fakeFetch({
      '/clinic/cashier/queryAccounts': {
        list: [{ ...owing, arrears: 0, customerId: 4, customerName: '陈雨桐' }, owing],
        totalRow: 2,
        page: 1,
        limit: 20,
      },
      '/clinic/cashier/topUpTiers': [
        { id: 1, name: '充1000送100', threshold: 100_000, gift: 10_000 },
        { id: 2, name: '充5000送800', threshold: 500_000, gift: 80_000 },
      ],
    });
    render(<TopUpTab />, desk);
    expect(await screen.findByText(/充5000送800 · 充 ¥5000.00 送 ¥800.00/)).toBeTruthy();
    const pick = async (name: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: '充值顾客' }));
      const option = await waitFor(() => {
        const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) =>
          o.textContent?.includes(name),
        );
        if (!found) throw new Error(`no option ${name}`);
        return found as HTMLElement;
      });
      fireEvent.click(option);
    };
    await pick('陈雨桐');
    fireEvent.change(await screen.findByLabelText('现金 金额（元）'), { target: { value: '6000' } });
    expect(await screen.findByText('本次充值 ¥6000.00，赠送 ¥800.00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('现金 金额（元）'), { target: { value: '999' } });
    expect(await screen.findByText('本次充值 ¥999.00，赠送 ¥0.00')).toBeTruthy();
    await pick('林婉清');
    expect(await screen.findByText('顾客有欠款，请还款后充值')).toBeTruthy();
  });

  it("sends the top-up's salespeople: the owner at 100 % unless the split is changed", async () => {
    const calls = fakeFetch({
      '/clinic/cashier/queryAccounts': {
        list: [{ ...owing, arrears: 0 }],
        totalRow: 1,
        page: 1,
        limit: 20,
      },
      '/clinic/cashier/topUpTiers': [],
      '/clinic/cashier/topUp': {
        orderId: 9,
        number: '202611260001',
        amount: 50_000,
        gift: 0,
        balances: { principal: 50_000, gift: 0, arrears: 0 },
      },
    });
    render(<TopUpTab />, desk);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '充值顾客' }));
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option') as HTMLElement | null;
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    expect(await screen.findByText('销售人员')).toBeTruthy();
    const rate = screen.getByLabelText('孙丽 %');
    fireEvent.change(await screen.findByLabelText('现金 金额（元）'), { target: { value: '500' } });
    // A split that is not 100 % blocks the top-up.
    fireEvent.change(rate, { target: { value: '90' } });
    fireEvent.blur(rate);
    await waitFor(() => expect(screen.getByRole('button', { name: /充\s*值/ }).hasAttribute('disabled')).toBe(true));
    fireEvent.change(rate, { target: { value: '100' } });
    fireEvent.blur(rate);
    await waitFor(() => expect(screen.getByRole('button', { name: /充\s*值/ }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: /充\s*值/ }));
    await waitFor(() => expect(calls.find((c) => c.path === '/clinic/cashier/topUp')).toBeTruthy());
    expect(calls.find((c) => c.path === '/clinic/cashier/topUp')?.body).toMatchObject({
      customerId: 3,
      payments: [{ method: 'cash', amount: '500' }],
      salespeople: [{ userId: 5, rate: 100 }],
    });
  });
});
