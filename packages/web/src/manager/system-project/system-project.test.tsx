import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { PaymentRows } from '@/workflow/cashier/PaymentRows';
import SystemProjectPage from './SystemProjectPage';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const setting = [
  { method: 'cash', name: '现金', enabled: true },
  { method: 'wechat', name: '微信支付', enabled: false },
  { method: 'alipay', name: '支付宝', enabled: true },
  { method: 'card', name: '银行卡', enabled: true },
];

describe('系统管理 › 项目设置', { timeout: 60_000 }, () => {
  it('links the store and bed editors and saves the cash methods', async () => {
    const calls = fakeFetch({
      '/system/application/payMethods': setting,
      '/system/application/savePayMethods': setting,
    });
    renderWithApp(<SystemProjectPage />, { permissions: ['manage:backstage:look', 'manage:application:update'] });
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/Booking_management',
      '/workflow/isHospitalized',
    ]);
    const card = await screen.findByRole('switch', { name: 'card' });
    fireEvent.click(card);
    fireEvent.click([...document.querySelectorAll('button')].find((b) => /保\s*存/.test(b.textContent ?? ''))!);
    await waitFor(() => expect(sent(calls, '/system/application/savePayMethods')).toHaveLength(1));
    const body = sent(calls, '/system/application/savePayMethods')[0]!;
    expect(JSON.parse(String(body.methods))).toEqual([
      setting[0],
      setting[1],
      setting[2],
      { method: 'card', name: '银行卡', enabled: false },
    ]);
  });

  it('the desk offers only the methods in use, by their names', async () => {
    fakeFetch({ '/system/application/payMethods': setting });
    renderWithApp(
      <PaymentRows
        rows={[{ method: 'cash', amount: '' }]}
        methods={['cash', 'wechat', 'alipay', 'card']}
        onChange={() => {}}
      />,
      { permissions: ['oa:workflow:cashierDesk'] },
    );
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('支付宝')).toBeTruthy();
    expect(screen.queryByText('微信支付')).toBeNull();
    expect(screen.queryByText('微信')).toBeNull();
  });
});
