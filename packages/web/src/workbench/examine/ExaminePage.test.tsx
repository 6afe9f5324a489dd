import type { CategoryItem, ExamineListRow } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wirePage } from '@/test/examine';
import ExaminePage from './ExaminePage';
import { fakeFetch, renderWithApp } from './test-utils';

const row = (examineId: number, content: string): ExamineListRow => ({
  examineId,
  recordId: examineId,
  categoryId: 7,
  categoryTitle: '用车申请',
  icon: 5,
  content,
  status: 0,
  createTime: '2026-11-22T03:00:00.000Z',
  updateTime: '2026-11-22T03:00:00.000Z',
  submitTime: '2026-11-22T03:00:00.000Z',
  createUserId: 5,
  createUserName: '孙丽',
  createUserImg: '',
  currentApprovers: '赵强',
  urgedTime: null,
  read: null,
});
const category: CategoryItem = {
  categoryId: 7,
  title: '用车申请',
  icon: 5,
  remarks: '',
  type: 'custom',
  examineType: 1,
  fields: [
    { fieldName: 'field_1', name: '事由', formType: 'text', isNull: 0, isUnique: 0, options: [], inputTips: '' },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ExaminePage', { timeout: 60_000 }, () => {
  it('after a submit shows 我发起的, unfiltered, with the new approval at the top', async () => {
    let saved = false;
    const calls = fakeFetch({
      '/OaExamine/queryExamineCounts': { initiate: 1, waiting: 0, handled: 0, copied: 0, copiedUnread: 0 },
      '/OaExamine/myOaExamine': wirePage([]),
      '/OaExamine/myInitiate': () =>
        wirePage(saved ? [row(9, '事由：去机场接客户'), row(3, '事由：旧的')] : [row(3, '事由：旧的')]),
      '/OaExamineCategory/queryCategoryGroups': [{ className: '行政', list: [category] }],
      '/OaExamine/queryExamineFlowInfo': {
        examineType: 1,
        examineSteps: [{ stepType: 1, userList: [] }],
        examineUser: null,
        examineUserName: '',
      },
      '/OaExamineCategory/queryExamineUsers': { examineUsers: [], ccUsers: [] },
      '/OaExamine/setOaExamine': () => {
        saved = true;
        return { examineId: 9, recordId: 9, status: 0 };
      },
    });
    renderWithApp(<ExaminePage />, { route: '/workbench/examine?tab=waiting' });
    const activeTab = () =>
      document.querySelector('.ant-tabs-tab-active [data-testid^="tab-"]')?.getAttribute('data-testid');
    expect(await screen.findByText('太棒了，没有待你审批的事项')).toBeTruthy();
    expect(activeTab()).toBe('tab-waiting');
    // A search the applicant typed before would hide the new approval: it is cleared.
    fireEvent.change(screen.getByPlaceholderText('搜索审批内容'), { target: { value: '报销' } });
    fireEvent.keyDown(screen.getByPlaceholderText('搜索审批内容'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.some((c) => c.body.search === '报销')).toBe(true));

    fireEvent.click(screen.getByText('发起审批'));
    fireEvent.click(await screen.findByText('用车申请'));
    fireEvent.change(await screen.findByPlaceholderText('请输入事由'), { target: { value: '去机场接客户' } });
    const submit = screen.getByTestId('examine-submit');
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit);

    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/OaExamine/setOaExamine'), { timeout: 10_000 });
    await waitFor(() => expect(activeTab()).toBe('tab-initiate'), { timeout: 10_000 });
    await waitFor(() => expect(screen.getAllByTestId('examine-row')).toHaveLength(2));
    expect(within(screen.getAllByTestId('examine-row')[0]!).getByText('事由：去机场接客户')).toBeTruthy();
    const last = calls.filter((c) => c.path === '/OaExamine/myInitiate').at(-1)!;
    expect(last.body.search).toBeUndefined();
    expect(String(last.body.page)).toBe('1');
  });
});
