import { buildAuthObject } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApplicationOn } from '@/shell/applications';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import ApplicationPage from './ApplicationPage';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const rows = (biOn: boolean) => [
  { key: 'bi', title: '数据统计', titleEn: 'Statistics', enabled: biOn },
  { key: 'chat', title: '聊天', titleEn: 'Chat', enabled: true },
];

describe('系统管理 › 应用管理', { timeout: 60_000 }, () => {
  it('switches an application off and shows its new state', async () => {
    const calls = fakeFetch({ '/system/application/list': rows(true), '/system/application/switch': rows(false) });
    renderWithApp(<ApplicationPage />, { permissions: ['manage:backstage:look', 'manage:application:update'] });
    const bi = await screen.findByRole('switch', { name: '数据统计' });
    expect(bi.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(bi);
    await waitFor(() => expect(sent(calls, '/system/application/switch')).toEqual([{ key: 'bi', enabled: 'false' }]));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: '数据统计' }).getAttribute('aria-checked')).toBe('false'),
    );
    expect(await screen.findByText('已停用“数据统计”')).toBeTruthy();
  });
});

describe('the shell’s application filter', () => {
  it('reads the switched-off applications from the auth object', () => {
    expect(isApplicationOn(buildAuthObject(['oa:task:use']), 'chat')).toBe(true);
    expect(isApplicationOn(buildAuthObject(['oa:task:use', 'appOff:chat']), 'chat')).toBe(false);
    expect(isApplicationOn(buildAuthObject(['appOff:bi']), 'chat')).toBe(true);
    expect(isApplicationOn(null, 'chat')).toBe(false);
  });
});
