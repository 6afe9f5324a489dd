import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import type { CheckPlanDetail, CheckResult } from './api';
import { ItemCard } from './ItemCard';
import { SubmitDialog } from './SubmitDialog';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const button = (name: RegExp) => [...document.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;

const item: CheckResult = {
  resultId: 31,
  section: '服务规范',
  title: '着装统一',
  maxScore: 10,
  photoRequired: false,
  score: null,
  passed: null,
  note: '',
  batchId: '',
  photos: [],
  task: null,
};

describe('督导检查 items', { timeout: 60_000 }, () => {
  it('the inspector records a failed item with its score, note and its own photo batch', async () => {
    const calls = fakeFetch({ '/OaCheck/recordItem': null });
    renderWithApp(<ItemCard planId={7} result={item} editable />);
    fireEvent.click(screen.getByLabelText('不合格'));
    fireEvent.change(screen.getByLabelText('得分'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('检查说明'), { target: { value: '两名员工未穿工服' } });
    fireEvent.click(button(/保存此项/));
    await waitFor(() => expect(sent(calls, '/OaCheck/recordItem')).toHaveLength(1));
    const [body] = sent(calls, '/OaCheck/recordItem');
    expect(body).toMatchObject({ planId: 7, resultId: 31, score: 3, passed: false, note: '两名员工未穿工服' });
    expect(String(body!.batchId)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('everyone else reads the result and its rectification task', () => {
    fakeFetch({});
    renderWithApp(
      <ItemCard
        planId={7}
        result={{
          ...item,
          score: 3,
          passed: false,
          note: '两名员工未穿工服',
          task: { taskId: 5, ownerName: '张雨', status: 1, dueTime: '2026-12-05 23:59:00' },
        }}
        editable={false}
      />,
    );
    expect(screen.getByText('不合格')).toBeTruthy();
    expect(screen.getByText('两名员工未穿工服')).toBeTruthy();
    expect(screen.getByText(/整改任务：张雨/)).toBeTruthy();
    expect(screen.getByText('整改中')).toBeTruthy();
    expect(screen.queryByText('保存此项')).toBeNull();
  });
});

describe('督导检查 submit', { timeout: 60_000 }, () => {
  it('asks for the person responsible and the deadline of each failed item before it sends anything', async () => {
    const calls = fakeFetch({ '/OaCheck/submitPlan': { totalScore: 31, taskIds: [5] } });
    const plan = { planId: 7, results: [{ ...item, score: 3, passed: false }] } as unknown as CheckPlanDetail;
    renderWithApp(<SubmitDialog plan={plan} onClose={() => {}} />);
    expect(screen.getByText('服务规范 · 着装统一')).toBeTruthy();
    fireEvent.click(button(/提交检查/));
    expect(await screen.findByText('负责人', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(sent(calls, '/OaCheck/submitPlan')).toHaveLength(0);
  });
});
