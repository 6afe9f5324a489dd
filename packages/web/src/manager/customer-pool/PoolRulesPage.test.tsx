import { buildAuthObject } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import PoolRulesPage from './PoolRulesPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const saved = (calls: Call[]) => calls.filter((c) => c.path === '/CrmCustomer/updateRulesSetting');

describe('公海规则', { timeout: 60_000 }, () => {
  it('shows the stored rule and saves the switch and both deadlines', async () => {
    const permissions = ['manage:backstage:look', 'manage:crm:pool'];
    sessionStore.save({ auth: buildAuthObject(permissions) });
    const calls = fakeFetch({
      '/CrmCustomer/getRulesSetting': { status: 0, followUpDays: 7, dealDays: 3 },
      '/CrmCustomer/updateRulesSetting': null,
    });
    renderWithApp(<PoolRulesPage />, { permissions });
    const followUp = (await screen.findByLabelText('超过多少天未跟进')) as HTMLInputElement;
    await waitFor(() => expect(followUp.value).toBe('7'));
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.change(followUp, { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('领取后多少天未成交'), { target: { value: '5' } });
    fireEvent.click(screen.getByText(/^保\s?存$/).closest('button')!);
    await waitFor(() => expect(saved(calls).at(-1)?.body).toEqual({ status: 1, followUpDays: 10, dealDays: 5 }));
  });

  it('refuses a day count outside 1 to 365 with the schema’s message and sends nothing', async () => {
    const calls = fakeFetch({
      '/CrmCustomer/getRulesSetting': { status: 1, followUpDays: 7, dealDays: 3 },
      '/CrmCustomer/updateRulesSetting': null,
    });
    renderWithApp(<PoolRulesPage />, { permissions: ['manage:crm:pool'] });
    const deal = (await screen.findByLabelText('领取后多少天未成交')) as HTMLInputElement;
    await waitFor(() => expect(deal.value).toBe('3'));
    fireEvent.change(deal, { target: { value: '0' } });
    fireEvent.blur(deal);
    fireEvent.click(screen.getByText(/^保\s?存$/).closest('button')!);
    expect(await screen.findByText('未成交天数须为1到365的整数')).toBeTruthy();
    expect(saved(calls)).toHaveLength(0);
  });
});
