import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { CardNumber } from './CardNumber';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const account = (cardNumber: string | null) => ({
  customerId: 3,
  principal: 0,
  gift: 0,
  arrears: 0,
  totalPaid: 0,
  totalConsumed: 0,
  firstVisitTime: null,
  lastVisitTime: null,
  lastTreatmentTime: null,
  cardNumber,
});

describe('the archive’s 会员卡号', { timeout: 60_000 }, () => {
  it('gives a card from the header and shows it', async () => {
    let card: string | null = null;
    const calls = fakeFetch({
      '/clinic/account/info': () => account(card),
      '/clinic/customer/setCardNumber': (body: Record<string, unknown>) => {
        card = String(body.cardNumber).trim().toUpperCase();
        return { customerId: 3, cardNumber: card };
      },
    });
    renderWithApp(<CardNumber customerId={3} editable />);
    expect(await screen.findByText('未办卡')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '修改会员卡号' }));
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('会员卡号'), { target: { value: '卡1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('会员卡号只能包含字母、数字和短横线，最多32位')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('会员卡号'), { target: { value: 'vip-7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/clinic/customer/setCardNumber')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/clinic/customer/setCardNumber')?.body).toEqual({
      customerId: 3,
      cardNumber: 'vip-7',
    });
    expect(await screen.findByText('会员卡号 VIP-7')).toBeTruthy();
  });

  it('offers no edit to who may not edit the customer', async () => {
    fakeFetch({ '/clinic/account/info': account('VIP0001') });
    renderWithApp(<CardNumber customerId={3} editable={false} />);
    expect(await screen.findByText('会员卡号 VIP0001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '修改会员卡号' })).toBeNull();
  });
});
