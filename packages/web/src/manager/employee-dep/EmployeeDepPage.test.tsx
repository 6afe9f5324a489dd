import { buildAuthObject, Msg } from '@crm/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { answered } from '@/test/answers';
import EmployeeDepPage from './EmployeeDepPage';

// Lists load through mocked fetch and antd renders slowly in jsdom: wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
const tree = [
  {
    id: 1,
    pid: 0,
    name: '总经办',
    label: '总经办',
    ownerUserId: null,
    ownerUserName: '',
    sort: 0,
    remark: '',
    userCount: 1,
    children: [],
  },
];
const users = [
  {
    userId: 1,
    username: 'admin',
    realname: '系统管理员',
    img: '',
    mobile: '13800000000',
    email: '',
    sex: 1,
    num: '',
    post: '管理员',
    status: 1,
    deptId: 1,
    deptName: '总经办',
    parentId: null,
    parentName: '',
    roleIds: [1],
    roleNames: '超级管理员',
    createTime: '',
    lastLoginTime: null,
  },
];

const BTN = { selector: 'button span' };
const calls: { path: string; body: URLSearchParams }[] = [];
function fakeServer(input: RequestInfo | URL, init?: RequestInit) {
  const path = String(input);
  calls.push({ path, body: new URLSearchParams(String(init?.body ?? '')) });
  if (path === '/system/dept/queryDeptTree') return Promise.resolve(answered('/system/dept/queryDeptTree', tree));
  if (path === '/system/user/queryUserList')
    return Promise.resolve(answered('/system/user/queryUserList', { list: users, totalRow: 1, page: 1, limit: 15 }));
  if (path === '/system/dept/addDept') return Promise.resolve(answered('/system/dept/addDept', { id: 9 }));
  // Any other read (roles, the form's options) finds an empty list.
  return Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'success', data: [] })));
}

function renderPage(permissions: string[]) {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <EmployeeDepPage />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

// Rendering antd tables and modals in jsdom is slow, more so on a busy machine.
describe('EmployeeDepPage', { timeout: 60_000 }, () => {
  it('lists everyone (pageType 1002) and shows no edit buttons with read access only', async () => {
    renderPage(['manage:users:read']);
    expect(await screen.findByText('admin')).toBeTruthy();
    expect(calls.find((c) => c.path === '/system/user/queryUserList')!.body.get('pageType')).toBe('1002');
    expect(screen.queryByText('新建员工', BTN)).toBeNull();
    expect(screen.queryByRole('button', { name: '新建部门' })).toBeNull();
    expect(screen.queryByText('重置密码')).toBeNull();
  });

  it('shows the actions its permissions allow', async () => {
    renderPage(['manage:users:read', 'manage:users:userSave', 'manage:users:resetPassword']);
    await screen.findByText('admin');
    expect(screen.getByText('新建员工', BTN)).toBeTruthy();
    expect(screen.getByText('重置密码', BTN)).toBeTruthy();
    expect(screen.queryByText(/^禁\s?用$/, BTN)).toBeNull();
    expect(screen.queryByText('编辑', BTN)).toBeNull();
    expect(screen.queryByRole('button', { name: '新建部门' })).toBeNull();
  });

  it('keeps 编辑 in the row and puts the other actions under 更多, so the table fits 1366 px', async () => {
    renderPage(['manage:users:read', 'manage:users:userUpdate', 'manage:users:status', 'manage:users:resetPassword']);
    await screen.findByText('admin');
    const row = screen.getByText('admin').closest('tr')!;
    expect(within(row).getByText('编辑', BTN)).toBeTruthy();
    expect(within(row).queryByText('重置密码')).toBeNull();
    fireEvent.click(within(row).getByText('更多', BTN));
    expect(await screen.findByRole('menuitem', { name: '禁用' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: '重置密码' }));
    expect(await screen.findByText('重置“系统管理员”的密码')).toBeTruthy();
  });

  it('creates a department, checking the name with the shared schema first', async () => {
    renderPage(['manage:users:read', 'manage:users:deptSave']);
    await screen.findByText('admin');
    fireEvent.click(screen.getByRole('button', { name: '新建部门' }));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal')!);
    fireEvent.click(within(dialog).getByText(/^保\s?存$/, BTN));
    expect(await within(dialog).findByText(Msg.deptNameRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/system/dept/addDept')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('部门名称'), { target: { value: '  市场部 ' } });
    fireEvent.click(within(dialog).getByText(/^保\s?存$/, BTN));
    await waitFor(() => expect(calls.some((c) => c.path === '/system/dept/addDept')).toBe(true));
    const body = calls.find((c) => c.path === '/system/dept/addDept')!.body;
    expect(body.get('name')).toBe('市场部');
    expect(body.get('pid')).toBe('0');
    expect(await screen.findByText(Msg.addSuccess)).toBeTruthy();
  });
});
