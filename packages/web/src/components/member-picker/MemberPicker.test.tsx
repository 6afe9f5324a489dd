import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answered } from '@/test/answers';
import { deptNode } from '@/test/people';
import { MemberPicker, type MemberPickerProps } from './MemberPicker';
import { MemberSelect } from './MemberSelect';
import type { PickerValue, UserRow } from './types';

// Lists load through mocked fetch and antd renders slowly in jsdom: wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
const dept = deptNode;
const tree = [dept(1, 0, '总部', [dept(2, 1, '销售部', [dept(4, 2, '销售一组')]), dept(3, 1, '技术部')])];

// A picker row: name, avatar, department, post and status are all a signed-in user gets of a colleague.
const user = (userId: number, realname: string, _account: string, deptId: number): UserRow => ({
  userId,
  realname,
  img: '',
  post: '',
  status: 1,
  deptId,
  deptName: '',
});
const users: UserRow[] = [
  user(1, '系统管理员', 'admin', 1),
  user(2, '王五', 'wangwu', 1),
  user(3, '张三', 'zhangsan', 2),
  user(4, '李四', 'lisi', 2),
  user(5, '赵六', 'zhaoliu', 4),
  ...Array.from({ length: 12 }, (_, i) => user(100 + i, `技术员${i + 1}`, `tech${i + 1}`, 3)),
];

const calls: { path: string; body: URLSearchParams }[] = [];

function fakeServer(input: RequestInfo | URL, init?: RequestInit) {
  const path = String(input);
  const body = new URLSearchParams(String(init?.body ?? ''));
  calls.push({ path, body });
  if (path === '/system/dept/queryDeptTree') return Promise.resolve(answered('/system/dept/queryDeptTree', tree));
  if (path === '/system/user/queryUserList') {
    const deptId = body.get('deptId');
    const search = body.get('search');
    const page = Number(body.get('page') ?? 1);
    const limit = Number(body.get('limit') ?? 15);
    const rows = users.filter(
      (u) => (!deptId || String(u.deptId) === deptId) && (!search || u.realname.includes(search)),
    );
    return Promise.resolve(
      answered('/system/user/queryUserList', {
        list: rows.slice((page - 1) * limit, page * limit),
        totalRow: rows.length,
        page,
        limit,
      }),
    );
  }
  return Promise.resolve(new Response(JSON.stringify({ code: 404, msg: 'not found', data: null })));
}

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const userCalls = () => calls.filter((c) => c.path === '/system/user/queryUserList');
const selected = () => screen.getByTestId('mp-selected');
const userList = () => screen.getByTestId('mp-user-list');
const tick = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(name) }));

async function openPicker() {
  fireEvent.click(screen.getByRole('button', { name: 'Pick' }));
  await screen.findByText('选择成员');
  // The panel is its own chunk, fetched on the first open.
  await within(await screen.findByTestId('mp-user-list')).findAllByText('总部');
}
/** The picker around a 'Pick' button, with `props`. */
const renderPicker = (props: Omit<MemberPickerProps, 'children'> = {}) =>
  wrap(
    <MemberPicker {...props}>
      <Button>Pick</Button>
    </MemberPicker>,
  );
/** The picker rendered and opened on its first page of users. */
async function showPicker(props: Omit<MemberPickerProps, 'children'> = {}) {
  renderPicker(props);
  await openPicker();
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// antd popovers are slow to render in jsdom, more so on a busy machine.
describe('MemberPicker', { timeout: 20_000 }, () => {
  it('loads nothing until first opened, then the tree and the first page of users', async () => {
    renderPicker();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(calls).toHaveLength(0);
    await openPicker();
    expect(calls.map((c) => c.path)).toContain('/system/dept/queryDeptTree');
    const first = userCalls()[0]!;
    expect(first.body.get('pageType')).toBe('1');
    expect(first.body.get('includeChildDepts')).toBe('false');
    expect(first.body.get('limit')).toBe('10');
    expect(await within(userList()).findAllByText('张三')).toBeTruthy();
  });

  it('searches by substring, full pinyin and initials', async () => {
    await showPicker();
    const box = screen.getByPlaceholderText('搜索员工（姓名或拼音）');
    for (const q of ['zs', 'zhangsan', '三', 'ZHANGS']) {
      fireEvent.change(box, { target: { value: q } });
      await waitFor(() => {
        expect(within(userList()).queryAllByText('张三').length).toBeGreaterThan(0);
        expect(within(userList()).queryAllByText('李四')).toHaveLength(0);
        expect(within(userList()).queryAllByText('总部')).toHaveLength(0);
      });
    }
    fireEvent.change(box, { target: { value: '管理' } });
    await within(userList()).findAllByText('系统管理员');
    fireEvent.change(box, { target: { value: 'xyz' } });
    await within(userList()).findAllByText('没有找到数据');
  });

  it('drills into departments by the breadcrumb and back to 全部', async () => {
    await showPicker();
    fireEvent.click(within(userList()).getByText('总部'));
    await within(userList()).findAllByText('销售部');
    expect(within(userList()).getByText('技术部')).toBeTruthy();
    await within(userList()).findAllByText('王五');
    fireEvent.click(within(userList()).getByText('销售部'));
    await within(userList()).findAllByText('李四');
    expect(within(userList()).queryAllByText('王五')).toHaveLength(0);
    expect(userCalls().at(-1)!.body.get('deptId')).toBe('2');
    fireEvent.click(screen.getAllByText('全部')[0]!);
    await waitFor(() => expect(within(userList()).getByText('总部')).toBeTruthy());
    expect(within(userList()).queryAllByText('销售部')).toHaveLength(0);
  });

  it('loads more users of a department ten at a time', async () => {
    await showPicker();
    fireEvent.click(within(userList()).getByText('总部'));
    fireEvent.click(await within(userList()).findByText('技术部'));
    await within(userList()).findAllByText('技术员10');
    expect(within(userList()).queryAllByText('技术员11')).toHaveLength(0);
    fireEvent.click(within(userList()).getByRole('button', { name: '加载更多' }));
    await within(userList()).findAllByText('技术员12');
    expect(userCalls().at(-1)!.body.get('page')).toBe('2');
  });

  it('counts selected employees and departments, and clears them', async () => {
    await showPicker();
    await within(userList()).findAllByText('张三');
    tick('张三');
    tick('李四');
    expect(within(selected()).getByText(/员工 2 人/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '部门' }));
    const deptTab = await screen.findByTestId('mp-dept-list');
    fireEvent.click(within(deptTab).getByRole('button', { name: '下级' }));
    fireEvent.click(await within(deptTab).findByRole('checkbox', { name: '技术部' }));
    expect(within(selected()).getByText(/部门 1 个/)).toBeTruthy();
    expect(within(selected()).getByText('技术部')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '员工' }));
    tick('张三'); // unticking removes
    expect(within(selected()).getByText(/员工 1 人/)).toBeTruthy();
    fireEvent.click(within(selected()).getByRole('button', { name: '清空' }));
    expect(within(selected()).getByText('员工 0 人，部门 0 个')).toBeTruthy();
  });

  it('in single mode a new tick replaces the previous one', async () => {
    const onConfirm = vi.fn();
    await showPicker({ single: true, onConfirm });
    await within(userList()).findAllByText('张三');
    tick('张三');
    tick('李四');
    expect(within(selected()).getByText(/员工 1 人/)).toBeTruthy();
    expect(within(selected()).queryAllByText('张三')).toHaveLength(0);
    expect(screen.getByRole('checkbox', { name: /张三/ })).not.toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(onConfirm).toHaveBeenCalledWith({ users: [{ userId: 4, realname: '李四', img: '' }], depts: [] });
  });

  it('confirms {users, depts}; preselects from defaultValue', async () => {
    const onConfirm = vi.fn<(v: PickerValue) => void>();
    await showPicker({ defaultValue: { users: [{ userId: 2, realname: '王五', img: '' }], depts: [] }, onConfirm });
    expect(within(selected()).getAllByText('王五').length).toBeGreaterThan(0);
    await within(userList()).findAllByText('张三');
    tick('张三');
    fireEvent.click(screen.getByRole('tab', { name: '部门' }));
    fireEvent.click(await within(screen.getByTestId('mp-dept-list')).findByRole('checkbox', { name: '总部' }));
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(onConfirm).toHaveBeenCalledWith({
      users: [
        { userId: 2, realname: '王五', img: '' },
        { userId: 3, realname: '张三', img: '' },
      ],
      depts: [{ id: 1, name: '总部' }],
    });
  });

  it('cancel closes without confirming and drops the unconfirmed ticks', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    await showPicker({ onConfirm, onCancel });
    await within(userList()).findAllByText('张三');
    tick('张三');
    fireEvent.click(screen.getByRole('button', { name: '取 消' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Pick' }));
    await waitFor(() => expect(within(selected()).getByText(/员工 0 人/)).toBeTruthy());
  });

  it('hides a tab on request', async () => {
    await showPicker({ hideDepts: true });
    expect(screen.queryByRole('tab', { name: '部门' })).toBeNull();
    expect(within(selected()).queryByText(/部门/)).toBeNull();
  });
});

describe('MemberSelect', { timeout: 20_000 }, () => {
  it('shows the chosen names as tags and changes through the picker', async () => {
    const onChange = vi.fn();
    wrap(<MemberSelect single value={[{ userId: 2, realname: '王五', img: '' }]} onChange={onChange} />);
    expect(screen.getByText('王五')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /请选择/ }));
    await within(await screen.findByTestId('mp-user-list')).findAllByText('张三');
    tick('张三');
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(onChange).toHaveBeenCalledWith([{ userId: 3, realname: '张三', img: '' }]);
  });
});
