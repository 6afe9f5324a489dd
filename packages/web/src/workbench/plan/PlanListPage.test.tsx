import type { PlanDocDetail, PlanDocRow } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../examine/test-utils';
import PlanEditorPage from './PlanEditorPage';
import PlanListPage from './PlanListPage';

const creator = { userId: 5, realname: '孙丽', img: '', deptName: '销售一部' };
const row = (planId: number, extra: Partial<PlanDocRow> = {}): PlanDocRow => ({
  planId,
  title: '双十二活动策划',
  preview: '目标 到店客户 300 人',
  createUserId: 5,
  creator,
  createTime: '2026-11-22T03:00:00.000Z',
  updateTime: '2026-11-23T03:00:00.000Z',
  sharedCount: 1,
  ...extra,
});
const detail = (planId: number, extra: Partial<PlanDocDetail> = {}): PlanDocDetail => ({
  ...row(planId),
  content: '<h2>目标</h2><p>到店客户 300 人</p>',
  batchId: 'b1',
  sharedUsers: [{ userId: 9, realname: '陈静', img: '', deptName: '财务部' }],
  permitted: { update: true, delete: true },
  ...extra,
});
const page = (list: PlanDocRow[]) => ({ list, totalRow: list.length, page: 1, limit: 10 });
const perms = { permissions: ['oa:plan:use'] };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PlanListPage (rich-list)', { timeout: 60_000 }, () => {
  it('lists the documents by tab and search, and opens one with edit and delete for its author', async () => {
    const calls = fakeFetch({
      '/OaPlan/queryPlanList': (body: Record<string, unknown>) =>
        page(body.type === '3' ? [] : [row(1), row(2, { title: '门店开业方案', sharedCount: 0 })]),
      '/OaPlan/queryPlanInfo': detail(1),
    });
    renderWithApp(<PlanListPage />, perms);
    expect(await screen.findByText('门店开业方案')).toBeTruthy();
    expect(screen.getByText(/共享 1 人/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/OaPlan/queryPlanList')!.body).toMatchObject({ type: '1', page: '1' });

    fireEvent.click(screen.getByRole('tab', { name: '共享给我的' }));
    expect(await screen.findByText('暂无策划方案')).toBeTruthy();
    expect(calls.at(-1)!.body).toMatchObject({ type: '3' });

    const search = screen.getByPlaceholderText('搜索方案标题或作者');
    fireEvent.change(search, { target: { value: '开业' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ type: '3', search: '开业' }));

    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    fireEvent.click(await screen.findByTestId('plan-row-1'));
    const drawer = await screen.findByTestId('plan-detail');
    expect(within(drawer).getByText('到店客户 300 人')).toBeTruthy();
    expect(within(drawer).getAllByText(/陈静/).length).toBeGreaterThan(0);
    expect(screen.getByTestId('plan-edit')).toBeTruthy();
    expect(screen.getByTestId('plan-delete')).toBeTruthy();
  });

  it('offers a reader who is not the author neither edit nor delete', async () => {
    fakeFetch({
      '/OaPlan/queryPlanList': page([row(1)]),
      '/OaPlan/queryPlanInfo': detail(1, { permitted: { update: false, delete: false } }),
    });
    renderWithApp(<PlanListPage />, { ...perms, route: '/?planId=1' });
    await screen.findByTestId('plan-detail');
    expect(screen.queryByTestId('plan-edit')).toBeNull();
    expect(screen.queryByTestId('plan-delete')).toBeNull();
  });
});

describe('PlanEditorPage (rich-text)', { timeout: 60_000 }, () => {
  it('asks for a title before it saves', async () => {
    const calls = fakeFetch({});
    renderWithApp(<PlanEditorPage />, perms);
    fireEvent.click(await screen.findByTestId('plan-save'));
    expect(await screen.findByText('请输入方案标题')).toBeTruthy();
    expect(calls.some((c) => c.path === '/OaPlan/savePlan')).toBe(false);
  });

  it('refuses to open a document the viewer may not edit', async () => {
    fakeFetch({ '/OaPlan/queryPlanInfo': detail(1, { permitted: { update: false, delete: false } }) });
    renderWithApp(<PlanEditorPage />, { ...perms, route: '/?planId=1' });
    expect(await screen.findByText('方案不存在或已被删除')).toBeTruthy();
    expect(screen.queryByTestId('plan-form')).toBeNull();
  });
});
