import type { AgencyRow } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../examine/test-utils';
import ReturnVisitPage from './ReturnVisitPage';

const row = (agencyId: number, extra: Partial<AgencyRow> = {}): AgencyRow => ({
  agencyId,
  customerId: 3,
  customerName: '林婉清',
  typeCode: 1,
  typeName: '术后回访',
  content: '术后7天回访',
  status: 1,
  marked: false,
  deadline: null,
  result: '',
  userId: 5,
  userName: '孙丽',
  createUserId: 4,
  createUserName: '赵强',
  acceptTime: null,
  completeTime: null,
  createTime: '2026-11-22T03:00:00.000Z',
  permitted: { accept: true, mark: true, complete: false, revoke: false },
  ...extra,
});
const page = (list: AgencyRow[]) => ({ list, totalRow: list.length, page: 1, limit: 15 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReturnVisitPage', { timeout: 60_000 }, () => {
  it('offers the advisor accept and mark on a waiting task, and sends them', async () => {
    const calls = fakeFetch({
      '/CrmCustumerAgency/findPage': page([row(1)]),
      '/CrmCustumerAgency/accept': { status: 2, marked: false },
    });
    renderWithApp(<ReturnVisitPage />, { permissions: ['crm:agency:handle'] });
    const cell = await screen.findByText('林婉清');
    const tr = cell.closest('tr')!;
    expect(within(tr).getByText('待接受')).toBeTruthy();
    expect(within(tr).queryByText(/完\s*成/)).toBeNull();
    expect(screen.queryByTestId('agency-assign')).toBeNull();
    fireEvent.click(within(tr).getByRole('button', { name: /接\s*受/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/CrmCustumerAgency/accept')).toBe(true));
    expect(calls.find((c) => c.path === '/CrmCustumerAgency/accept')!.body).toEqual({ agencyId: '1' });
    expect(calls.find((c) => c.path === '/CrmCustumerAgency/findPage')!.body).toMatchObject({ type: '1' });
  });

  it('completes an accepted task with its result', async () => {
    const calls = fakeFetch({
      '/CrmCustumerAgency/findPage': page([
        row(2, { status: 2, permitted: { accept: false, mark: true, complete: true, revoke: false } }),
      ]),
      '/CrmCustumerAgency/completeTheTaskDetail': { status: 3, marked: false },
    });
    renderWithApp(<ReturnVisitPage />, { permissions: ['crm:agency:handle'] });
    const tr = (await screen.findByText('林婉清')).closest('tr')!;
    fireEvent.click(within(tr).getByRole('button', { name: /完\s*成/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('回访情况、客户反馈、下一步安排'), {
      target: { value: '恢复良好' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/CrmCustumerAgency/completeTheTaskDetail')?.body).toEqual({
        agencyId: '2',
        result: '恢复良好',
      }),
    );
  });

  it('shows an assigner the tasks handed out, with revoke and the assign button', async () => {
    fakeFetch({
      '/CrmCustumerAgency/findPage': page([
        row(3, { status: 2, permitted: { accept: false, mark: false, complete: false, revoke: true } }),
      ]),
    });
    renderWithApp(<ReturnVisitPage />, { permissions: ['crm:agency:assign'] });
    const tr = (await screen.findByText('林婉清')).closest('tr')!;
    expect(within(tr).getByRole('button', { name: /撤\s*销/ })).toBeTruthy();
    expect(within(tr).getByText('孙丽')).toBeTruthy();
    expect(screen.getByTestId('agency-assign')).toBeTruthy();
  });
});
