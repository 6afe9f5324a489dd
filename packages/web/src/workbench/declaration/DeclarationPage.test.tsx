import type { DeclMyRow, DeclTaskDetail } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../examine/test-utils';
import DeclarationPage from './DeclarationPage';

const mine: DeclMyRow = {
  taskId: 5,
  title: '月度人员申报',
  deadline: '2026-11-30 18:00:00',
  overdue: false,
  myStatus: 0,
  submissionId: null,
  auditReason: '',
  submitTime: null,
  createUserName: '王建国',
};
const task: DeclTaskDetail = {
  taskId: 5,
  title: '月度人员申报',
  description: '如实填写',
  deadline: '2026-11-30 18:00:00',
  overdue: false,
  assignedCount: 4,
  submittedCount: 0,
  waitCount: 0,
  createUserId: 2,
  createUserName: '王建国',
  createTime: '2026-11-20 09:00:00',
  fields: [
    {
      fieldId: 1,
      fieldName: 'field_1',
      name: '在岗人数',
      formType: 'number',
      isNull: 1,
      isUnique: 0,
      options: [],
      inputTips: '',
    },
  ],
  depts: [],
  users: [],
  fieldsFixed: false,
  canAudit: false,
  mine: null,
};
const page = <T,>(list: T[]) => ({ list, totalRow: list.length, page: 1, limit: 10 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DeclarationPage (/workbench/declaration)', { timeout: 60_000 }, () => {
  it('lets an assignee fill in a form: the required field first, then one submit', async () => {
    const calls = fakeFetch({
      '/api/declaration/queryMyDeclarationForm': page([mine]),
      '/task/queryTaskById': task,
      '/api/declaration/submitForm': { submissionId: 9 },
    });
    renderWithApp(<DeclarationPage />, { permissions: ['oa:declaration:fill'] });
    expect(await screen.findByText('月度人员申报')).toBeTruthy();
    // A filler sees neither the tasks nor the audit tab.
    expect(screen.queryByRole('tab', { name: '申报任务' })).toBeNull();
    expect(screen.queryByRole('tab', { name: '待审核' })).toBeNull();
    fireEvent.click(screen.getByTestId('decl-open-5'));
    const form = await screen.findByTestId('decl-fill-form');
    fireEvent.click(screen.getByTestId('decl-submit'));
    expect(await within(form).findByText('在岗人数不能为空')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/declaration/submitForm')).toBe(false);
    fireEvent.change(within(form).getByLabelText('在岗人数'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('decl-submit'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/declaration/submitForm')).toHaveLength(1));
    const body = calls.find((c) => c.path === '/api/declaration/submitForm')!.body as {
      taskId: number;
      values: Record<string, unknown>;
    };
    expect(body.taskId).toBe(5);
    expect(String(body.values.field_1)).toBe('7');
  });
});
