import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { BedHistory } from './BedHistory';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (logId: number, kind: number, fromBed: string | null, toBed: string, remark = '') => ({
  logId,
  kind,
  admissionId: 8,
  customerName: '林婉清',
  fromBed,
  toBed,
  userName: '王建国',
  remark,
  time: '2026-11-26 09:30:00',
});
const bed = (occupied: boolean) => ({
  bedId: 4,
  storeId: 2,
  room: '治疗室',
  number: '02',
  status: occupied ? 2 : 1,
  remark: '',
  occupant: occupied
    ? {
        admissionId: 8,
        visitId: 5,
        customerId: 3,
        customerName: '林婉清',
        mobile: '',
        doctorId: 1,
        doctorName: '李明',
        nurseId: 2,
        nurseName: '王静',
        admittedTime: '2026-11-26 09:00:00',
        expectedDays: 3,
        expectedDischarge: '2026-11-28',
        days: 1,
      }
    : null,
});

describe('the bed log drawer', { timeout: 60_000 }, () => {
  it('shows an occupied bed’s stay in order and the bed’s history', async () => {
    const calls = fakeFetch({
      '/clinic/ward/admissionHistory': [row(1, 1, null, '治疗室 01'), row(2, 2, '治疗室 01', '治疗室 02')],
      '/clinic/ward/bedHistory': [
        row(2, 2, '治疗室 01', '治疗室 02'),
        { ...row(0, 4, null, '治疗室 02', '留给复查'), admissionId: null, customerName: '' },
      ],
    });
    renderWithApp(<BedHistory bed={bed(true)} onClose={() => {}} />);
    const stay = await screen.findByTestId('stay-history');
    expect(within(stay).getByText('入住')).toBeTruthy();
    expect(within(stay).getByText('治疗室 01 → 治疗室 02')).toBeTruthy();
    const history = await screen.findByTestId('bed-history');
    expect(within(history).getByText('预留')).toBeTruthy();
    expect(within(history).getByText(/留给复查/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/clinic/ward/admissionHistory')?.body).toEqual({ admissionId: 8 });
  });

  it('asks no stay for an empty bed', async () => {
    const calls = fakeFetch({ '/clinic/ward/bedHistory': [] });
    renderWithApp(<BedHistory bed={bed(false)} onClose={() => {}} />);
    expect(await screen.findByText('暂无记录')).toBeTruthy();
    expect(screen.queryByText('本次住院')).toBeNull();
    expect(calls.some((c) => c.path === '/clinic/ward/admissionHistory')).toBe(false);
  });
});
