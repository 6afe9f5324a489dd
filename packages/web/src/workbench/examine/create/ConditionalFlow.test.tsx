import type { FlowInfo } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SentBody } from '@/test/answers';
import type { CategoryItem, ExamineDetail } from '../api';
import { type Call, fakeFetch, renderWithApp } from '../test-utils';
import { CreateView } from './CreateView';

const purchase: CategoryItem = {
  categoryId: 9,
  title: '采购申请',
  icon: 2,
  remarks: '',
  type: 'custom',
  examineType: 1,
  fields: [
    {
      fieldId: 1,
      fieldName: 'field_1',
      name: '金额',
      formType: 'floatnumber',
      isNull: 0,
      isUnique: 0,
      options: [],
      sorting: 0,
    } as unknown as CategoryItem['fields'][number],
  ],
};
const chenjing = { userId: 8, realname: '陈静' };
const finance = { fact: 'field_1', op: 'gt' as const, value: 5000, factLabel: '金额' };

/** The server's answer: the finance step applies above 5,000 (or when the amount is empty). */
function flowAnswer(body: SentBody): FlowInfo {
  const field = body.field as { fieldName: string; value: unknown }[] | undefined;
  const money = field?.find((f) => f.fieldName === 'field_1')?.value;
  const applies = money === undefined || money === '' || money === null ? true : Number(money) > 5000;
  return {
    examineType: 1,
    examineSteps: [
      { stepType: 1, userList: [] },
      { stepType: 2, userList: [chenjing], condition: finance, ...(field ? { applies } : {}) },
    ],
    examineUser: null,
    examineUserName: '',
  };
}

let calls: Call[];
const previews = () => calls.filter((c) => c.path === '/OaExamine/queryExamineFlowInfo' && c.body.field);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(target: { category: CategoryItem; editing?: ExamineDetail }) {
  calls = fakeFetch({
    '/OaExamine/queryExamineFlowInfo': flowAnswer,
    '/OaExamineCategory/queryExamineUsers': { examineUsers: [], ccUsers: [] },
    '/file/queryByBatchId': [],
  });
  renderWithApp(<CreateView open target={target} onClose={() => {}} />);
}

describe('the flow preview follows the form (conditional steps)', () => {
  it('says the condition and re-computes, debounced, as the amount changes', async () => {
    open({ category: purchase });
    expect(await screen.findByText('仅当 金额 大于 5000 时', {}, { timeout: 8000 })).toBeTruthy();
    const amount = document.querySelector<HTMLInputElement>('#examine-create_values_field_1')!;
    fireEvent.change(amount, { target: { value: '800' } });
    await waitFor(() => expect(screen.getByTestId('flow-preview-skipped')).toBeTruthy(), { timeout: 5000 });
    expect(previews().at(-1)!.body.field).toEqual([{ fieldName: 'field_1', value: '800' }]);
    const sentFor800 = previews().length;
    fireEvent.change(amount, { target: { value: '8000' } });
    fireEvent.change(amount, { target: { value: '9000' } });
    await waitFor(() => expect(screen.queryByTestId('flow-preview-skipped')).toBeNull(), { timeout: 5000 });
    // two quick changes, one request: the preview waits for the typing to stop
    expect(previews().length).toBe(sentFor800 + 1);
    expect(previews().at(-1)!.body.field).toEqual([{ fieldName: 'field_1', value: '9000' }]);
  }, 30_000);
});

const zhaoqiang = { userId: 4, realname: '赵强', img: '', deptName: '销售一部' };
const sunli = { userId: 5, realname: '孙丽', img: '', deptName: '销售一部' };
const entry = (seq: number, kind: string, user: typeof sunli, remarks: string | null, time: string) => ({
  seq,
  round: 1,
  stepId: kind === 'submit' ? null : 1,
  kind,
  user,
  reason: null,
  remarks,
  targets: [],
  status: null,
  time,
});
const sentBack = (status: 2 | 5, kind: 'reject' | 'return') =>
  ({
    examineId: 3,
    recordId: 11,
    categoryId: 9,
    status,
    round: 1,
    batchId: 'b-3',
    content: '',
    detail: '',
    values: { field_1: '8000' },
    checkUsers: [],
    ccUsers: [],
    history: [
      entry(1, 'submit', sunli, null, '2026-11-20 09:00:00'),
      entry(2, kind, zhaoqiang, '请附报价单', '2026-11-21 10:30:00'),
    ],
  }) as unknown as ExamineDetail;

describe('editing a rejected or returned approval', () => {
  it.each([
    [2 as const, 'reject' as const, '赵强 于 {time} 拒绝了这条审批'],
    [5 as const, 'return' as const, '赵强 于 {time} 将这条审批退回给你修改'],
  ])(
    'status %i shows who sent it back, when and why',
    async (status, kind, text) => {
      open({ category: purchase, editing: sentBack(status, kind) });
      const notice = await screen.findByTestId('sent-back-notice', {}, { timeout: 8000 });
      // the time on the company's clock, as the API answers it
      expect(notice.textContent).toContain(text.replace('{time}', '2026-11-21 10:30'));
      expect(notice.textContent).toContain('理由：请附报价单');
    },
    30_000,
  );

  it('a withdrawn approval being edited shows no such notice', async () => {
    open({ category: purchase, editing: { ...sentBack(2, 'reject'), status: 4 } });
    await screen.findByTestId('flow-preview', {}, { timeout: 8000 });
    expect(screen.queryByTestId('sent-back-notice')).toBeNull();
  }, 30_000);
});
