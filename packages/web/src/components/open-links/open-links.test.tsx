import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openToken } from '@/shell/open/open-call';
import { openRoutes } from '@/shell/open/open-routes';
import { OPEN_PATHS } from '@/shell/paths';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { OpenLinkManager } from './OpenLinkManager';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = {
  linkId: 4,
  purpose: 'largeScreen',
  label: '大厅屏',
  subject: { storeId: 2 },
  status: 1,
  useCount: 3,
  maxUses: null,
  createdBy: '系统管理员',
  createTime: '2026-11-20 10:00:00',
  expireTime: '2026-12-20 10:00:00',
  lastUsedTime: null,
};
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const button = (name: RegExp) => [...document.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;

describe('open links', { timeout: 60_000 }, () => {
  it('lists a purpose’s links, makes one and shows its address once', async () => {
    const token = 'a'.repeat(32);
    const calls = fakeFetch({
      '/test/link/list': { list: [row], totalRow: 1, page: 1, limit: 10 },
      '/test/link/create': { linkId: 5, token, path: `/largeScreen?token=${token}`, expireTime: '2026-12-26 10:00:00' },
    });
    renderWithApp(
      <OpenLinkManager
        base="/test/link"
        maxDays={90}
        subjectColumn={{ title: '门店', render: (s) => `门店${String(s.storeId)}` }}
      />,
    );
    expect(await screen.findByText('大厅屏')).toBeTruthy();
    expect(screen.getByText('门店2')).toBeTruthy();
    expect(screen.getByText('3 / 不限')).toBeTruthy();
    fireEvent.click(button(/新建链接/));
    fireEvent.change(await screen.findByLabelText('链接名称'), { target: { value: '二号屏' } });
    fireEvent.click(button(/确\s*定|OK/));
    await waitFor(() => expect(sent(calls, '/test/link/create')).toHaveLength(1));
    expect(sent(calls, '/test/link/create')[0]).toMatchObject({ label: '二号屏', days: 30 });
    expect((await screen.findByTestId('open-link-url')).textContent).toContain(`/largeScreen?token=${token}`);
  });

  it('reads the token from the address; every built open page is an open path', () => {
    expect(openToken('?token=abc&x=1')).toBe('abc');
    expect(openToken('')).toBe('');
    for (const r of openRoutes) expect(OPEN_PATHS).toContain(r.path);
  });
});
