import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CategoryItem, FlowInfo } from '../api';
import type { CreateValues } from '../create/body';
import { CreateForm } from '../create/CreateForm';
import { type Call, fakeFetch, renderWithApp } from '../test-utils';
import { dedicatedForm } from './registry';

const category: CategoryItem = {
  categoryId: 12,
  title: '追加单',
  icon: 5,
  remarks: '',
  type: 'additionalOrder',
  examineType: 2,
  fields: [],
};
const chosen: FlowInfo = { examineType: 2, examineSteps: [], examineUser: null, examineUserName: '' };

const choice = (customerId: number, customerName: string, mobile: string, extra: Record<string, unknown> = {}) => ({
  userId: 5,
  customerId,
  customerName,
  mobile,
  age: '32',
  gender: 2,
  bossMobile: '13800001001',
  deptName: '销售一部',
  shopOwnerName: '丽人医美会所',
  hasOldCustomer: true,
  relation: '赵强',
  hasOwnerShareholder: false,
  ownerShareholderType: null,
  ...extra,
});

function Harness() {
  const [form] = Form.useForm<CreateValues>();
  return (
    <>
      <CreateForm form={form} category={category} batchId="b1" flow={chosen} />
      <Button onClick={() => form.setFieldsValue({ model: dedicatedForm('additionalOrder')!.empty() })}>fill</Button>
      <Button onClick={() => form.validateFields().catch(() => {})}>check</Button>
    </>
  );
}

let calls: Call[];
beforeEach(() => {
  calls = fakeFetch({
    '/OaExamine/queryCustomerSelectList': (body: Record<string, unknown>) =>
      Number(body.type) === 2
        ? { list: [choice(31, '王芳', '13800001001', { age: '36' })] }
        : { list: [choice(7, '林婉清', '13912340001')] },
    '/OaExamine/queryTaskTypes': [{ taskId: 1, taskName: '到店加单' }],
    '/OaExamine/queryDeptOptions': [
      { value: 3, label: '皮肤科' },
      { value: 4, label: '整形科' },
    ],
    '/OaExamine/queryDesignerList': [],
    '/OaExamine/queryDictList': [{ dictValue: '2', dictName: '店家股东' }],
    '/OaExamine/queryHandoverUserList': [],
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const openSelect = (el: HTMLElement) => {
  const root = el.closest('.ant-select') ?? el;
  fireEvent.mouseDown(root.querySelector('.ant-select-selector') ?? root);
};
const option = async (text: RegExp | string) =>
  (await screen.findAllByText(text, { selector: '.ant-select-item-option-content' }, { timeout: 5000 })).at(-1)!;

describe('the additional order form (追加单)', { timeout: 30_000 }, () => {
  it('adds and removes guests (删除成功~), one always stays, and resets', async () => {
    renderWithApp(<Harness />);
    fireEvent.click(await screen.findByText('fill'));
    await screen.findByTestId('order-guests', {}, { timeout: 8000 });
    await waitFor(() => expect(screen.getAllByTestId('order-guest')).toHaveLength(1));
    expect(screen.queryByLabelText('删除客人')).toBeNull();
    fireEvent.click(screen.getByTestId('order-add-guest'));
    await waitFor(() => expect(screen.getAllByTestId('order-guest')).toHaveLength(2));
    fireEvent.click(within(screen.getAllByTestId('order-guest')[1]!).getByLabelText('删除客人'));
    expect(await screen.findByText('删除成功~')).toBeTruthy();
    expect(screen.getAllByTestId('order-guest')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('order-add-guest'));
    await waitFor(() => expect(screen.getAllByTestId('order-guest')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('order-reset'));
    await waitFor(() => expect(screen.getAllByTestId('order-guest')).toHaveLength(1));
  });

  it('fills phone and age (read-only) from the chosen customer; the shop type reloads the choices', async () => {
    renderWithApp(<Harness />);
    fireEvent.click(await screen.findByText('fill'));
    const guest = (await screen.findAllByTestId('order-guest', {}, { timeout: 8000 }))[0]!;
    openSelect(within(guest).getByTestId('guest-customer'));
    fireEvent.click(await option('林婉清 13912340001'));
    const phone = within(guest).getByLabelText('电话') as HTMLInputElement;
    await waitFor(() => expect(phone.value).toBe('13912340001'));
    expect(phone.readOnly).toBe(true);
    expect((within(guest).getByLabelText('年龄') as HTMLInputElement).readOnly).toBe(true);
    expect((within(guest).getByLabelText('年龄') as HTMLInputElement).value).toBe('32');
    expect((within(guest).getByLabelText('店家三级') as HTMLInputElement).value).toBe('赵强');
    expect(within(guest).getByTestId('guest-facts').textContent).toContain('所属店家：丽人医美会所');

    // Switching to a shop clears the record's fields and asks for shops.
    fireEvent.click(within(guest).getByText('店家'));
    await waitFor(() => expect(phone.value).toBe(''));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/OaExamine/queryCustomerSelectList' && Number(c.body.type) === 2)).toBe(
        true,
      ),
    );
    openSelect(within(guest).getByTestId('guest-customer'));
    fireEvent.click(await option('丽人医美会所（王芳）'));
    await waitFor(() => expect(phone.value).toBe('13800001001'));
    expect((within(guest).getByLabelText('年龄') as HTMLInputElement).value).toBe('36');
  });

  it('asks for each field with the shared schema’s words', async () => {
    renderWithApp(<Harness />);
    fireEvent.click(await screen.findByText('fill'));
    await screen.findAllByTestId('order-guest', {}, { timeout: 8000 });
    fireEvent.click(screen.getByText('check'));
    for (const msg of [
      '审批内容不能为空',
      '客户姓名不能为空',
      '请输入电话号码',
      '请输入店家三级',
      '请填写项目/客情',
      '请选择科室',
    ])
      expect(await screen.findByText(msg, {}, { timeout: 5000 })).toBeTruthy();
  });
});
