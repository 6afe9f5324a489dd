import { type AuthObject, buildAuthObject } from '@crm/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { areas } from '@/shell/areas';
import { RouteTableContext } from '@/shell/route-table';
import { SESSION_KEY } from '@/shell/session';
import { answered } from '@/test/answers';
import { crmCounts, oaCounts } from '@/test/backlog';
import HomePage from './HomePage';

const user = { userId: 5, username: 'sunli', realname: '孙丽', img: '', post: '销售代表', deptName: '销售一部' };

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderHome(auth: AuthObject) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_KEY, { user, auth });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouteTableContext.Provider value={areas}>
          <MemoryRouter initialEntries={['/workbench/index']}>
            <Routes>
              <Route path="/workbench/index" element={<HomePage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </RouteTableContext.Provider>
      </App>
    </QueryClientProvider>,
  );
}

const feedItems = [
  {
    type: 'task',
    refId: 7,
    action: 'create',
    title: '整理客户档案',
    content: '',
    userId: 2,
    realname: '李明',
    time: '2026-11-23T02:00:00.000Z',
    link: '/workbench/task?taskId=7',
  },
  {
    type: 'followUp',
    refId: 3,
    action: '打电话',
    title: '林婉清',
    content: '确认到店时间',
    userId: 5,
    realname: '孙丽',
    time: '2026-11-23T01:00:00.000Z',
    link: '/crm/customer/3',
  },
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('getOaRecordPageList')
        ? answered('/OaRecord/getOaRecordPageList', { list: feedItems, page: 1, limit: 20, hasMore: false })
        : String(url).includes('queryReminders')
          ? answered('/OaBackLog/queryReminders', [])
          : String(url).includes('CrmBackLog')
            ? answered('/CrmBackLog/num', crmCounts({ todayCustomer: 4, followCustomer: 2 }))
            : answered('/OaBackLog/num', oaCounts({ examineNum: 3, taskNum: 2, eventNum: 1 })),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HomePage to-do tiles', { timeout: 20_000 }, () => {
  it('待我审批 opens the approval center on that tab', async () => {
    renderHome(buildAuthObject(['oa:examine:use']));
    const tile = await screen.findByTestId('count-examineNum');
    expect(tile.textContent).toContain('3');
    expect(tile.tagName).toBe('A');
    fireEvent.click(tile);
    expect((await screen.findByTestId('where')).textContent).toBe('/workbench/examine?tab=waiting');
  });

  it('我的任务 opens my open tasks', async () => {
    renderHome(buildAuthObject(['oa:task:use']));
    const tile = await screen.findByTestId('count-taskNum');
    expect(tile.textContent).toContain('2');
    fireEvent.click(tile);
    expect((await screen.findByTestId('where')).textContent).toBe('/workbench/mytask?tab=mine&status=1');
  });

  it('今日日程 opens today on the calendar', async () => {
    renderHome(buildAuthObject(['oa:event:use']));
    const tile = await screen.findByTestId('count-eventNum');
    expect(tile.textContent).toContain('1');
    fireEvent.click(tile);
    expect((await screen.findByTestId('where')).textContent).toBe('/workbench/schedule-new?view=day');
  });

  it('今日需联系客户 and 待跟进客户 open the customer list on the scene they count', async () => {
    renderHome(buildAuthObject(['crm:customer:index']));
    const today = await screen.findByTestId('count-todayCustomer');
    await waitFor(() => expect(today.textContent).toContain('4'));
    expect(today.tagName).toBe('A');
    expect((await screen.findByTestId('count-followCustomer')).textContent).toContain('2');
    fireEvent.click(today);
    expect((await screen.findByTestId('where')).textContent).toBe('/crm/customer?scene=-13');
    cleanup();
    renderHome(buildAuthObject(['crm:customer:index']));
    fireEvent.click(await screen.findByTestId('count-followCustomer'));
    expect((await screen.findByTestId('where')).textContent).toBe('/crm/customer?scene=-14');
  });

  it('a count whose list is not built, or that the user may not open, is no link', async () => {
    renderHome(buildAuthObject(['oa:examine:use']));
    expect((await screen.findByTestId('count-eventNum')).tagName).toBe('DIV');
    // Tasks are built, but this user may not use them.
    expect((await screen.findByTestId('count-taskNum')).tagName).toBe('DIV');
    cleanup();
    // Signed in with the workbench but without approvals: the approval center is not theirs to open.
    renderHome({ oa: { other: true } } as AuthObject);
    expect((await screen.findByTestId('count-examineNum')).tagName).toBe('DIV');
  });
});

describe('HomePage activity feed', { timeout: 20_000 }, () => {
  it('lists what happened, linking what the user may open', async () => {
    renderHome(buildAuthObject(['oa:task:use']));
    const items = await screen.findAllByTestId('feed-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('李明 创建了任务 整理客户档案'),
      expect.stringContaining('孙丽 跟进（打电话） 客户：林婉清确认到店时间'),
    ]);
    expect(screen.getByRole('link', { name: '整理客户档案' }).getAttribute('href')).toBe('/workbench/task?taskId=7');
    // No customer list for this user: the customer is named, not linked.
    expect(screen.queryByRole('link', { name: '客户：林婉清' })).toBeNull();
  });

  it('asks again by type and by days', async () => {
    renderHome(buildAuthObject(['oa:task:use']));
    await screen.findAllByTestId('feed-item');
    fireEvent.click(within(screen.getByTestId('feed')).getByTitle('跟进'));
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-01' } });
    const fetchMock = fetch as unknown as { mock: { calls: [string, RequestInit?][] } };
    await waitFor(() => {
      const bodies = fetchMock.mock.calls
        .filter(([url]) => String(url).includes('getOaRecordPageList'))
        .map(([, init]) => String(init?.body ?? ''));
      expect(bodies.some((b) => b.includes('type=followUp') && b.includes('startTime=2026-11-01'))).toBe(true);
    });
  });
});
