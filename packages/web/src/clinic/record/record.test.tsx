import { buildAuthObject } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { allowedTopRoutes } from '@/shell/top-routes';
import { type Call, fakeFetch, refuse, renderWithApp } from '@/workbench/examine/test-utils';
import { archiveTabs } from './archive-tabs';
import EntryDetailsPage from './EntryDetailsPage';
import { filtersOf, idParam } from './filters';
import RecordPage from './RecordPage';
import { recordTopRoutes } from './routes';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const row = {
  visitId: 7,
  customerId: 4,
  customerName: '陈雨桐',
  mobile: '13800000004',
  storeId: 2,
  storeName: '客服部',
  shopId: 3,
  shopName: '星光美容店',
  visitType: 1,
  status: 12,
  dealStatus: 1,
  consultantName: '何雪',
  doctorName: '李明',
  arrivedTime: '2026-11-26 09:30:00',
  leftTime: '2026-11-26 11:00:00',
  charged: 100_000,
};

describe('the visit list’s filters', () => {
  it('send only what was set, days as the company’s calendar days, the search trimmed', () => {
    expect(filtersOf({})).toEqual({});
    expect(
      filtersOf({
        range: [dayjs('2026-11-01'), dayjs('2026-11-26')],
        storeId: 2,
        shopId: null,
        consultantId: 5,
        doctorId: undefined,
        visitType: 1,
        status: 12,
        dealStatus: 0,
        search: '  陈 ',
      }),
    ).toEqual({
      from: '2026-11-01',
      to: '2026-11-26',
      storeId: 2,
      consultantId: 5,
      visitType: 1,
      status: 12,
      dealStatus: 0,
      search: '陈',
    });
    expect(filtersOf({ range: [null, dayjs('2026-11-26')], search: '   ' })).toEqual({ to: '2026-11-26' });
  });

  it('read an id from the address or nothing', () => {
    expect(idParam('12')).toBe(12);
    expect([idParam(null), idParam(''), idParam('0'), idParam('1e3'), idParam('-4'), idParam('9999999999')]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('the pages and their permissions', () => {
  it('opens /record with the list’s right, the story and the archive with reading customers', () => {
    expect(recordTopRoutes.map((r) => [r.path, r.access])).toEqual([
      ['/record', 'oa.record.read'],
      ['/entryDetails', 'crm.customer.read'],
      ['/customer', 'crm.customer.read'],
    ]);
    const paths = (keys: string[]) => allowedTopRoutes(buildAuthObject(keys)).map((r) => r.path);
    expect(paths(['oa:record:read'])).toEqual(['/record']);
    expect(paths(['crm:customer:read'])).toEqual(expect.arrayContaining(['/entryDetails', '/customer']));
    expect(paths(['crm:customer:read'])).not.toContain('/record');
  });

  it('declares the archive’s tabs as one list, in the design’s order', () => {
    expect(archiveTabs.map((t) => t.key)).toEqual([
      'overview',
      'visits',
      'appointments',
      'orders',
      'deals',
      'treatments',
      'photos',
      'ledger',
      // 顾客评价 and coupons (issue 25, h-coupons).
      'coupons',
      'followUps',
      'log',
    ]);
  });
});

describe('/record', { timeout: 60_000 }, () => {
  it('lists the visits, sends the filters, opens a story and exports with the right', async () => {
    sessionStore.save({ auth: buildAuthObject(['oa:record:read', 'oa:record:export']) });
    const calls = fakeFetch({
      '/clinic/visit/queryPageList': { list: [row], totalRow: 1, page: 1, limit: 15 },
      '/system/user/queryUserList': { list: [], totalRow: 0, page: 1, limit: 500 },
      '/api/Store/searchShop': [],
    });
    renderWithApp(<RecordPage />, { permissions: ['oa:record:read', 'oa:record:export'], route: '/record' });
    const table = await screen.findByTestId('record-table');
    const line = (await within(table).findByText('陈雨桐')).closest('tr')!;
    expect(within(line).getByText('13800000004')).toBeTruthy();
    expect(within(line).getByText('星光美容店')).toBeTruthy();
    expect(within(line).getByText('已离店')).toBeTruthy();
    expect(within(line).getByText('成交')).toBeTruthy();
    expect(within(line).getByText('1000.00')).toBeTruthy();
    expect(screen.getByTestId('record-export')).toBeTruthy();
    fireEvent.change(screen.getByTestId('record-search'), { target: { value: '陈雨桐' } });
    fireEvent.click(screen.getByTestId('record-query'));
    await waitFor(() =>
      expect(calls.filter((c: Call) => c.path === '/clinic/visit/queryPageList').at(-1)!.body).toMatchObject({
        search: '陈雨桐',
        page: 1,
      }),
    );
  });

  it('offers no export without its right', async () => {
    sessionStore.save({ auth: buildAuthObject(['oa:record:read']) });
    fakeFetch({
      '/clinic/visit/queryPageList': { list: [row], totalRow: 1, page: 1, limit: 15 },
      '/system/user/queryUserList': { list: [], totalRow: 0, page: 1, limit: 500 },
      '/api/Store/searchShop': [],
    });
    renderWithApp(<RecordPage />, { permissions: ['oa:record:read'], route: '/record' });
    await within(await screen.findByTestId('record-table')).findByText('陈雨桐');
    expect(screen.queryByTestId('record-export')).toBeNull();
  });
});

describe('/entryDetails', { timeout: 60_000 }, () => {
  it('tells the visit’s story: moves with who, notes, the order, the treatment', async () => {
    fakeFetch({
      '/clinic/visit/detail': {
        visit: {
          ...row,
          appointmentId: null,
          deptName: null,
          triageUserName: '王建国',
          noDealReason: '',
          remark: '',
          statusTime: '2026-11-26 11:00:00',
        },
        events: [
          { fromStatus: null, toStatus: 1, userName: '王建国', time: '2026-11-26 09:30:00' },
          { fromStatus: 1, toStatus: 3, userName: '王建国', time: '2026-11-26 09:35:00' },
          { fromStatus: 3, toStatus: 12, userName: '王建国', time: '2026-11-26 11:00:00' },
        ],
        notes: [{ noteId: 1, kind: 1, userName: '王建国', content: '想做水光', time: '2026-11-26 09:30:00' }],
        orders: [
          {
            orderId: 9,
            number: '202611260009',
            kind: 1,
            status: 3,
            payable: 100_000,
            received: 100_000,
            principalUsed: 0,
            giftUsed: 0,
            couponUsed: 0,
            arrears: 0,
            createTime: '2026-11-26 10:00:00',
            chargedTime: '2026-11-26 10:10:00',
            lines: [{ lineId: 1, name: '水光针', quantity: 1, sessions: 3, dealPrice: 100_000 }],
            payments: [{ method: 'cash', amount: 100_000 }],
          },
        ],
        treatments: [
          {
            treatmentId: 3,
            dealId: 31,
            projectName: '水光针',
            sessions: 1,
            value: 33_333,
            deptName: '治疗科',
            staff: '李明(doctor)',
            status: 1,
            remark: '',
            time: '2026-11-26 10:30:00',
          },
        ],
        followUps: [],
      },
    });
    renderWithApp(<EntryDetailsPage />, { permissions: ['crm:customer:read'], route: '/entryDetails?visitId=7' });
    expect((await screen.findByTestId('story-title')).textContent).toContain('陈雨桐');
    const events = await screen.findAllByTestId('story-event');
    expect(events.map((e) => e.textContent?.split(' ')[0])).toEqual(['到店登记', '已分诊', '已离店']);
    expect(screen.getByTestId('story-notes').textContent).toContain('想做水光');
    const orders = screen.getByTestId('story-orders');
    expect(orders.textContent).toContain('202611260009');
    expect(orders.textContent).toContain('水光针');
    expect(orders.textContent).toContain('¥1000.00');
    expect(screen.getByTestId('treatments').textContent).toContain('李明(doctor)');
  });

  it('shows not found for a missing or refused visit and for a bad address', async () => {
    fakeFetch({});
    renderWithApp(<EntryDetailsPage />, { permissions: ['crm:customer:read'], route: '/entryDetails?visitId=abc' });
    expect(await screen.findByText('就诊记录不存在或无权查看')).toBeTruthy();
    cleanup();
    fakeFetch({ '/clinic/visit/detail': refuse(403, '无权访问') });
    renderWithApp(<EntryDetailsPage />, { permissions: ['crm:customer:read'], route: '/entryDetails?visitId=7' });
    expect(await screen.findByText('就诊记录不存在或无权查看')).toBeTruthy();
  });
});
