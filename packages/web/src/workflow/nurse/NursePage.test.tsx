import type { NurseVisit } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import NursePage from './NursePage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const visit = (over: Partial<NurseVisit>): NurseVisit => ({
  visitId: 1,
  customerId: 2,
  customerName: '陈雨桐',
  mobile: '13912340002',
  storeId: 4,
  appointmentId: null,
  visitType: 3,
  status: 7,
  deptId: null,
  consultantId: null,
  consultantName: '何雪',
  doctorId: null,
  doctorName: null,
  triageUserId: null,
  arrivedTime: '2026-11-26 09:30:00',
  statusTime: '2026-11-26 10:00:00',
  leftTime: null,
  waited: 12,
  remark: '',
  deals: [],
  treatments: [],
  ...over,
});

describe('the nurses’ station', { timeout: 60_000 }, () => {
  it('offers 开始治疗 on a paid visit and 完成治疗 on one in treatment, and sends the move', async () => {
    const calls = fakeFetch({
      '/clinic/booking/stores': [
        {
          storeId: 4,
          storeName: '客服部',
          opening: '09:00',
          closing: '18:00',
          slotMinutes: 30,
          doubleBooking: false,
          rooms: [],
        },
      ],
      '/clinic/nurse/queue': [
        visit({}),
        visit({
          visitId: 5,
          customerId: 6,
          customerName: '林婉清',
          status: 8,
          treatments: [
            {
              treatmentId: 9,
              dealId: 3,
              name: '水光针',
              sessions: 1,
              value: 33_333,
              staff: '王静',
              createUserName: '王静',
              createTime: '2026-11-26 10:20:00',
              status: 1,
            },
          ],
        }),
      ],
      '/clinic/visit/startTreatment': visit({ status: 8 }),
    });
    renderWithApp(<NursePage />, { permissions: ['oa:workflow:nursesStation', 'crm:dealRecord:verify'] });
    const paid = (await screen.findByRole('region', { name: '陈雨桐' })).closest('.ant-card') as HTMLElement;
    const treating = screen.getByRole('region', { name: '林婉清' }).closest('.ant-card') as HTMLElement;
    expect(within(paid).getByText('已收费')).toBeTruthy();
    expect(within(paid).getByText('没有剩余次数的成交项目')).toBeTruthy();
    expect(within(paid).queryByRole('button', { name: /完成治疗/ })).toBeNull();
    expect(within(treating).queryByRole('button', { name: /开始治疗/ })).toBeNull();
    expect(within(treating).getByRole('button', { name: /完成治疗/ })).toBeTruthy();
    expect(within(treating).getByText('¥333.33')).toBeTruthy();
    fireEvent.click(within(paid).getByRole('button', { name: /开始治疗/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/clinic/visit/startTreatment')?.body).toEqual({ visitId: 1 }),
    );
    expect(calls.find((c) => c.path === '/clinic/nurse/queue')?.body).toEqual({ storeId: 4 });
  });
});
