import type { Answer } from '@crm/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../examine/test-utils';
import SignQueryPage from './SignQueryPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const month: Answer<'/OaSignIn/month'> = {
  month: '2026-11',
  people: [
    {
      userId: 5,
      realname: '孙丽',
      deptName: '销售一部',
      workdays: 18,
      signedDays: 17,
      late: 2,
      early: 0,
      missing: 1,
      field: 3,
    },
  ],
  days: [
    {
      userId: 5,
      realname: '孙丽',
      deptName: '销售一部',
      day: '2026-11-23',
      workday: true,
      inTime: '09:12:00',
      outTime: null,
      statuses: ['late', 'missing', 'field'],
    },
    {
      userId: 5,
      realname: '孙丽',
      deptName: '销售一部',
      day: '2026-11-22',
      workday: false,
      inTime: null,
      outTime: null,
      statuses: [],
    },
  ],
};

describe('SignQueryPage (/workbench/signQuery)', { timeout: 60_000 }, () => {
  it('shows the month per person and day to a reader of the statistics', async () => {
    const calls = fakeFetch({ '/OaSignIn/month': month });
    renderWithApp(<SignQueryPage />, { permissions: ['oa:signIn:read'] });
    const row = (await screen.findByText('2026-11-23')).closest('tr')!;
    expect(within(row).getByText('迟到')).toBeTruthy();
    expect(within(row).getByText('缺卡')).toBeTruthy();
    expect(within(row).getByText('外勤')).toBeTruthy();
    expect(within(screen.getByText('2026-11-22').closest('tr')!).getByText('休息日')).toBeTruthy();
    expect(calls.find((c) => c.path === '/OaSignIn/month')?.body).toMatchObject({
      month: expect.stringMatching(/^\d{4}-\d{2}$/),
    });
  });

  it('lets anyone make their own QR link, and hides the statistics without the key', async () => {
    const calls = fakeFetch({
      '/OaSignIn/myLink': {
        linkId: 1,
        token: 'T'.repeat(32),
        path: `/signH5?token=${'T'.repeat(32)}`,
        expireTime: '2027-05-25 10:00:00',
      },
    });
    renderWithApp(<SignQueryPage />, { permissions: [] });
    expect(await screen.findByText('查看签到统计需要“查看签到统计”权限')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sign-make-link'));
    expect((await screen.findByTestId('sign-link')).getAttribute('data-url')).toContain(
      `/signH5?token=${'T'.repeat(32)}`,
    );
    expect(calls.some((c) => c.path === '/OaSignIn/month')).toBe(false);
  });
});
