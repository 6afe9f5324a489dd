import { buildAuthObject } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { type Call, fakeFetch, refuse, renderWithApp } from '@/workbench/examine/test-utils';
import { LockAction, PutIntoPoolAction } from './BulkActions';
import PoolPage from './PoolPage';

const row = (customerId: number, customerName: string) => ({
  customerId,
  customerName,
  mobile: '13800001111',
  gender: 2,
  ownerUserId: null,
  ownerUserName: '',
  createUserId: 5,
  createUserName: '孙丽',
  createTime: '2026-11-01T08:00:00.000Z',
  updateTime: '2026-11-02T09:30:00.000Z',
  nextTime: null,
});
const page = { list: [row(11, '林小姐'), row(12, '王先生')], totalRow: 2, page: 1, limit: 15 };

function signIn(permissions: string[]) {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  return permissions;
}
/** Confirm the open confirmation dialog. */
const confirmDialog = async () => {
  const dialog = await waitFor(() => {
    const el = document.querySelector<HTMLElement>('.ant-modal-confirm');
    if (!el) throw new Error('no dialog');
    return el;
  });
  fireEvent.click(within(dialog).getAllByRole('button').at(-1)!);
};
const lastCall = (calls: Call[], path: string) => calls.filter((c) => c.path === path).at(-1);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('公海', { timeout: 60_000 }, () => {
  it('lists pool customers and searches on the server', async () => {
    const calls = fakeFetch({ '/CrmCustomerPool/queryPageList': page });
    renderWithApp(<PoolPage />, { permissions: signIn(['crm:pool:index']) });
    expect(await screen.findByText('林小姐')).toBeTruthy();
    expect(screen.getAllByText('女')).toHaveLength(2);
    expect(lastCall(calls, '/CrmCustomerPool/queryPageList')!.body).toMatchObject({ page: 1, limit: 15, search: '' });
    const search = screen.getByPlaceholderText('请输入客户名称');
    fireEvent.change(search, { target: { value: ' 林 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastCall(calls, '/CrmCustomerPool/queryPageList')!.body.search).toBe('林'));
    // Without the action permissions no action is offered.
    expect(screen.queryByText('领取')).toBeNull();
    expect(screen.queryByText('分配')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('receives the selected customers after confirmation and reloads', async () => {
    const calls = fakeFetch({ '/CrmCustomerPool/queryPageList': page, '/CrmCustomer/receiveByIds': { count: 1 } });
    renderWithApp(<PoolPage />, { permissions: signIn(['crm:pool:index', 'crm:pool:receive']) });
    const tr = (await screen.findByText('王先生')).closest('tr')!;
    fireEvent.click(within(tr).getByRole('checkbox'));
    const lists = calls.filter((c) => c.path === '/CrmCustomerPool/queryPageList').length;
    fireEvent.click(screen.getByText('领取').closest('button')!);
    await confirmDialog();
    await waitFor(() => expect(lastCall(calls, '/CrmCustomer/receiveByIds')?.body).toEqual({ ids: [12] }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/CrmCustomerPool/queryPageList').length).toBeGreaterThan(lists),
    );
  });

  it('deletes selected pool customers with crm:pool:delete; the buttons wait for a selection', async () => {
    const calls = fakeFetch({ '/CrmCustomerPool/queryPageList': page, '/CrmCustomerPool/deleteByIds': { count: 2 } });
    renderWithApp(<PoolPage />, { permissions: signIn(['crm:pool:index', 'crm:pool:delete', 'crm:pool:distribute']) });
    await screen.findByText('林小姐');
    const del = screen.getByText(/^删\s?除$/).closest('button')!;
    expect(del.disabled).toBe(true);
    expect(screen.getByText(/^分\s?配$/).closest('button')!.disabled).toBe(true);
    fireEvent.click(screen.getAllByRole('checkbox')[0]!); // select all
    expect(del.disabled).toBe(false);
    fireEvent.click(del);
    await confirmDialog();
    await waitFor(() => expect(lastCall(calls, '/CrmCustomerPool/deleteByIds')?.body).toEqual({ ids: [11, 12] }));
  });
});

describe('customer list bulk actions', { timeout: 60_000 }, () => {
  it('PutIntoPoolAction puts the ids into the pool and reports done', async () => {
    const calls = fakeFetch({ '/CrmCustomer/putInPublicCustomerPool': { count: 2 } });
    const onDone = vi.fn();
    renderWithApp(<PutIntoPoolAction ids={[3, 4]} onDone={onDone} />, {
      permissions: signIn(['crm:customer:putinpool']),
    });
    fireEvent.click(screen.getByText('放入公海').closest('button')!);
    await confirmDialog();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(lastCall(calls, '/CrmCustomer/putInPublicCustomerPool')!.body).toEqual({ ids: [3, 4] });
  });

  it('PutIntoPoolAction does not report done when the server refuses', async () => {
    fakeFetch({
      '/CrmCustomer/putInPublicCustomerPool': refuse(400, '锁定的客户不能放入公海'),
    });
    const onDone = vi.fn();
    renderWithApp(<PutIntoPoolAction ids={[3]} onDone={onDone} />, { permissions: signIn(['crm:customer:putinpool']) });
    fireEvent.click(screen.getByText('放入公海').closest('button')!);
    await confirmDialog();
    expect(await screen.findByText('锁定的客户不能放入公海')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('LockAction locks and unlocks; both are hidden without crm:customer:lock', async () => {
    const calls = fakeFetch({ '/CrmCustomer/lock': { count: 1 } });
    const onDone = vi.fn();
    renderWithApp(<LockAction ids={[7]} onDone={onDone} />, { permissions: signIn(['crm:customer:lock']) });
    fireEvent.click(screen.getByText(/^锁\s?定$/).closest('button')!);
    await confirmDialog();
    await waitFor(() => expect(lastCall(calls, '/CrmCustomer/lock')?.body).toEqual({ ids: [7], isLock: 1 }));
    fireEvent.click(screen.getByText(/^解\s?锁$/).closest('button')!);
    await confirmDialog();
    await waitFor(() => expect(lastCall(calls, '/CrmCustomer/lock')?.body).toEqual({ ids: [7], isLock: 0 }));
    expect(onDone).toHaveBeenCalledTimes(2);
    cleanup();
    renderWithApp(<LockAction ids={[7]} onDone={onDone} />, { permissions: signIn(['crm:customer:index']) });
    renderWithApp(<PutIntoPoolAction ids={[7]} onDone={onDone} />, { permissions: signIn(['crm:customer:index']) });
    expect(screen.queryByText(/^锁\s?定$/)).toBeNull();
    expect(screen.queryByText('放入公海')).toBeNull();
  });
});
