import { buildAuthObject } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saver } from '@/crm/records/excel/api';
import { sessionStore } from '@/shell/session-store';
import type { Answers } from '@/test/answers';
import { type Call, fakeFetch, rawResponse, renderWithApp } from '@/workbench/examine/test-utils';
import MakePage from './MakePage';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const row = (dealId: number, kind: number) => ({
  dealId,
  customerId: 4,
  customerName: '陈雨桐',
  ownerUserId: 5,
  ownerName: '孙丽',
  projectId: 1,
  name: kind === 2 ? '光子嫩肤（返修）' : '光子嫩肤',
  orderNumber: '202611260001',
  sessionsBought: 5,
  sessionsUsed: 1,
  sessionsLeft: 4,
  dealValue: 88_000,
  paid: 40_000,
  arrears: 48_000,
  kind,
  status: 2,
  expiresOn: null,
  createTime: '2026-11-26 10:00:00',
});

describe('/crm/make', { timeout: 60_000 }, () => {
  it('lists the deals with sessions and money and sends the filters to the server', async () => {
    const permissions = ['crm:customer:index'];
    sessionStore.save({ auth: buildAuthObject(permissions) });
    const calls: Call[] = fakeFetch({
      '/CrmCustomerProjectDealRecord/querySubordinateProjectPlus': {
        list: [row(1, 1), row(2, 2)],
        totalRow: 2,
        page: 1,
        limit: 15,
      },
    });
    renderWithApp(<MakePage />, { permissions });
    const page = await screen.findByTestId('make-page');
    const first = (await within(page).findByText('光子嫩肤')).closest('tr')!;
    expect(within(first).getByText('5/1/4')).toBeTruthy();
    expect(within(first).getByText('¥880.00')).toBeTruthy();
    expect(within(first).getByText('疗程中')).toBeTruthy();
    expect(within(first).getByText('陈雨桐').getAttribute('href')).toBe('/crm/customer/4?tab=deals');
    expect(within(page).getByText('返修')).toBeTruthy();
    fireEvent.change(within(page).getByPlaceholderText('客户或项目名称'), { target: { value: '光子' } });
    fireEvent.keyDown(within(page).getByPlaceholderText('客户或项目名称'), { key: 'Enter', code: 'Enter' });
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === '/CrmCustomerProjectDealRecord/querySubordinateProjectPlus').at(-1)!.body,
      ).toMatchObject({ search: '光子', page: '1', status: '0', kind: '0' }),
    );
  });

  it('exports the filtered list as a sheet, only with the export permission', async () => {
    const saved = vi.spyOn(saver, 'save').mockImplementation(() => {});
    const answers: Answers = {
      '/CrmCustomerProjectDealRecord/querySubordinateProjectPlus': {
        list: [row(1, 1)],
        totalRow: 1,
        page: 1,
        limit: 15,
      },
      '/clinic/make/excelExport': () =>
        rawResponse(
          new Response(new Blob(['xlsx']), {
            headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
          }),
        ),
    };
    let permissions = ['crm:customer:index'];
    sessionStore.save({ auth: buildAuthObject(permissions) });
    fakeFetch(answers);
    renderWithApp(<MakePage />, { permissions });
    await screen.findByText('光子嫩肤');
    expect(screen.queryByTestId('make-export')).toBeNull();
    cleanup();

    permissions = ['crm:customer:index', 'crm:customer:excelexport'];
    sessionStore.save({ auth: buildAuthObject(permissions) });
    const calls: Call[] = fakeFetch(answers);
    renderWithApp(<MakePage />, { permissions });
    const page = await screen.findByTestId('make-page');
    fireEvent.change(within(page).getByPlaceholderText('客户或项目名称'), { target: { value: '光子' } });
    fireEvent.keyDown(within(page).getByPlaceholderText('客户或项目名称'), { key: 'Enter', code: 'Enter' });
    fireEvent.click(await within(page).findByTestId('make-export'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]![1]).toBe('成交查询.xlsx');
    // The list's filters, without its page.
    expect(calls.find((c) => c.path === '/clinic/make/excelExport')!.body).toEqual({
      status: 0,
      kind: 0,
      search: '光子',
    });
    saved.mockRestore();
  });
});
