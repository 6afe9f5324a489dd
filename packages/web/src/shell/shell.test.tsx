import { type Answer, type AuthObject, type ContractPath, DEFAULT_TIME_ZONE, type Profile } from '@crm/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LangProvider } from '@/i18n';
import { crmCounts, oaCounts } from '@/test/backlog';
import { FeedbackBinder } from './feedback';
import { resetRequestState } from './request';
import { routes } from './router';
import { sessionStore } from './session-store';

/** The whole body the fake server sends: a success's data is typed by the path's contract. */
type Reply<T> = { code: number; msg: string; data: T | null };
const ok = <T,>(data: T): Reply<T> => ({ code: 0, msg: 'success', data });
type Server = { [P in ContractPath]?: () => Reply<Answer<P>> };
const user: Profile = {
  userId: 5,
  username: 'sunli',
  realname: '孙丽',
  img: '',
  mobile: '',
  email: '',
  sex: 1,
  num: '',
  post: '销售代表',
  status: 1,
  deptName: '销售一部',
  deptId: 3,
  parentId: null,
  parentName: '',
  roleIds: [],
  roleNames: '',
  createTime: '2026-01-05 09:00:00',
  lastLoginTime: null,
  isAdmin: false,
};
const staffAuth: AuthObject = { oa: { examine: { use: true } }, crm: { customer: { index: true } } };

let server: Server;
const calls: string[] = [];

beforeEach(() => {
  localStorage.clear();
  resetRequestState();
  calls.length = 0;
  server = {
    '/system/role/auth': () => ok(staffAuth),
    '/system/user/queryLoginUser': () => ok(user),
    '/sysConfig/query': () => ok({ companyName: '', logo: '', portalUrl: '', timeZone: DEFAULT_TIME_ZONE, name: '' }),
    '/OaBackLog/num': () => ok(oaCounts({ examineNum: 120, taskNum: 3 })),
    '/CrmBackLog/num': () => ok(crmCounts({ todayCustomer: 2 })),
    '/logout': () => ok(null),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input).split('?')[0]!;
      calls.push(path);
      const answer = server[path as ContractPath]?.() ?? { code: 404, msg: '请求的接口不存在', data: null };
      return new Response(JSON.stringify(answer));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LangProvider>
        <AntApp>
          <FeedbackBinder />
          <RouterProvider router={router} />
        </AntApp>
      </LangProvider>
    </QueryClientProvider>,
  );
  const where = () => router.state.location.pathname + router.state.location.search;
  return { router, where };
}

describe('route guard', () => {
  // The first test of the file: the login page's chunk loads cold (under load, near 5 s).
  it('sends a visitor without a token to /login with the target as redirect', { timeout: 20_000 }, async () => {
    const { where } = renderAt('/workbench/index');
    expect(await screen.findByPlaceholderText('用户名')).toBeTruthy();
    expect(where()).toBe('/login?redirect=%2Fworkbench%2Findex');
    // Only the public settings call (company name and logo for the login page); nothing needing a session.
    // The login page may render before its settings query fires: wait for that call, then check.
    await waitFor(() => expect(calls).toEqual(['/sysConfig/query']));
  });

  it('opens an open page without asking for a login; without its link it asks for one', {
    timeout: 20_000,
  }, async () => {
    const { where } = renderAt('/reimbursementDetail');
    expect(await screen.findByText('链接不完整，请向工作人员索取新的链接', {}, { timeout: 15_000 })).toBeTruthy();
    expect(where()).toBe('/reimbursementDetail');
  });

  it('sends a signed-in user from /login to the first allowed page', { timeout: 20_000 }, async () => {
    sessionStore.save({ token: 't' });
    const { where } = renderAt('/login');
    // The first test to open the signed-in shell: its chunk (antd, locales, every area's routes) loads cold.
    await waitFor(() => expect(where()).toBe('/workbench/index'), { timeout: 15_000 });
  });
});

describe('signed-in shell', () => {
  it('loads permissions and user, lands on the workbench, caps the badge at 99+', async () => {
    sessionStore.save({ token: 't' });
    const { where } = renderAt('/');
    await waitFor(() => expect(where()).toBe('/workbench/index'));
    expect(calls).toContain('/system/role/auth');
    expect(calls).toContain('/system/user/queryLoginUser');
    expect((await screen.findAllByText('工作台')).length).toBeGreaterThan(0);
    // The home item sums every office count; 审批 shows the approvals waiting for me. Both are capped.
    const badges = await screen.findAllByText('99+');
    expect(badges.map((b) => b.getAttribute('title')).sort()).toEqual(['120', '123']);
    expect(await screen.findByTestId('todo-crm')).toBeTruthy();
    expect((await screen.findByTestId('count-examineNum')).textContent).toContain('120');
    expect(screen.getAllByText('孙丽').length).toBeGreaterThan(0);
  });

  it('shows the CRM to-do total on the customer menu item, capped at 99+', async () => {
    sessionStore.save({ token: 't' });
    server['/CrmBackLog/num'] = () => ok(crmCounts({ todayCustomer: 100, followCustomer: 50 }));
    renderAt('/crm/customer');
    const badge = await screen.findByTitle('150', {}, { timeout: 5000 });
    expect(badge.textContent).toBe('99+');
    expect(badge.closest('.ant-menu-item')?.textContent).toContain('客户');
    cleanup();
    server['/CrmBackLog/num'] = () => ok(crmCounts({ todayCustomer: 2, followCustomer: 5 }));
    renderAt('/crm/customer');
    const small = await screen.findByTitle('7', {}, { timeout: 5000 });
    expect(small.closest('.ant-menu-item')?.textContent).toContain('客户');
  });

  it('the workbench quick-add offers what the user may create and opens its form', { timeout: 60_000 }, async () => {
    // The task page's first import takes jsdom more than 25 s on a cold, loaded run (seen twice): load it
    // before the clock of the wait below starts, so the wait measures the app, not the transform.
    await import('@/workbench/task/TaskPage');
    sessionStore.save({ token: 't' });
    renderAt('/workbench/index');
    fireEvent.click(await screen.findByTestId('quick-add', {}, { timeout: 5000 }));
    const entries = () => [...document.querySelectorAll('.ant-dropdown-menu-item')].map((e) => e.textContent);
    // No task permission: no task entry.
    await waitFor(() => expect(entries()).toEqual(['审批']));
    cleanup();
    server['/system/role/auth'] = () => ok({ oa: { examine: { use: true }, task: { use: true } } });
    server['/OaTask/queryTaskList'] = () => ok({ list: [], totalRow: 0, page: 1, limit: 15 });
    const { where } = renderAt('/workbench/index');
    fireEvent.click(await screen.findByTestId('quick-add', {}, { timeout: 5000 }));
    const item = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-dropdown-menu-item')].find((e) => e.textContent === '任务');
      if (!found) throw new Error('no task entry');
      return found;
    });
    fireEvent.click(item);
    // The task page opens its form, then drops `?create=1` from the address: under load the page
    // chunk may still be loading, so wait for the form first.
    expect(await screen.findByText('新建任务', { selector: '.ant-modal-title' }, { timeout: 25_000 })).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/workbench/task'), { timeout: 5000 });
  });

  it('sends a user with no area to the personal center', async () => {
    server['/system/role/auth'] = () => ok({});
    sessionStore.save({ token: 't' });
    const { where } = renderAt('/');
    await waitFor(() => expect(where()).toBe('/person/index'));
    expect(screen.queryByText('工作台')).toBeNull();
  });

  it('answers /404 for unknown pages and for pages the user may not open', async () => {
    sessionStore.save({ token: 't' });
    const { where } = renderAt('/manager/employee-dep');
    await waitFor(() => expect(where()).toBe('/404'));
    expect(await screen.findByText('返回首页')).toBeTruthy();
    cleanup();
    const other = renderAt('/no/such/page');
    await waitFor(() => expect(other.where()).toBe('/404'));
  });

  it('redirects /person to /person/index', async () => {
    sessionStore.save({ token: 't' });
    const { where } = renderAt('/person');
    await waitFor(() => expect(where()).toBe('/person/index'));
  });

  it('logs out and shows the server message when user info fails', async () => {
    server['/system/user/queryLoginUser'] = () => ({ code: 500, msg: '服务器开小差了，请稍后再试', data: null });
    sessionStore.save({ token: 't' });
    const { where } = renderAt('/workbench/index');
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/login?redirect=%2Fworkbench%2Findex'));
    expect(sessionStore.token()).toBeNull();
    expect(calls).toContain('/logout');
  });

  it('shows 获取用户信息失败 when the failure has no message', async () => {
    server['/system/user/queryLoginUser'] = () => ({ code: 500, msg: '', data: null });
    sessionStore.save({ token: 't' });
    renderAt('/workbench/index');
    expect(await screen.findByText('获取用户信息失败')).toBeTruthy();
  });
});

describe('login page', () => {
  it('shows a refusal once, inline (no toast beside it), then signs in and follows the redirect', async () => {
    let attempts = 0;
    server['/login'] = () =>
      attempts++ === 0
        ? { code: 400, msg: '用户名或密码错误', data: null }
        : ok({ 'Admin-Token': 'new-token', user, auth: staffAuth });
    const { where } = renderAt('/login?redirect=%2Fperson%2Findex');
    fireEvent.change(await screen.findByPlaceholderText('用户名'), { target: { value: 'sunli' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'bad1' } });
    fireEvent.submit(screen.getByPlaceholderText('密码').closest('form')!);
    await waitFor(() => expect(document.querySelector('.crm-login-error')?.textContent).toContain('用户名或密码错误'));
    // Issue 26: one message, not a toast repeating the inline one.
    await new Promise((r) => setTimeout(r, 300));
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0);
    expect(screen.getAllByText('用户名或密码错误')).toHaveLength(1);

    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: '123456a' } });
    fireEvent.submit(screen.getByPlaceholderText('密码').closest('form')!);
    await waitFor(() => expect(where()).toBe('/person/index'));
    expect(sessionStore.token()).toBe('new-token');
  });
});
