import type { RecordRow } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showDetailActions, sunLiRow } from '@/test/crm-records';
import { type Call, fakeFetch, refuse } from '@/workbench/examine/test-utils';
import { crmKindByKey } from '../kinds';
import CustomerDetailActions from './CustomerDetailActions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const customer = crmKindByKey('customer')!;
const row = (extra: Partial<RecordRow> = {}): RecordRow =>
  sunLiRow({ customerId: 4, customerName: '张三', batchId: 'b-4', dealStatus: 0, isLock: false, ...extra });
const both = ['crm:customer:read', 'crm:customer:lock', 'crm:customer:dealStatus'];

const show = ({ permissions = both, record = row(), write = true } = {}) =>
  showDetailActions(CustomerDetailActions, { kind: customer, id: 4, record, permissions, write });
const button = (name: RegExp) => screen.getByText(name).closest('button')!;
const confirm = async () => fireEvent.click((await screen.findByText(/^(OK|确\s?定)$/)).closest('button')!);
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

describe('客户详情：锁定与成交状态', { timeout: 60_000 }, () => {
  it('locks an unlocked customer after confirmation and refreshes the detail', async () => {
    const calls = fakeFetch({ '/CrmCustomer/lock': { count: 1 } });
    const refresh = show();
    fireEvent.click(button(/^锁\s?定$/));
    expect(await screen.findByText('确定锁定该客户吗？锁定的客户不会被自动放入公海。')).toBeTruthy();
    await confirm();
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(sent(calls, '/CrmCustomer/lock')).toEqual([{ ids: [4], isLock: 1 }]);
  });

  it('unlocks a locked customer, showing its state', async () => {
    const calls = fakeFetch({ '/CrmCustomer/lock': { count: 1 } });
    const refresh = show({ record: row({ isLock: true, dealStatus: 1 }) });
    expect(screen.getByText('已锁定')).toBeTruthy();
    expect(screen.getByText('已成交')).toBeTruthy();
    fireEvent.click(button(/^解\s?锁$/));
    expect(await screen.findByText('确定解锁该客户吗？')).toBeTruthy();
    await confirm();
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(sent(calls, '/CrmCustomer/lock')).toEqual([{ ids: [4], isLock: 0 }]);
  });

  it('marks a closed customer as not closed', async () => {
    const calls = fakeFetch({ '/CrmCustomer/setDealStatus': null });
    const refresh = show({ record: row({ dealStatus: 1 }) });
    fireEvent.click(button(/改为未成交/));
    expect(await screen.findByText('确定将该客户的成交状态改为未成交吗？')).toBeTruthy();
    await confirm();
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(sent(calls, '/CrmCustomer/setDealStatus')).toEqual([{ ids: [4], status: 0 }]);
  });

  it('marks a customer as closed; a refusal leaves the detail as it is', async () => {
    const calls = fakeFetch({ '/CrmCustomer/setDealStatus': refuse(403, '无权操作') });
    const refresh = show();
    fireEvent.click(button(/改为已成交/));
    await confirm();
    await waitFor(() => expect(sent(calls, '/CrmCustomer/setDealStatus')).toEqual([{ ids: [4], status: 1 }]));
    expect(refresh).not.toHaveBeenCalled();
  });

  it('shows each action only with its permission and write access', () => {
    fakeFetch({});
    show({ permissions: ['crm:customer:read', 'crm:customer:lock'] });
    expect(screen.queryByText(/^锁\s?定$/)).toBeTruthy();
    expect(screen.queryByText(/改为已成交/)).toBeNull();
    cleanup();
    show({ permissions: ['crm:customer:read', 'crm:customer:dealStatus'] });
    expect(screen.queryByText(/^锁\s?定$/)).toBeNull();
    expect(screen.queryByText(/改为已成交/)).toBeTruthy();
    cleanup();
    show({ write: false, record: row({ isLock: true }) });
    expect(screen.getByText('已锁定')).toBeTruthy();
    expect(screen.queryByText(/^解\s?锁$/)).toBeNull();
    expect(screen.queryByText(/改为已成交/)).toBeNull();
  });
});
