import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordRow } from '@/test/crm-records';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { CustomerSelect } from './pickers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = <T,>(list: T[]) => ({ list, totalRow: list.length, page: 1, limit: 20 });
const holder = { customerId: 7, customerName: '林婉清', mobile: '13912340001', cardNumber: 'VIP-001' };

const type = async (text: string) => {
  const input = screen.getByRole('combobox');
  fireEvent.mouseDown(input);
  await act(async () => {
    fireEvent.change(input, { target: { value: text } });
  });
};

describe('the triage desk’s customer search (会员卡号)', { timeout: 60_000 }, () => {
  it('lists the exact card’s holder first, with the card, before the name and phone matches', async () => {
    const calls = fakeFetch({
      '/clinic/visit/byCard': holder,
      '/CrmCustomer/queryPageList': page([recordRow({ customerId: 9, customerName: '陈雨桐', mobile: '13912340002' })]),
    });
    renderWithApp(<CustomerSelect byCard />);
    await type('vip-001');
    const options = await screen.findAllByRole('option');
    await waitFor(() => expect(options.length).toBeGreaterThan(0));
    expect(await screen.findByText('林婉清 13912340001 会员卡号 VIP-001')).toBeTruthy();
    expect(await screen.findByText('陈雨桐 13912340002')).toBeTruthy();
    const items = document.querySelectorAll('.ant-select-item-option');
    expect(items[0]?.textContent).toContain('VIP-001');
    expect(calls.find((c) => c.path === '/clinic/visit/byCard')?.body).toEqual({ cardNumber: 'vip-001' });
  });

  it('asks for no card where the picker is not the desk’s, nor for text no card can be', async () => {
    const calls = fakeFetch({ '/CrmCustomer/queryPageList': page([]) });
    renderWithApp(<CustomerSelect />);
    await type('VIP-001');
    await waitFor(() => expect(calls.some((c) => c.path === '/CrmCustomer/queryPageList')).toBe(true));
    cleanup();
    renderWithApp(<CustomerSelect byCard />);
    await type('林婉');
    await waitFor(() => expect(calls.filter((c) => c.path === '/CrmCustomer/queryPageList').length).toBe(2));
    expect(calls.some((c) => c.path === '/clinic/visit/byCard')).toBe(false);
  });
});
