import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CategoryItem, FlowInfo } from '../api';
import type { CreateValues } from '../create/body';
import { CreateForm } from '../create/CreateForm';
import { fakeFetch, renderWithApp } from '../test-utils';
import { dedicatedForm } from './registry';

const category = (type: string, title: string): CategoryItem => ({
  categoryId: 9,
  title,
  icon: 2,
  remarks: '',
  type,
  examineType: 2,
  fields: [],
});
const chosen: FlowInfo = { examineType: 2, examineSteps: [], examineUser: null, examineUserName: '' };

function Harness({ item, model }: { item: CategoryItem; model?: unknown }) {
  const [form] = Form.useForm<CreateValues>();
  return (
    <>
      <CreateForm form={form} category={item} batchId="b1" flow={chosen} />
      <Button onClick={() => form.setFieldsValue({ model: model ?? dedicatedForm(item.type)!.empty() })}>fill</Button>
      <Button onClick={() => form.validateFields().catch(() => {})}>check</Button>
    </>
  );
}

beforeEach(() => {
  fakeFetch({
    '/OaExamine/queryLeaveTypeSelect': [
      { id: 1, name: '年假' },
      { id: 2, name: '事假' },
    ],
    '/OaExamine/queryLeaveBalance': [{ leaveType: 1, name: '年假', used: 3, allowance: 5 }],
    '/OaExamine/queryHandoverUserList': [],
    '/OaExamineBankLabel/queryListByUserId': [],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the leave form', { timeout: 30_000 }, () => {
  it('shows this year’s balance and recomputes the duration whenever a date changes', async () => {
    renderWithApp(
      <Harness item={category('leave', '请假')} model={{ startTime: '2030-05-01', endTime: '2030-05-03' }} />,
    );
    expect(await screen.findByText('今年：年假 已用 3 / 5 天', {}, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(screen.getByText('fill'));
    const duration = screen.getByTestId('leave-duration') as HTMLInputElement;
    await waitFor(() => expect(duration.value).toBe('3'));
  });

  it('asks for each field with the shared schema’s words', async () => {
    renderWithApp(<Harness item={category('leave', '请假')} />);
    await screen.findByTestId('leave-duration', {}, { timeout: 8000 });
    fireEvent.click(screen.getByText('check'));
    for (const msg of [
      '请选择请假类型',
      '请输入审批内容',
      '请选择开始时间',
      '请选择结束时间',
      '请假时长不能为空',
      '请选择工作交接人',
    ])
      expect(await screen.findByText(msg, {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('the expense form', { timeout: 30_000 }, () => {
  it('lays out a travel line, totals the lines in yuan and capital numerals, and deletes a line (删除明细成功)', async () => {
    const line = { vehicle: '高铁', endAddress: '上海', startTime: '', endTime: '', description: '' };
    renderWithApp(
      <Harness
        item={category('travel', '差旅报销')}
        model={[
          { ...line, money: '1000' },
          { ...line, money: '234.5' },
        ]}
      />,
    );
    await screen.findByTestId('expense-lines', {}, { timeout: 8000 });
    fireEvent.click(screen.getByText('fill'));
    await waitFor(() => expect(screen.getAllByTestId('expense-line')).toHaveLength(2));
    expect(within(screen.getAllByTestId('expense-line')[0]!).getByLabelText('目的地')).toBeTruthy();
    expect(screen.getByTestId('expense-total').textContent).toBe('合计：¥1,234.50大写：壹仟贰佰叁拾肆元伍角');
    // The first line cannot be deleted; the second can.
    expect(within(screen.getAllByTestId('expense-line')[0]!).queryByLabelText('删除明细')).toBeNull();
    fireEvent.click(within(screen.getAllByTestId('expense-line')[1]!).getByLabelText('删除明细'));
    expect(await screen.findByText('删除明细成功')).toBeTruthy();
    expect(screen.getAllByTestId('expense-line')).toHaveLength(1);
    expect(screen.getByTestId('expense-capital').textContent).toBe('大写：壹仟元整');
    fireEvent.click(screen.getByText('check'));
    expect(await screen.findByText('请选择开始时间', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('请输入费用明细', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a payment line fills in from a payee label; labels need payee, account and bank of two characters or more', async () => {
    renderWithApp(<Harness item={category('payment', '付款审批')} />);
    await screen.findByTestId('expense-lines', {}, { timeout: 8000 });
    fireEvent.click(screen.getByText('fill'));
    expect(await screen.findByLabelText('收款单位')).toBeTruthy();
    fireEvent.click(screen.getByTestId('payee-labels'));
    expect(await screen.findByText('还没有收款标签')).toBeTruthy();
    fireEvent.click(screen.getByTestId('payee-label-add'));
    const dialog = (await screen.findByText('新增收款标签', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('收款单位'), { target: { value: '甲' } });
    fireEvent.click(within(dialog).getByText('保 存'));
    expect(await within(dialog).findByText('请输入收款单位', {}, { timeout: 5000 })).toBeTruthy();
    expect(await within(dialog).findByText('请输入银行账户', {}, { timeout: 5000 })).toBeTruthy();
    expect(await within(dialog).findByText('请输入开户行', {}, { timeout: 5000 })).toBeTruthy();
  });
});
