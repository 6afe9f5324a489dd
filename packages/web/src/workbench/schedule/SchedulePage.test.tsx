import type { CalendarEntry } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../examine/test-utils';
import { stepDay, viewDays } from './calendar-range';
import SchedulePage from './SchedulePage';

const entry = (extra: Partial<CalendarEntry>): CalendarEntry => ({
  source: 'event',
  id: 1,
  title: '销售周会',
  allDay: false,
  day: '2026-11-23',
  endDay: '2026-11-23',
  startTime: '09:30',
  endTime: '10:30',
  startAt: '2026-11-23T01:30:00.000Z',
  repeat: { freq: 'weekly', interval: 1, weekdays: [1], until: null, count: null },
  remindMinutes: 15,
  reminding: false,
  createUserId: 3,
  readOnly: false,
  record: null,
  seriesDay: extra.day ?? '2026-11-23',
  changed: false,
  ...extra,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const asStaff = { permissions: ['oa:event:use'] };

describe('calendar ranges', () => {
  it('shows six Monday-first weeks for a month, Monday to Sunday for a week', () => {
    const month = viewDays('month', '2026-11-15');
    expect(month).toHaveLength(42);
    expect(month[0]).toBe('2026-10-26');
    expect(month.at(-1)).toBe('2026-12-06');
    expect(viewDays('week', '2026-11-29')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(stepDay('month', '2026-12-31', 1)).toBe('2027-01-01');
    expect(stepDay('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(stepDay('week', '2026-11-23', -1)).toBe('2026-11-16');
  });
});

describe('SchedulePage', { timeout: 60_000 }, () => {
  it('asks for the month shown and puts each entry on its days, a multi-day one on each', async () => {
    const calls = fakeFetch({
      '/OaRecord/queryEvent': [
        entry({}),
        entry({
          id: 2,
          title: '外地培训',
          allDay: true,
          startTime: null,
          endTime: null,
          day: '2026-11-25',
          endDay: '2026-11-26',
        }),
        entry({
          source: 'followUp',
          id: 7,
          title: '客户跟进：林婉清',
          readOnly: true,
          day: '2026-11-24',
          endDay: '2026-11-24',
          startTime: '15:00',
        }),
      ],
      '/OaEvent/queryReminders': [],
    });
    renderWithApp(<SchedulePage />, { ...asStaff, route: '/workbench/schedule-new?view=month&day=2026-11-10' });
    const cell = await screen.findByTestId('schedule-cell-2026-11-23');
    await within(cell).findByText('销售周会');
    expect(within(cell).getByText('09:30')).toBeTruthy();
    expect(within(screen.getByTestId('schedule-cell-2026-11-25')).getByText('外地培训')).toBeTruthy();
    expect(within(screen.getByTestId('schedule-cell-2026-11-26')).getByText('外地培训')).toBeTruthy();
    expect(within(screen.getByTestId('schedule-cell-2026-11-24')).getByText('客户跟进：林婉清')).toBeTruthy();
    expect(calls.find((c) => c.path === '/OaRecord/queryEvent')!.body).toEqual({
      startTime: '2026-10-26',
      endTime: '2026-12-06',
    });
    expect(screen.getByTestId('schedule-title').textContent).toBe('2026-11');
  });

  it('refuses a form without a title before sending, then sends the weekly repeat once', async () => {
    const calls = fakeFetch({
      '/OaRecord/queryEvent': [],
      '/OaEvent/queryReminders': [],
      '/OaEvent/saveEvent': { eventId: 4 },
    });
    renderWithApp(<SchedulePage />, { ...asStaff, route: '/workbench/schedule-new?view=week&day=2026-11-23&create=1' });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('event-save'));
    // The form's pickers make the first validation slow in jsdom.
    expect(await within(dialog).findByText('请输入日程标题', undefined, { timeout: 8000 })).toBeTruthy();
    expect(calls.some((c) => c.path === '/OaEvent/saveEvent')).toBe(false);
    fireEvent.change(within(dialog).getByPlaceholderText('要做什么？'), { target: { value: '销售周会' } });
    fireEvent.click(within(dialog).getByTestId('event-save'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/OaEvent/saveEvent')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/OaEvent/saveEvent')!.body).toMatchObject({
      title: '销售周会',
      allDay: false,
      startDay: '2026-11-23',
      startTime: '09:00',
      endTime: '10:00',
      remindMinutes: 15,
      repeat: { freq: 'none' },
    });
  });

  it('opens an event’s detail; a participant sees no edit or delete', async () => {
    fakeFetch({
      '/OaRecord/queryEvent': [entry({})],
      '/OaEvent/queryReminders': [],
      '/OaEvent/queryEventInfo': {
        eventId: 1,
        title: '销售周会',
        description: '',
        allDay: false,
        startDay: '2026-11-23',
        endDay: '2026-11-23',
        startTime: '09:30',
        endTime: '10:30',
        repeat: { freq: 'weekly', interval: 1, weekdays: [1, 3], until: null, count: 4 },
        remindMinutes: 15,
        creator: { userId: 3, realname: '李明', img: '', deptName: '' },
        participants: [{ userId: 5, realname: '孙丽', img: '', deptName: '' }],
        canEdit: false,
        createTime: '2026-11-20T01:00:00.000Z',
      },
    });
    renderWithApp(<SchedulePage />, { ...asStaff, route: '/workbench/schedule-new?view=day&day=2026-11-23' });
    fireEvent.click(await screen.findByText('销售周会'));
    const detail = await screen.findByTestId('event-detail');
    expect(detail.textContent).toContain('2026-11-23 09:30–10:30');
    expect(detail.textContent).toContain('每周（一、三），重复次数 4');
    expect(detail.textContent).toContain('提前15分钟');
    expect(screen.queryByTestId('event-edit')).toBeNull();
  });

  it('lays the week out on an hour grid: timed entries in their day’s hours, all-day ones above', async () => {
    fakeFetch({
      '/OaRecord/queryEvent': [
        entry({}),
        entry({
          id: 2,
          title: '门店巡检',
          allDay: true,
          startTime: null,
          endTime: null,
          day: '2026-11-24',
          endDay: '2026-11-24',
        }),
        entry({ id: 3, title: '培训', day: '2026-11-23', startTime: '10:00', endTime: '11:00' }),
      ],
    });
    renderWithApp(<SchedulePage />, { ...asStaff, route: '/workbench/schedule-new?view=week&day=2026-11-25' });
    const monday = await screen.findByTestId('schedule-hours-2026-11-23');
    await within(monday).findByText('销售周会');
    const blocks = [...monday.querySelectorAll<HTMLElement>('.schedule-week__block')];
    // 09:30 is 9.5 hours of 48 px; the overlapping 10:00 meeting sits beside it.
    expect(blocks.map((b) => [b.dataset.start, b.style.top, b.style.width])).toEqual([
      ['09:30', '456px', '50%'],
      ['10:00', '480px', '50%'],
    ]);
    expect(within(screen.getByTestId('schedule-allday-2026-11-24')).getByText('门店巡检')).toBeTruthy();
    expect(within(screen.getByTestId('schedule-hours-2026-11-24')).queryByText('门店巡检')).toBeNull();
  });

  it('lets the creator change only this occurrence of a repeating event', async () => {
    const calls = fakeFetch({
      '/OaRecord/queryEvent': [entry({ day: '2026-11-30', endDay: '2026-11-30', startAt: '2026-11-30T01:30:00.000Z' })],
      '/OaEvent/queryEventInfo': {
        eventId: 1,
        title: '销售周会',
        description: '',
        allDay: false,
        startDay: '2026-11-23',
        endDay: '2026-11-23',
        startTime: '09:30',
        endTime: '10:30',
        repeat: { freq: 'weekly', interval: 1, weekdays: [1], until: null, count: null },
        remindMinutes: 15,
        creator: { userId: 5, realname: '孙丽', img: '', deptName: '' },
        participants: [],
        canEdit: true,
        createTime: '2026-11-20T01:00:00.000Z',
      },
      '/OaEvent/saveOccurrence': { eventId: 1 },
    });
    renderWithApp(<SchedulePage />, { ...asStaff, route: '/workbench/schedule-new?view=day&day=2026-11-30' });
    fireEvent.click(await screen.findByText('销售周会'));
    fireEvent.click(await screen.findByTestId('event-edit'));
    fireEvent.click(await screen.findByTestId('event-scope-one'));
    const form = await screen.findByText('编辑此次日程');
    const dialog = form.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).queryByTestId('event-freq')).toBeNull();
    fireEvent.change(within(dialog).getByPlaceholderText('要做什么？'), { target: { value: '销售周会（客户来访）' } });
    fireEvent.click(within(dialog).getByTestId('event-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/OaEvent/saveOccurrence')).toBe(true), {
      timeout: 8000,
    });
    expect(calls.find((c) => c.path === '/OaEvent/saveOccurrence')!.body).toEqual({
      eventId: 1,
      day: '2026-11-30',
      title: '销售周会（客户来访）',
      allDay: false,
      startDay: '2026-11-30',
      endDay: '2026-11-30',
      startTime: '09:30',
      endTime: '10:30',
      remindMinutes: 15,
    });
    expect(calls.some((c) => c.path === '/OaEvent/saveEvent')).toBe(false);
  });
});
