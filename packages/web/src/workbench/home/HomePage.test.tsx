import { type AuthObject, buildAuthObject } from '@crm/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/shell/session';
import HomePage from './HomePage';

const user = { userId: 5, username: 'sunli', realname: '孙丽', img: '', post: '销售代表', deptName: '销售一部' };
const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: 'success', data }));

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
        <MemoryRouter initialEntries={['/workbench/index']}>
          <Routes>
            <Route path="/workbench/index" element={<HomePage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ok({ examineNum: 3, taskNum: 2, eventNum: 0, logNum: 0, announcementNum: 0 })),
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
