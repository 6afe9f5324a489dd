import type { UnpaidOrder } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, refuse, renderWithApp } from '@/workbench/examine/test-utils';
import { ChargeDialog } from './ChargeDialog';

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
  summary: '光子嫩肤 ×1、水光针 ×1',
  payable: 188_000,
  createUserName: '孙丽',
  remark: '',
  createTime: '2026-11-26 10:00:00',
  balances: { principal: 20_000, gift: 0, arrears: 0 },
};

const dialog = (arrearsAllowed: boolean, onCharged = vi.fn()) =>
  renderWithApp(
    <ChargeDialog order={order} arrearsAllowed={arrearsAllowed} onClose={() => {}} onCharged={onCharged} />,
    { permissions: ['oa:workflow:cashierDesk', 'crm:dealRecord:charge'] },
  );
const amount = (method: string) => screen.getByLabelText(`${method} 金额（元）`);
const sum = () => screen.getByTestId('charge-sum').textContent;
const chargeButton = () =>
  within(document.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name: /收\s*费/ });

describe('the charge dialog', { timeout: 60_000 }, () => {
  it('starts with the whole payable in cash; arrears are refused where the order form forbids them', async () => {
    fakeFetch({});
    dialog(false);
    expect((amount('现金') as HTMLInputElement).value).toBe('1880.00');
    expect(sum()).toBe('实收 ¥1880.00 · 欠款 ¥0.00');
    fireEvent.change(amount('现金'), { target: { value: '1000' } });
    expect(await screen.findByText('欠款不允许，请收齐应收金额')).toBeTruthy();
    expect(chargeButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(amount('现金'), { target: { value: '12.345' } });
    expect(await screen.findByText('金额须为数字，最多两位小数')).toBeTruthy();
  });

  it('charges two methods leaving arrears, sends yuan as JSON, then offers the receipt', async () => {
    const calls = fakeFetch({
      '/clinic/cashier/charge': {
        orderId: 7,
        status: 4,
        payable: 188_000,
        received: 80_000,
        principalUsed: 0,
        giftUsed: 0,
        couponUsed: 0,
        arrears: 108_000,
        dealIds: [1, 2],
        balances: { principal: 20_000, gift: 0, arrears: 108_000 },
      },
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const onCharged = vi.fn();
    dialog(true, onCharged);
    fireEvent.change(amount('现金'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: /添加支付方式/ }));
    fireEvent.change(amount('微信'), { target: { value: '300' } });
    expect(sum()).toBe('实收 ¥800.00 · 欠款 ¥1080.00');
    // Principal first is the customer's choice; more than the balance is refused with the shared words.
    fireEvent.click(screen.getByRole('button', { name: /添加支付方式/ }));
    fireEvent.change(amount('支付宝'), { target: { value: '2000' } });
    expect(await screen.findByText('实收金额超出应收金额')).toBeTruthy();
    fireEvent.change(amount('支付宝'), { target: { value: '' } });
    fireEvent.click(chargeButton());
    expect(await screen.findByText('收费成功')).toBeTruthy();
    expect(calls.find((c) => c.path === '/clinic/cashier/charge')?.body).toEqual({
      orderId: 7,
      payments: [
        { method: 'cash', amount: '500' },
        { method: 'wechat', amount: '300' },
      ],
    });
    expect(onCharged).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: /打印小票/ }));
    expect(open).toHaveBeenCalledWith('/printCashPage?orderId=7', '_blank', 'noopener');
  });

  it('shows the server’s refusal and stays open', async () => {
    fakeFetch({ '/clinic/cashier/charge': () => refuse(400, '订单已收费') });
    const onCharged = vi.fn();
    dialog(true, onCharged);
    fireEvent.click(chargeButton());
    expect(await screen.findByText('订单已收费')).toBeTruthy();
    await waitFor(() => expect(chargeButton().hasAttribute('disabled')).toBe(false));
    expect(onCharged).not.toHaveBeenCalled();
    expect(screen.queryByText('收费成功')).toBeNull();
  });
});
