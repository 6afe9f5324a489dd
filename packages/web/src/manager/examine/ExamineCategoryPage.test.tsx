import { buildAuthObject } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import type { AdminCategory } from './api';
import ExamineCategoryPage from './ExamineCategoryPage';

const general: AdminCategory = {
  categoryId: 1,
  title: '普通审批',
  className: '通用',
  icon: 1,
  type: 'general',
  isSystem: true,
  remarks: '',
  status: 1,
  sort: 0,
  examineType: 2,
  steps: [],
  examineUsers: [],
  ccUsers: [],
  visibleUsers: [],
  visibleDeptIds: [],
  fields: [],
  createTime: '2026-11-01T00:00:00.000Z',
  updateTime: '2026-11-01T00:00:00.000Z',
};
const purchase: AdminCategory = {
  ...general,
  categoryId: 7,
  title: '采购申请',
  className: '行政',
  icon: 5,
  type: 'custom',
  isSystem: false,
  sort: 1,
  examineType: 1,
  steps: [
    { stepType: 1, userList: [] },
    {
      stepType: 2,
      userList: [
        { userId: 8, realname: '陈静' },
        { userId: 9, realname: '刘洋' },
      ],
    },
  ],
};

let calls: Call[];
beforeEach(() => {
  sessionStore.save({ auth: buildAuthObject(['manage:backstage:look', 'manage:oa:examine']) });
  calls = fakeFetch({
    '/OaExamineCategory/queryExamineCategoryList': { list: [general, purchase], totalRow: 2, page: 1, limit: 1000 },
    '/OaExamineCategory/setExamineCategory': { categoryId: 9 },
    '/OaExamineCategory/updateSort': null,
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-section')!;
const save = () => fireEvent.click(within(drawer()).getByText(/^保\s?存$/));

describe('审批管理', { timeout: 60_000 }, () => {
  it('lists the categories with their flow; system ones cannot be deleted; rows move up and down', async () => {
    renderWithApp(<ExamineCategoryPage />);
    const row = (await screen.findByText('采购申请')).closest('tr')!;
    expect(within(row).getByText('主管审批')).toBeTruthy();
    expect(within(row).getByText(/陈静、刘洋/)).toBeTruthy();
    expect(within(row).getByText('删除')).toBeTruthy();
    const system = screen.getByText('普通审批').closest('tr')!;
    expect(within(system).getByText('系统')).toBeTruthy();
    expect(within(system).queryByText('删除')).toBeNull();

    fireEvent.click(within(row).getByLabelText('上移'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/OaExamineCategory/updateSort')?.body).toEqual({ categoryIds: [7, 1] }),
    );
  });

  it('creates a category: the name is required, 或签 steps need people, then saves the flow as JSON', async () => {
    renderWithApp(<ExamineCategoryPage />);
    await screen.findByText('采购申请');
    fireEvent.click(screen.getByRole('button', { name: /新建审批类型/ }));
    await waitFor(() => expect(drawer()).toBeTruthy());
    save();
    expect(await within(drawer()).findByText('请输入审批类型名称')).toBeTruthy();

    fireEvent.change(within(drawer()).getByLabelText('审批类型名称'), { target: { value: '用车申请' } });
    // Turn the default 主管审批 step into 或签 without people.
    fireEvent.mouseDown(within(drawer()).getByTestId('flow-step').querySelector('.ant-select-selector, .ant-select')!);
    fireEvent.click(await screen.findByTitle('或签'));
    save();
    expect(await within(drawer()).findByText('请为或签/会签节点选择审批人')).toBeTruthy();
    expect(calls.some((c) => c.path === '/OaExamineCategory/setExamineCategory')).toBe(false);

    fireEvent.click(within(drawer()).getByText('授权审批人'));
    save();
    await waitFor(() => expect(calls.some((c) => c.path === '/OaExamineCategory/setExamineCategory')).toBe(true));
    expect(calls.find((c) => c.path === '/OaExamineCategory/setExamineCategory')!.body).toMatchObject({
      title: '用车申请',
      icon: 1,
      status: 1,
      examineType: 2,
      steps: [],
      examineUserIds: [],
      ccUserIds: [],
      visibleUserIds: [],
      visibleDeptIds: [],
    });
  });
});
