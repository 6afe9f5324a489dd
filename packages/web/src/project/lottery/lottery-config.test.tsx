import { type Answer, buildAuthObject, PrizeKind } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { parseTime } from '@/shell/time';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { activityBody, chances } from './ActivityForm';
import LotteryPage from './LotteryPage';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const activity: Answer<'/project/lottery/list'>['list'][number] = {
  activityId: 7,
  name: '周年庆大转盘',
  style: 1,
  startTime: '2026-11-01 09:00:00',
  endTime: '2026-12-31 21:00:00',
  drawsTotal: 3,
  drawsPerDay: 1,
  enabled: true,
  remark: '',
  draws: 4,
  createTime: '2026-11-01 08:00:00',
  prizes: [
    {
      prizeId: 1,
      name: '面膜',
      kind: 2,
      couponRuleId: null,
      gift: '补水面膜',
      projectId: null,
      sessions: 1,
      stock: 6,
      weight: 1,
      won: 4,
    },
    {
      prizeId: 2,
      name: '谢谢参与',
      kind: 0,
      couponRuleId: null,
      gift: '',
      projectId: null,
      sessions: 1,
      stock: null,
      weight: 3,
      won: 0,
    },
  ],
};
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

function open(permissions: string[]) {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const calls = fakeFetch({
    '/project/lottery/list': { list: [activity], totalRow: 1, page: 1, limit: 15 },
    '/project/lottery/couponRules': [],
    '/project/lottery/projects': [],
    '/project/lottery/save': { activityId: 7 },
    '/project/lottery/draws': { list: [], totalRow: 0, page: 1, limit: 15 },
  });
  renderWithApp(<LotteryPage />, { permissions });
  return calls;
}

describe('配置 › 抽奖活动', { timeout: 60_000 }, () => {
  it('works out chances as the server draws: only prizes with weight and stock', () => {
    expect(
      chances([
        { kind: 2, stock: 5, weight: 1 },
        { kind: 0, stock: null, weight: 3 },
      ]),
    ).toEqual([25, 75]);
    expect(
      chances([
        { kind: 2, stock: 0, weight: 1 },
        { kind: 0, stock: null, weight: 3 },
      ]),
    ).toEqual([0, 100]);
  });

  it('sends times in the company zone and no stock for 谢谢参与', () => {
    const body = activityBody({
      name: 'x',
      style: 1,
      period: [parseTime('2026-11-01 09:00:00')!, parseTime('2026-11-02 09:00:00')!],
      drawsTotal: 1,
      drawsPerDay: 1,
      enabled: true,
      remark: '',
      prizes: [{ name: '谢谢参与', kind: PrizeKind.nothing, stock: 5, weight: 1 }],
    });
    expect(body).toMatchObject({
      startTime: '2026-11-01 09:00:00',
      endTime: '2026-11-02 09:00:00',
      prizes: [{ stock: null }],
    });
  });

  it('lists activities with won/total stock and saves an edit with the prizes it had', async () => {
    const calls = open(['project:lotteryActivityConfiguration:read', 'project:lotteryActivityConfiguration:update']);
    expect(await screen.findByText('周年庆大转盘')).toBeTruthy();
    expect(screen.getByText(/面膜 4\/10/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    await screen.findByDisplayValue('补水面膜');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent(calls, '/project/lottery/save')).toHaveLength(1));
    expect(sent(calls, '/project/lottery/save')[0]).toMatchObject({
      activityId: 7,
      startTime: '2026-11-01 09:00:00',
      prizes: [
        { prizeId: 1, kind: 2, gift: '补水面膜', stock: 6, weight: 1 },
        { prizeId: 2, kind: 0, stock: null, weight: 3 },
      ],
    });
  });

  it('shows neither editing nor the records to a reader', async () => {
    open(['project:lotteryActivityConfiguration:read']);
    expect(await screen.findByText('周年庆大转盘')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByText('新建活动')).toBeNull();
    expect(screen.queryByText('抽奖记录')).toBeNull();
  });
});
