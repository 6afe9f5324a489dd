import type { FlowInfo, RecordKind } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryFieldsOf } from '@/test/crm-records';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import type { CrmKind } from '../types';
import { RecordFormOverlay } from './RecordFormOverlay';
import { sampleKind } from './test-support';

configure({ asyncUtilTimeout: 15_000 });

/**
 * The generic form of a kind reviewed on the approval engine (issue 27): a kind that exists only
 * here declares `review`, and the form gets the review block — 审核信息 with the flow, 保存草稿
 * and 提交审核 — with nothing else written for it.
 */
const entry = (descriptor: RecordKind): CrmKind => ({ descriptor, prefix: 'CrmSample', path: 'sample' });

const chosenFlow: FlowInfo = { examineType: 2, examineSteps: [], examineUser: null, examineUserName: '' };
const fixedFlow: FlowInfo = {
  examineType: 1,
  examineSteps: [{ stepType: 1, userList: [{ userId: 3, realname: '赵强' }] }],
  examineUser: null,
  examineUserName: '',
};

function open(descriptor: RecordKind, flow: FlowInfo) {
  const saved: Record<string, unknown>[] = [];
  const calls = fakeFetch({
    '/field/queryField': queryFieldsOf(descriptor),
    '/OaExamine/queryExamineFlowInfo': flow,
    '/CrmSample/addOrUpdate': (body: Record<string, unknown>) => {
      saved.push(body);
      return { id: 5 };
    },
  });
  renderWithApp(<RecordFormOverlay kind={entry(descriptor)} open onClose={() => {}} onSaved={() => {}} />, {
    permissions: ['crm:customer:save'],
  });
  return { saved, calls };
}
const fillName = async (name: string) =>
  fireEvent.change(await screen.findByLabelText('样品名称'), { target: { value: name } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the generic form of a reviewed kind', { timeout: 60_000 }, () => {
  it('asks a chosen flow for its approver on submit, and saves a draft without one', async () => {
    const { saved, calls } = open(sampleKind, chosenFlow);
    await fillName('草稿样品');
    expect(await screen.findByTestId('review-chosen')).toBeTruthy();
    expect(calls.find((c) => c.path === '/OaExamine/queryExamineFlowInfo')?.body).toMatchObject({ categoryType: '97' });
    fireEvent.click(screen.getByTestId('record-save'));
    expect(await screen.findByText('请选择审批人')).toBeTruthy();
    expect(saved).toHaveLength(0);
    fireEvent.click(screen.getByTestId('save-draft'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ entity: { sampleName: '草稿样品', checkStatus: 5 } });
    expect(saved[0]).not.toHaveProperty('checkUserId');
  });

  it('shows a fixed flow’s steps and submits for review as it is', async () => {
    const { saved } = open(sampleKind, fixedFlow);
    await fillName('待审样品');
    expect((await screen.findByTestId('review-fixed')).textContent).toContain('赵强');
    expect(screen.getByTestId('record-save').textContent).toContain('提交审核');
    fireEvent.click(screen.getByTestId('record-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.entity).not.toHaveProperty('checkStatus');
  });

  it('keeps a kind without `review` to its plain 保存', async () => {
    const { review: _review, ...plain } = sampleKind;
    const { calls } = open(plain, fixedFlow);
    await fillName('普通样品');
    expect(screen.queryByTestId('save-draft')).toBeNull();
    expect(screen.queryByText('审核信息')).toBeNull();
    expect(screen.getByTestId('record-save').textContent).toContain('保');
    expect(calls.some((c) => c.path === '/OaExamine/queryExamineFlowInfo')).toBe(false);
  });
});
