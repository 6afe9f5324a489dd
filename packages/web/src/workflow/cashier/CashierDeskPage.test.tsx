import { buildAuthObject } from '@crm/shared';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import CashierDeskPage from './CashierDeskPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The visits socket, driven by the test: open it, hand it frames. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: { type: string; storeIds?: number[] }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  ready() {
    this.readyState = 1;
    this.onopen?.();
    this.receive({ type: 'ready', userId: 5 });
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}
const socket = { url: 'ws://x', createSocket: () => new FakeSocket() as never, reconnectMs: 10 };
const last = () => FakeSocket.all.at(-1)!;

const store = (storeId: number, storeName: string) => ({
  storeId,
  storeName,
  opening: '09:00',
  closing: '18:00',
  slotMinutes: 30,
  doubleBooking: false,
  rooms: [],
});
const order = {
  orderId: 41,
  number: '202611260007',
  customerId: 3,
  customerName: '林婉清',
  mobile: '13912340001',
  summary: '水光针 ×1',
  payable: 68_000,
  createUserName: '何雪',
  remark: '',
  createTime: '2026-11-26 10:00:00',
  balances: { principal: 0, gift: 0, arrears: 0 },
};

describe('the cashier desk’s live queue', { timeout: 60_000 }, () => {
  it('watches the user’s store and drops an order another desk charged, without a reload', async () => {
    FakeSocket.all = [];
    const permissions = ['oa:workflow:cashierDesk', 'crm:dealRecord:charge'];
    sessionStore.save({
      token: 'tok',
      auth: buildAuthObject(permissions),
      user: {
        userId: 5,
        username: 'lina',
        realname: '李娜',
        img: '',
        deptId: 12,
        deptName: '客服部',
        post: '',
        isAdmin: false,
      },
    });
    let unpaid = [order];
    fakeFetch({
      // The user's department (12) is the second store: it is the one chosen.
      '/clinic/booking/stores': [store(10, '总院'), store(12, '客服部')],
      '/clinic/cashier/queryUnpaid': () => ({
        list: unpaid,
        totalRow: unpaid.length,
        page: 1,
        limit: 15,
        arrearsAllowed: false,
        more: false,
      }),
    });
    renderWithApp(<CashierDeskPage socket={socket} />, { permissions });
    expect(await screen.findByText('林婉清')).toBeTruthy();
    expect(await screen.findByText('客服部')).toBeTruthy();
    await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
    act(() => last().ready());
    expect(last().sent.at(-1)).toEqual({ type: 'watchVisits', storeIds: [12] });
    act(() => last().receive({ type: 'watchingVisits', storeIds: [12] }));
    expect((await screen.findByTestId('live-status')).getAttribute('data-status')).toBe('open');
    // Another desk charges the order: its visit moves to 已收费 and the list follows.
    unpaid = [];
    act(() => last().receive({ type: 'visit', visitId: 9, storeId: 12, status: 7 }));
    await waitFor(() => expect(screen.queryByText('林婉清')).toBeNull());
  });
});
