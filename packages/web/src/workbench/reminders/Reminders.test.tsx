import type { Reminder } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../examine/test-utils';
import { Reminders } from './Reminders';

const item = (extra: Partial<Reminder>): Reminder => ({
  kind: 'task',
  key: 'task-1-dueSoon',
  id: 1,
  title: '提交活动预算',
  state: 'dueSoon',
  at: '2026-11-23T10:00:00.000Z',
  allDay: false,
  link: '/workbench/task?taskId=1',
  ...extra,
});

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

const page = (
  <>
    <Reminders />
    <Routes>
      <Route path="*" element={<Where />} />
    </Routes>
  </>
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('Reminders (every page)', { timeout: 60_000 }, () => {
  it('pops up due and overdue tasks and a reminded event, each opening its page', async () => {
    fakeFetch({
      '/OaBackLog/queryReminders': [
        item({}),
        item({
          key: 'task-2-overdue',
          id: 2,
          title: '补录客户资料',
          state: 'overdue',
          link: '/workbench/task?taskId=2',
        }),
        item({
          kind: 'event',
          key: 'event-7-2026-11-23',
          id: 7,
          title: '门店巡检',
          state: 'remind',
          allDay: true,
          link: '/workbench/schedule-new?view=day&day=2026-11-23',
        }),
      ],
    });
    renderWithApp(page, { permissions: ['oa:task:use', 'oa:event:use'], route: '/crm/customer' });
    expect(await screen.findByText('任务即将到期')).toBeTruthy();
    expect(screen.getByText('任务已逾期')).toBeTruthy();
    expect(screen.getByText('日程提醒')).toBeTruthy();
    expect(screen.getByText(/门店巡检 · 11-23 全天 开始/)).toBeTruthy();
    const overdue = screen.getByText(/补录客户资料/).closest('.ant-notification-notice')!;
    fireEvent.click(overdue.querySelector('button.ant-btn-primary')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/workbench/task?taskId=2'));
  });

  it('shows each reminder once a session', async () => {
    sessionStorage.setItem('reminded-task-1-dueSoon', '1');
    fakeFetch({
      '/OaBackLog/queryReminders': [item({}), item({ key: 'task-3-dueSoon', id: 3, title: '确认场地' })],
    });
    renderWithApp(page, { permissions: ['oa:task:use'] });
    expect(await screen.findByText(/确认场地/)).toBeTruthy();
    expect(screen.queryByText(/提交活动预算/)).toBeNull();
  });
});
