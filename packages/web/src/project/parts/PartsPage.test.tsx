import { buildAuthObject } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import PartsPage from './PartsPage';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const tree = [
  {
    partId: 1,
    name: '面部',
    pid: null,
    sort: 0,
    children: [{ partId: 2, name: '鼻部', pid: 1, sort: 0, children: [] }],
  },
];
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

function open(permissions: string[]) {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const calls = fakeFetch({ '/api/projectPart/queryTree': tree, '/api/projectPart/save': { partId: 3 } });
  renderWithApp(<PartsPage />, { permissions });
  return calls;
}

describe('配置 › 部位', { timeout: 60_000 }, () => {
  it('shows the tree and adds a sub-part under the chosen part', async () => {
    const calls = open(['project:partConfig:read', 'project:partConfig:update']);
    expect(await screen.findByText('鼻部')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /添加子部位/ })[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入部位名称')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('部位名称'), { target: { value: '耳部' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent(calls, '/api/projectPart/save')).toHaveLength(1));
    expect(sent(calls, '/api/projectPart/save')[0]).toMatchObject({ name: '耳部' });
    expect(String(sent(calls, '/api/projectPart/save')[0]!.pid)).toBe('1');
  });

  it('offers no editing to a reader', async () => {
    open(['project:partConfig:read']);
    expect(await screen.findByText('鼻部')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新建部位/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /添加子部位/ })).toBeNull();
  });
});
