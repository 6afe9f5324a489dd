import { buildAuthObject, isBannerLink } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import ChangeAppPage from './ChangeAppPage';
import { moved } from './order';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const row = (bannerId: number, title: string, active = true) => ({
  bannerId,
  title,
  link: '/workbench/notice',
  startTime: null,
  endTime: null,
  enabled: true,
  sort: bannerId,
  batchId: `b${bannerId}`,
  image: null,
  active,
});
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const permissions = ['oa:banner:manage'];

describe('APP首页图片', { timeout: 60_000 }, () => {
  it('lists the banners in order and moves one down with the whole new order', async () => {
    sessionStore.save({ auth: buildAuthObject(permissions) });
    const calls = fakeFetch({
      '/workbench/banner/list': [row(1, '春季护理节'), row(2, '会员日'), row(3, '下月活动', false)],
      '/workbench/banner/sort': null,
    });
    renderWithApp(<ChangeAppPage />, { permissions });
    expect(await screen.findByText('春季护理节')).toBeTruthy();
    expect(screen.getAllByText('展示中')).toHaveLength(2);
    expect(screen.getByText('未展示')).toBeTruthy();
    const downs = screen.getAllByRole('button', { name: '下移' });
    expect((downs[2] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(downs[0]!);
    await waitFor(() => expect(sent(calls, '/workbench/banner/sort')).toEqual([{ bannerIds: [2, 1, 3] }]));
  });

  it('checks the link with the shared rule before saving', async () => {
    sessionStore.save({ auth: buildAuthObject(permissions) });
    const calls = fakeFetch({ '/workbench/banner/list': [] });
    renderWithApp(<ChangeAppPage />, { permissions });
    expect(await screen.findByText('还没有首页图片')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新增图片/ }));
    fireEvent.change(await screen.findByLabelText('标题'), { target: { value: '会员日' } });
    fireEvent.change(screen.getByLabelText('链接'), { target: { value: 'http://example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('链接须为以 / 开头的应用内地址或 https:// 开头的网址')).toBeTruthy();
    expect(sent(calls, '/workbench/banner/save')).toHaveLength(0);
  });

  it('moves within bounds and accepts app paths and https addresses only', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    for (const ok of ['', '/workbench/notice?x=1', 'https://example.com', 'https://a.b.cn:8443/p?q=1#h'])
      expect([ok, isBannerLink(ok)]).toEqual([ok, true]);
    for (const bad of ['http://a.com', '//a.com', 'javascript:alert(1)', 'https://', '/a b', 'notice'])
      expect([bad, isBannerLink(bad)]).toEqual([bad, false]);
  });
});
