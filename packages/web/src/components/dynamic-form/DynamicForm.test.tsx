import type { FieldDefinition } from '@crm/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Button, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answered } from '@/test/answers';
import { recordDetail } from '@/test/crm-records';
import { DynamicDisplay } from './DynamicDisplay';
import { DynamicFormFields } from './DynamicFormFields';
import { collectFields, initialValues } from './values';

const def = (name: string, formType: FieldDefinition['formType'], extra: Partial<FieldDefinition> = {}) =>
  ({ name, formType, isNull: 0, isUnique: 0, options: [], inputTips: '', ...extra }) as FieldDefinition;

// Every other read the fields make (options, files) finds an empty list.
const emptyList = () => new Response(JSON.stringify({ code: 0, msg: 'success', data: [] }));

function Harness({ fields, onSubmit }: { fields: FieldDefinition[]; onSubmit: (v: unknown) => void }) {
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ values: initialValues(fields) }}
      onFinish={(v) => onSubmit(collectFields(fields, v.values))}
    >
      <DynamicFormFields fields={fields} />
      <Button htmlType="submit">submit</Button>
    </Form>
  );
}

function renderForm(fields: FieldDefinition[], onSubmit = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <Harness fields={fields} onSubmit={onSubmit} />
      </App>
    </QueryClientProvider>,
  );
  return onSubmit;
}

const submit = () => fireEvent.click(screen.getByText('submit'));

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(emptyList())),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DynamicFormFields', { timeout: 20_000 }, () => {
  it('says {name}不能为空 for an empty required field and the format message of a wrong value', async () => {
    const onSubmit = renderForm([
      def('供应商', 'text', { isNull: 1, fieldName: 'field_1' }),
      def('联系电话', 'mobile', { fieldName: 'field_2' }),
      def('邮箱', 'email', { fieldName: 'field_3' }),
      def('预算', 'floatnumber', { fieldName: 'field_4' }),
    ]);
    submit();
    expect(await screen.findByText('供应商不能为空')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入联系电话'), { target: { value: '12ab' } });
    fireEvent.change(screen.getByPlaceholderText('请输入邮箱'), { target: { value: 'a@b' } });
    fireEvent.change(screen.getByPlaceholderText('请输入预算'), { target: { value: '1.234' } });
    expect(await screen.findByText('手机格式有误')).toBeTruthy();
    expect(await screen.findByText('邮箱格式有误')).toBeTruthy();
    expect(await screen.findByText('货币的整数部分须少于10位，小数部分须少于2位')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByPlaceholderText('请输入供应商'), { target: { value: '成都医美' } });
    fireEvent.change(screen.getByPlaceholderText('请输入联系电话'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByPlaceholderText('请输入邮箱'), { target: { value: 'a@b.com' } });
    fireEvent.change(screen.getByPlaceholderText('请输入预算'), { target: { value: '1200.5' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual([
      { fieldName: 'field_1', value: '成都医美' },
      { fieldName: 'field_2', value: '13800000000' },
      { fieldName: 'field_3', value: 'a@b.com' },
      { fieldName: 'field_4', value: '1200.5' },
    ]);
  });

  it('number and money fields take no letters: the value stays and no digit-count message shows', async () => {
    renderForm([def('预算', 'floatnumber', { fieldName: 'field_1' }), def('数量', 'number', { fieldName: 'field_2' })]);
    const budget = screen.getByPlaceholderText<HTMLInputElement>('请输入预算');
    const count = screen.getByPlaceholderText<HTMLInputElement>('请输入数量');
    fireEvent.change(budget, { target: { value: 'abc' } });
    fireEvent.change(count, { target: { value: '十' } });
    expect(budget.value).toBe('');
    expect(count.value).toBe('');
    fireEvent.change(budget, { target: { value: '12.5' } });
    fireEvent.change(budget, { target: { value: '12.5x' } });
    fireEvent.change(count, { target: { value: '-3' } });
    fireEvent.change(count, { target: { value: '-3-' } });
    expect(budget.value).toBe('12.5');
    expect(count.value).toBe('-3');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('货币的整数部分须少于10位，小数部分须少于2位')).toBeNull();
    expect(screen.queryByText('数字的整数部分须少于12位，小数部分须少于4位')).toBeNull();
  });

  it('expense costs and trip days take no letters nor a sign; a broken digit count says so under the cell', async () => {
    renderForm([
      def('费用明细', 'examine_cause', { fieldName: 'field_1' }),
      def('行程明细', 'business_cause', { fieldName: 'field_2' }),
    ]);
    const traffic = within(screen.getByTestId('expense-items')).getByLabelText<HTMLInputElement>('交通费');
    const days = within(screen.getByTestId('trip-items')).getByLabelText<HTMLInputElement>('时长（天）');
    fireEvent.change(traffic, { target: { value: '1O0' } });
    fireEvent.change(traffic, { target: { value: '-100' } });
    fireEvent.change(days, { target: { value: 'two' } });
    expect(traffic.value).toBe('');
    expect(days.value).toBe('');
    expect(screen.getByTestId('expense-subtotal').textContent).toBe('¥0.00');

    fireEvent.change(traffic, { target: { value: '100.5' } });
    fireEvent.change(days, { target: { value: '1.5' } });
    expect(traffic.value).toBe('100.5');
    expect(days.value).toBe('1.5');
    await waitFor(() => expect(screen.getByTestId('expense-subtotal').textContent).toBe('¥100.50'));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(traffic, { target: { value: '100.555' } });
    expect((await screen.findByRole('alert')).textContent).toBe('货币的整数部分须少于10位，小数部分须少于2位');
  });

  it('links to any kind declaring `link`, skips a link type no kind declares, gives textareas a 200-character counter', () => {
    renderForm([
      def('关联商机', 'business', { fieldName: 'field_1' }),
      def('关联样品', 'nosuchkind' as FieldDefinition['formType'], { fieldName: 'field_3' }),
      def('说明', 'textarea', { fieldName: 'field_2' }),
    ]);
    // Opportunities declare `link: {formType: 'business'}`: that alone gives the field its picker.
    expect(screen.getByText('关联商机')).toBeTruthy();
    expect(screen.getByTestId('relation-input-business')).toBeTruthy();
    expect(screen.queryByText('关联样品')).toBeNull();
    expect(screen.getByText('说明')).toBeTruthy();
    const area = screen.getByPlaceholderText('请输入说明') as HTMLTextAreaElement;
    expect(area.maxLength).toBe(200);
    expect(area.rows).toBe(3);
    expect(screen.getByText('0 / 200')).toBeTruthy();
  });

  it('adds up the expense subtotal and total, adds and deletes items (not the first)', async () => {
    const onSubmit = renderForm([def('费用明细', 'examine_cause', { isNull: 1, fieldName: 'field_1' })]);
    const list = screen.getByTestId('expense-items');
    const items = () => within(list).getAllByTestId('expense-items-item');
    const costs = (item: HTMLElement, values: string[]) => {
      for (const [i, label] of ['交通费', '住宿费', '餐饮费', '其他费用'].entries())
        fireEvent.change(within(item).getByLabelText(label), { target: { value: values[i] } });
    };
    expect(items()).toHaveLength(1);
    expect(within(items()[0]!).queryByText('删除')).toBeNull();

    costs(items()[0]!, ['1200', '600.5', '150', '0']);
    await waitFor(() => expect(within(items()[0]!).getByTestId('expense-subtotal').textContent).toBe('¥1,950.50'));

    fireEvent.click(screen.getByText('添加明细'));
    expect(items()).toHaveLength(2);
    costs(items()[1]!, ['100', '0', '0', '0.2']);
    await waitFor(() => expect(within(items()[1]!).getByTestId('expense-subtotal').textContent).toBe('¥100.20'));
    expect(screen.getByTestId('expense-total').textContent).toContain('¥2,050.70');
    expect(screen.getByTestId('expense-total').textContent).toContain('贰仟零伍拾元柒角');

    // Incomplete rows: 请完善明细 (the shared rule).
    submit();
    expect(await screen.findByText('请完善明细')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(within(items()[1]!).getByText('删除'));
    expect(await screen.findByText('删除明细成功')).toBeTruthy();
    expect(items()).toHaveLength(1);
    expect(screen.getByTestId('expense-total').textContent).toContain('¥1,950.50');
  });

  it('asks for a required expense list when its only item is blank', async () => {
    renderForm([def('费用明细', 'examine_cause', { isNull: 1, fieldName: 'field_1' })]);
    submit();
    expect(await screen.findByText('费用明细不能为空')).toBeTruthy();
  });
});

describe('DynamicDisplay', { timeout: 20_000 }, () => {
  it('shows each value read-only, a linked record by its name, and skips a link type no kind declares', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          String(url).endsWith('/CrmBusiness/queryById')
            ? answered('/CrmBusiness/queryById', recordDetail({ businessId: 1, businessName: '水光疗程' }))
            : emptyList(),
        ),
      ),
    );
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <DynamicDisplay
          fields={[
            def('供应商', 'text', { fieldName: 'a' }),
            def('品类', 'checkbox', { fieldName: 'b', options: ['耗材', '设备'] }),
            def('关联商机', 'business', { fieldName: 'field_7' }),
            def('关联样品', 'nosuchkind' as FieldDefinition['formType'], { fieldName: 'd' }),
          ]}
          values={{ a: '成都医美', b: '耗材,设备', field_7: '1', d: '2' }}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('成都医美')).toBeTruthy();
    expect(screen.getByText('耗材、设备')).toBeTruthy();
    expect(screen.getByText('关联商机')).toBeTruthy();
    expect(await screen.findByText('水光疗程')).toBeTruthy();
    expect(screen.queryByText('关联样品')).toBeNull();
  });
});
