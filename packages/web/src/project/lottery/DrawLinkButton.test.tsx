import type { Answer } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { DrawLinkButton } from './DrawLinkButton';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Activity = Answer<'/project/lottery/list'>['list'][number];
const activity = (
  activityId: number,
  name: string,
  style: Activity['style'],
  endTime: string,
  enabled = true,
): Activity => ({
  activityId,
  name,
  style,
  startTime: '2020-01-01 00:00:00',
  endTime,
  drawsTotal: 3,
  drawsPerDay: 1,
  enabled,
  remark: '',
  draws: 0,
  createTime: '2020-01-01 00:00:00',
  prizes: [],
});
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

describe('顾客档案 › 抽奖链接', { timeout: 60_000 }, () => {
  it('offers only running activities and makes the link of the chosen one for this customer', async () => {
    const calls = fakeFetch({
      '/project/lottery/list': {
        list: [
          activity(1, '周年庆九宫格', 2, '2099-12-31 21:00:00'),
          activity(2, '已结束的转盘', 1, '2021-01-01 00:00:00'),
          activity(3, '停用的转盘', 1, '2099-12-31 21:00:00', false),
        ],
        totalRow: 3,
        page: 1,
        limit: 15,
      },
      '/project/lottery/gridLink/create': {
        linkId: 9,
        token: 'abc',
        path: '/LargeLuckyGridPage?token=abc',
        expireTime: '',
      },
    });
    renderWithApp(<DrawLinkButton customerId={5} />, { permissions: ['project:lotteryActivityConfiguration:link'] });
    fireEvent.click(screen.getByTestId('draw-link-button'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    expect(await screen.findByTitle('周年庆九宫格')).toBeTruthy();
    expect(screen.queryByTitle('已结束的转盘')).toBeNull();
    expect(screen.queryByTitle('停用的转盘')).toBeNull();
    fireEvent.click(screen.getByTitle('周年庆九宫格'));
    fireEvent.click(within(dialog).getByRole('button', { name: '生成链接' }));
    await waitFor(() => expect(sent(calls, '/project/lottery/gridLink/create')).toHaveLength(1));
    expect(sent(calls, '/project/lottery/gridLink/create')[0]).toEqual({ activityId: 1, customerId: 5, days: 7 });
    expect((await screen.findByTestId('open-link-url')).textContent).toContain('/LargeLuckyGridPage?token=abc');
  });
});
