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
    '/OaExamine/queryAdjustOptions': (b: Record<string, unknown>) =>
      b.type === '1'
        ? [
            { id: 3, name: '销售一部' },
            { id: 8, name: '财务部' },
          ]
        : b.type === '2'
          ? [{ name: '顾问' }, { name: '出纳' }]
          : [
              { id: 5, name: '孙丽', deptId: 3, post: '顾问', jobNumber: 'S-0012' },
              { id: 10, name: '黄敏', deptId: 8, post: '主管', jobNumber: '' },
            ],
    '/OaExamine/queryCodeList': [
      { codeNo: '1020001', codeName: '办公用品' },
      { codeNo: '1020002', codeName: '耗材' },
    ],
    '/OaExamine/queryStaffInfo': {
      userId: 5,
      realName: '孙丽',
      deptId: 3,
      deptName: '销售一部',
      post: '顾问',
      idCard: '',
    },
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
    expect(await screen.findByText('今年：年假 剩余 2 天（已用 3 / 5 天）', {}, { timeout: 8000 })).toBeTruthy();
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

describe('the position transfer form', { timeout: 30_000 }, () => {
  it('asks for every field with the spec’s words', async () => {
    renderWithApp(<Harness item={category('postAdjust', '调岗')} />);
    await screen.findByTestId('adjust-working-years', {}, { timeout: 8000 });
    fireEvent.click(screen.getByText('check'));
    for (const msg of [
      '姓名不能为空',
      '身份证号码不能为空',
      '所属部门不能为空',
      '岗位名称不能为空',
      '调岗原因不能为空',
      '调岗后部门不能为空',
      '调岗后职位不能为空',
      '调岗后领导不能为空',
      '请选择入职日期',
      '请选择调整日期',
    ])
      expect(await screen.findByText(msg, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('picking the person fills in their department, post and job number; the years follow the dates', async () => {
    renderWithApp(
      <Harness item={category('postAdjust', '调岗')} model={{ entryTime: '2023-06-15', adjustTime: '2026-07-01' }} />,
    );
    const years = (await screen.findByTestId('adjust-working-years', {}, { timeout: 8000 })) as HTMLInputElement;
    fireEvent.click(screen.getByText('fill'));
    await waitFor(() => expect(years.value).toBe('3'));
    const person = screen.getByLabelText('姓名');
    fireEvent.mouseDown(person);
    fireEvent.click(await screen.findByTitle('孙丽'));
    await waitFor(() => expect((screen.getByLabelText('岗位名称') as HTMLInputElement).value).toBe('顾问'));
    expect((screen.getByLabelText('工号') as HTMLInputElement).value).toBe('S-0012');
    expect(screen.getAllByTitle('销售一部').length).toBeGreaterThan(0);
  });
});

describe('the planning requirement form', { timeout: 30_000 }, () => {
  it('starts from the applicant’s department, offers code list 1020 and asks for each field', async () => {
    renderWithApp(<Harness item={category('planningDemand', '计划需求')} />);
    const dept = (await screen.findByLabelText('申请部门', {}, { timeout: 8000 })) as HTMLInputElement;
    await waitFor(() => expect(dept.value).toBe('销售一部'));
    fireEvent.change(dept, { target: { value: '' } });
    fireEvent.click(screen.getByText('check'));
    for (const msg of ['请输入申请部门', '请选择名称', '数量不能为空'])
      expect(await screen.findByText(msg, {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findAllByText('请输入用途', {}, { timeout: 5000 })).toHaveLength(2);
    fireEvent.mouseDown(screen.getByLabelText('名称'));
    expect(await screen.findByTitle('耗材')).toBeTruthy();
  });
});
