import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { CategoryItem } from '../api';
import { fakeFetch, renderWithApp } from '../test-utils';
import { CreateView } from './CreateView';

// The dedicated forms load on demand; here their module arrives only when the test says so.
const gate = vi.hoisted(() => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
});
vi.mock('../forms/SimpleForms', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

const general: CategoryItem = {
  categoryId: 7,
  title: '普通审批',
  icon: 1,
  remarks: '',
  type: 'general',
  examineType: 2,
  fields: [],
};

beforeEach(() => {
  fakeFetch({
    '/OaExamine/queryExamineFlowInfo': { examineType: 2, examineSteps: [], examineUser: null, examineUserName: '' },
    '/OaExamineCategory/queryExamineUsers': { examineUsers: [], ccUsers: [] },
    '/file/queryByBatchId': [],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('keeps 提交 off until the dedicated form has loaded, so a submit always checks its fields', async () => {
  renderWithApp(<CreateView open target={{ category: general }} onClose={vi.fn()} />);
  // The sheet is there (flow and presets answered), the form's own fields are not yet.
  await screen.findByText('审批信息', undefined, { timeout: 8000 });
  const submit = screen.getByTestId('examine-submit') as HTMLButtonElement;
  expect(submit.disabled).toBe(true);
  gate.open();
  // GeneralForm's 审批详情 field appears, and only then may the user submit.
  await screen.findByText('审批详情', undefined, { timeout: 8000 });
  await waitFor(() => expect((screen.getByTestId('examine-submit') as HTMLButtonElement).disabled).toBe(false));
});
