import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers, RawReply } from '@/test/answers';
import { wireDetail } from '@/test/examine';
import type { ExamineDetail, Permitted } from '../api';
import { type Call, fakeFetch, onlyComment, refuse, renderWithApp } from '../test-utils';
import { DetailDrawer } from './DetailDrawer';

const sunli = { userId: 5, realname: '孙丽', img: '', deptName: '销售一部' };
const zhaoqiang = { userId: 4, realname: '赵强', img: '', deptName: '销售一部' };

function detail(permitted: Partial<Permitted>, status = 0): ExamineDetail {
  return {
    examineId: 1,
    recordId: 11,
    categoryId: 7,
    categoryTitle: '采购申请',
    categoryType: 'custom',
    model: null,
    examineType: 1,
    icon: 5,
    fields: [
      { fieldName: 'field_1', name: '供应商', formType: 'text', isNull: 1, isUnique: 0, options: [], inputTips: '' },
    ],
    content: '供应商：成都医美',
    detail: '',
    batchId: '',
    values: { field_1: '成都医美' },
    relation: {},
    status,
    round: 1,
    createTime: '2026-11-22T03:00:00.000Z',
    submitTime: '2026-11-22T03:00:00.000Z',
    updateTime: '2026-11-22T03:00:00.000Z',
    createUser: sunli,
    checkUsers: [],
    ccUsers: [{ userId: 10, realname: '黄敏', img: '', deptName: '', read: false }],
    flow: [
      {
        stepId: 1,
        kind: 'supervisor',
        mode: 'or',
        origin: 'flow',
        isCurrent: true,
        skipped: false,
        users: [],
        tasks: [
          { seq: 1, user: zhaoqiang, status: 'pending', reason: null, remarks: null, from: null, superseded: false },
        ],
      },
      {
        stepId: 2,
        kind: 'users',
        mode: 'or',
        origin: 'flow',
        isCurrent: false,
        skipped: false,
        users: [{ userId: 8, realname: '陈静', img: '', deptName: '' }],
        tasks: [],
      },
    ],
    currentStepId: 1,
    returnableSteps: [],
    history: [
      {
        seq: 1,
        round: 1,
        stepId: null,
        kind: 'submit',
        user: sunli,
        reason: null,
        remarks: null,
        targets: [],
        status: null,
        time: '2026-11-22T03:00:00.000Z',
      },
    ],
    comments: [],
    permitted: { ...onlyComment, ...permitted },
  };
}

const actions = () => screen.getByTestId('detail-actions');
const buttonNames = () =>
  within(actions())
    .getAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));

function open(d: ExamineDetail | RawReply, extra: Answers = {}) {
  const calls = fakeFetch({ '/OaExamine/queryOaExamineInfo': 'examineId' in d ? wireDetail(d) : d, ...extra });
  const onEdit = vi.fn();
  renderWithApp(<DetailDrawer examineId={1} onClose={() => {}} onEdit={onEdit} />);
  return { calls, onEdit };
}
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DetailDrawer', { timeout: 30_000 }, () => {
  it("shows an approver's actions and nothing else; 同意 sends status 1 with the remarks", async () => {
    const { calls } = open(detail({ approve: true, reject: true, transfer: true, addApprover: true, returnTo: true }), {
      '/OaExamine/auditExamine': { status: 3 },
    });
    await screen.findByTestId('detail-header');
    expect(buttonNames()).toEqual(['打印', '退回', '加签', '转交', '拒绝', '同意']);
    expect(screen.getByText('成都医美')).toBeTruthy();
    expect(screen.getAllByText('陈静').length).toBeGreaterThan(0);
    expect(screen.getByText('未读')).toBeTruthy();

    fireEvent.click(within(actions()).getByText(/^同\s?意$/));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal')!);
    expect(within(dialog).queryByText('下一审批人')).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '同意采购' } });
    fireEvent.click(
      within(dialog)
        .getAllByText(/^同\s?意$/)
        .at(-1)!,
    );
    await waitFor(() => expect(sent(calls, '/OaExamine/auditExamine')).toHaveLength(1));
    expect(sent(calls, '/OaExamine/auditExamine')[0]!.body).toEqual({
      recordId: '11',
      status: '1',
      remarks: '同意采购',
    });
    // The detail is fetched again after the action.
    await waitFor(() => expect(sent(calls, '/OaExamine/queryOaExamineInfo').length).toBeGreaterThan(1));
  });

  it('requires remarks to reject (拒绝时请填写审批意见) before calling the server', async () => {
    const { calls } = open(detail({ approve: true, reject: true }));
    await screen.findByTestId('detail-header');
    fireEvent.click(within(actions()).getByText(/^拒\s?绝$/));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal')!);
    fireEvent.click(
      within(dialog)
        .getAllByText(/^拒\s?绝$/)
        .at(-1)!,
    );
    expect(await within(dialog).findByText('拒绝时请填写审批意见')).toBeTruthy();
    expect(sent(calls, '/OaExamine/auditExamine')).toHaveLength(0);
  });

  it('offers the next approver in chosen flows', async () => {
    open(detail({ approve: true, reject: true, chooseNext: true }));
    await screen.findByTestId('detail-header');
    fireEvent.click(within(actions()).getByText(/^同\s?意$/));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal')!);
    expect(within(dialog).getByText('下一审批人')).toBeTruthy();
  });

  it("shows the applicant's actions on a live approval: 催办 and 撤回", async () => {
    const { calls } = open(detail({ withdraw: true, urge: true }), { '/OaExamine/urge': null });
    await screen.findByTestId('detail-header');
    expect(buttonNames()).toEqual(['打印', '催办', '撤回']);
    fireEvent.click(within(actions()).getByText(/^催\s?办$/));
    await waitFor(() => expect(sent(calls, '/OaExamine/urge')[0]?.body).toEqual({ recordId: '11' }));
    expect(await screen.findByText('催办成功，已提醒当前审批人')).toBeTruthy();
  });

  it('offers 立即修改 and 删除 on a rejected approval of mine', async () => {
    const d = detail({ edit: true, delete: true }, 2);
    const { onEdit } = open(d);
    await screen.findByTestId('detail-header');
    expect(buttonNames()).toEqual(['打印', '删除', '立即修改']);
    fireEvent.click(within(actions()).getByText('立即修改'));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ examineId: 1 }));
  });

  it('shows 无权访问 to someone outside the approval', async () => {
    open(refuse(403, '无权访问'));
    expect(await screen.findByText('无权访问')).toBeTruthy();
    expect(screen.queryByTestId('detail-actions')).toBeNull();
  });
});
