import { type CustomerEdit, customerKind } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers } from '@/test/answers';
import { fieldDef } from '@/test/crm-records';
import { fakeFetch, refuse, renderWithApp } from '../../workbench/examine/test-utils';
import { LayoutForm, type LayoutFormProps } from '../form/layout/LayoutForm';
import customerForm from './form';

/** The customer's form: the generic layout form with the customer's declaration (issue 27). */
const CustomerPanel = (props: Omit<LayoutFormProps, 'kind' | 'spec'>) => (
  <LayoutForm
    kind={{ descriptor: customerKind, prefix: 'CrmCustomer', path: 'customer' }}
    spec={customerForm}
    {...props}
  />
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const record = (over: Partial<CustomerEdit> = {}): CustomerEdit => ({
  customerId: 7,
  customerName: '赵美玲',
  mobile: '13912340004',
  idCard: '510104199001011003',
  gatIdCard: '',
  storeId: 2,
  storeName: '锦江店',
  hasOldCustomer: true,
  relation: '成都三级',
  gender: 2,
  idCardUrl: '',
  hasSign: true,
  signTime: '2026-10-08',
  signUserIds: '13',
  isMeiXueGuWen: 0,
  hasUpdateShopOwner: 1,
  userId: null,
  batchId: 'seed-customer-4',
  fields: {},
  ...over,
});

const seller = { permissions: ['crm:customer:save', 'crm:customer:update', 'crm:customer:index'] };
const answers = (over: Answers = {}): Answers => ({
  '/field/queryField': [],
  '/CrmCustomer/searchMySignList': [
    { userId: 13, userName: '何雪', userPhone: '13800000012', disabled: 0 },
    { userId: 14, userName: '周杰', userPhone: '13800000005', disabled: 1 },
  ],
  '/api/Store/searchShop': [
    { shopId: 2, shopName: '锦江店', relation: '' },
    { shopId: 3, shopName: 'Jinli店', relation: '赵强' },
  ],
  ...over,
});

const panel = (recordId?: number) => {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderWithApp(<CustomerPanel open recordId={recordId} onClose={onClose} onSaved={onSaved} />, seller);
  return { onClose, onSaved };
};
const radio = (name: string, i = 0) => screen.getAllByRole('radio', { name })[i] as HTMLInputElement;

describe('the customer form (generic form + the customer layout)', { timeout: 60_000 }, () => {
  it('creates with the defaults: old customer, male, not signing', async () => {
    fakeFetch(answers());
    panel();
    expect(await screen.findByText('新建客户')).toBeTruthy();
    await screen.findByLabelText('客户名称');
    expect(radio('是', 0).checked).toBe(true);
    expect(radio('男').checked).toBe(true);
    expect(radio('否', 1).checked).toBe(true);
    expect(screen.queryByText('签约日期')).toBeNull();
    expect((screen.getByRole('button', { name: '重 置' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the signing section when signing is yes', async () => {
    fakeFetch(answers());
    panel();
    await screen.findByText('新建客户');
    await screen.findByLabelText('客户名称');
    fireEvent.click(radio('是', 1));
    expect(await screen.findByText('签约日期')).toBeTruthy();
    expect(screen.getByText('下级经销商')).toBeTruthy();
    fireEvent.click(radio('否', 1));
    await waitFor(() => expect(screen.queryByText('签约日期')).toBeNull());
  });

  it('blocks submit with the schema’s messages', async () => {
    const calls = fakeFetch(answers());
    panel();
    await screen.findByText('新建客户');
    await screen.findByLabelText('客户名称');
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    for (const msg of ['请输入客户名称', '请输入手机号', '请选择所属门店', '请输入身份证号码'])
      expect(await screen.findByText(msg)).toBeTruthy();
    expect(calls.some((c) => c.path === '/CrmCustomer/addOrUpdate')).toBe(false);
  });

  it('checks a field on blur', async () => {
    fakeFetch(answers());
    panel();
    await screen.findByText('新建客户');
    await screen.findByLabelText('客户名称');
    const mobile = screen.getByLabelText('手机号');
    fireEvent.change(mobile, { target: { value: 'abc' } });
    fireEvent.blur(mobile);
    expect(await screen.findByText('手机格式有误')).toBeTruthy();
  });

  it('locks an advisor’s identity and a closed customer’s shop when editing', async () => {
    fakeFetch(answers({ '/CrmCustomer/queryForEdit': record({ isMeiXueGuWen: 1, hasUpdateShopOwner: 0 }) }));
    panel(7);
    expect(await screen.findByText('编辑客户')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('客户名称') as HTMLInputElement).value).toBe('赵美玲'));
    for (const label of ['客户名称', '手机号', '身份证号', '港澳台身份证号', '所属门店'])
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled).toBe(true);
    expect(radio('女').disabled).toBe(true);
    expect((screen.getByRole('button', { name: '重 置' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('身份证照片')).toBeNull();
  });

  it('posts the flat body of spec 3.2 and tells the parent', async () => {
    const calls = fakeFetch(answers({ '/CrmCustomer/queryForEdit': record(), '/CrmCustomer/addOrUpdate': { id: 7 } }));
    const { onClose, onSaved } = panel(7);
    await waitFor(() => expect((screen.getByLabelText('客户名称') as HTMLInputElement).value).toBe('赵美玲'));
    expect(await screen.findByText('何雪-13800000012')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(7));
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(calls.find((c) => c.path === '/CrmCustomer/addOrUpdate')!.body).toEqual({
      customerId: 7,
      customerName: '赵美玲',
      mobile: '13912340004',
      hasOldCustomer: true,
      gender: 2,
      shopOwnerId: 2,
      relation: '成都三级',
      idCard: '510104199001011003',
      gatIdCard: '',
      idCardUrl: '',
      hasSign: true,
      signTime: '2026-10-08',
      signItemUserIds: '13',
    });
  });

  it('says 操作失败 and closes when the save is refused', async () => {
    fakeFetch(
      answers({
        '/CrmCustomer/queryForEdit': record(),
        '/CrmCustomer/addOrUpdate': () => refuse(400, '已成交客户不能修改所属门店'),
      }),
    );
    const { onClose, onSaved } = panel(7);
    await waitFor(() => expect((screen.getByLabelText('客户名称') as HTMLInputElement).value).toBe('赵美玲'));
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(await screen.findByText('操作失败')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('fills the shop and its relation from a case-insensitive prefix match', async () => {
    fakeFetch(answers());
    panel();
    await screen.findByText('新建客户');
    await screen.findByLabelText('客户名称');
    const shop = screen.getByLabelText('所属门店');
    fireEvent.change(shop, { target: { value: 'jin' } });
    const option = await screen.findByText('Jinli店');
    expect(screen.queryByText('锦江店')).toBeNull();
    fireEvent.click(option);
    await waitFor(() => expect((shop as HTMLInputElement).value).toBe('Jinli店'));
  });

  it('keeps what is typed into the shop box, a letter at a time, and finds the shop by it', async () => {
    fakeFetch(answers());
    panel();
    await screen.findByLabelText('客户名称');
    const shop = screen.getByLabelText('所属门店') as HTMLInputElement;
    // A typed text reached the field with an empty option object, which once read as a pick: each
    // letter was dropped, so only a whole word arriving at once (an input method's) ever searched.
    for (const text of ['j', 'ji', 'jin']) {
      fireEvent.change(shop, { target: { value: text } });
      await waitFor(() => expect(shop.value).toBe(text));
    }
    fireEvent.click(await screen.findByText('Jinli店'));
    await waitFor(() => expect(shop.value).toBe('Jinli店'));
  });

  it('keeps typed text that equals an offered shop’s id (typing comes through the search, a pick through select)', async () => {
    fakeFetch(answers({ '/api/Store/searchShop': [{ shopId: 31, shopName: '31号店', relation: '' }] }));
    panel();
    await screen.findByLabelText('客户名称');
    const shop = screen.getByLabelText('所属门店') as HTMLInputElement;
    fireEvent.change(shop, { target: { value: '3' } });
    await screen.findByText('31号店');
    fireEvent.change(shop, { target: { value: '31' } });
    await waitFor(() => expect(shop.value).toBe('31'));
    fireEvent.change(shop, { target: { value: '' } });
    await waitFor(() => expect(shop.value).toBe(''));
  });

  it('takes the new shop’s 服务三级 (its serving employee’s name) as the customer’s', async () => {
    const calls = fakeFetch(answers({ '/CrmCustomer/queryForEdit': record(), '/CrmCustomer/addOrUpdate': { id: 7 } }));
    const { onSaved } = panel(7);
    await waitFor(() => expect((screen.getByLabelText('客户名称') as HTMLInputElement).value).toBe('赵美玲'));
    fireEvent.change(screen.getByLabelText('所属门店'), { target: { value: 'jin' } });
    fireEvent.click(await screen.findByText('Jinli店'));
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(7));
    expect(calls.find((c) => c.path === '/CrmCustomer/addOrUpdate')!.body).toMatchObject({
      shopOwnerId: 3,
      relation: '赵强',
    });
  });

  it('shows the custom fields below and posts them with the generic body', async () => {
    const wechat = fieldDef('wechat', '微信号', { fieldType: 0 });
    const calls = fakeFetch(
      answers({
        '/field/queryField': [wechat],
        '/CrmCustomer/queryForEdit': record({ fields: { wechat: 'zml88' } }),
        '/CrmCustomer/addOrUpdate': { id: 7 },
      }),
    );
    const { onSaved } = panel(7);
    expect(await screen.findByText('其他信息')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('微信号') as HTMLInputElement).value).toBe('zml88'));
    fireEvent.change(screen.getByLabelText('微信号'), { target: { value: 'zml99' } });
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(7));
    const body = calls.find((c) => c.path === '/CrmCustomer/addOrUpdate')!.body as {
      entity: Record<string, unknown>;
      field: unknown;
    };
    expect(body.entity).toMatchObject({ customerId: 7, customerName: '赵美玲', batchId: 'seed-customer-4' });
    expect(body.field).toEqual([{ fieldName: 'wechat', value: 'zml99' }]);
  });

  it('honours field permissions: hidden fields are not shown, read-only ones are disabled and not sent', async () => {
    // field/queryField leaves out what is hidden (the ID number here) and marks read-only ones 2.
    const fixed = (fieldName: string, name: string, authLevel: 2 | 3) => fieldDef(fieldName, name, { authLevel });
    const custom = (fieldName: string, name: string, authLevel: 1 | 2 | 3) =>
      fieldDef(fieldName, name, { fieldType: 0, authLevel });
    const calls = fakeFetch(
      answers({
        '/field/queryField': [
          fixed('customerName', '客户名称', 3),
          fixed('mobile', '手机号', 2),
          fixed('gender', '性别', 3),
          fixed('shopOwnerId', '所属门店', 3),
          custom('wechat', '微信号', 2),
          custom('vip', '会员等级', 3),
          custom('cost', '成本价', 1),
        ],
        '/CrmCustomer/queryForEdit': record({ fields: { wechat: 'zml88', vip: '金卡' } }),
        '/CrmCustomer/addOrUpdate': { id: 7 },
      }),
    );
    const { onSaved } = panel(7);
    await waitFor(() => expect((screen.getByLabelText('微信号') as HTMLInputElement).value).toBe('zml88'));
    expect((screen.getByLabelText('手机号') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('微信号') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('会员等级') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText('客户名称') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByLabelText('身份证号')).toBeNull();
    expect(screen.queryByLabelText('成本价')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(7));
    const body = calls.find((c) => c.path === '/CrmCustomer/addOrUpdate')!.body as {
      entity: Record<string, unknown>;
      field: unknown;
    };
    // Unchanged read-only values may go back on an update; the custom ones are left out.
    expect(body.entity).toMatchObject({ customerId: 7, mobile: '13912340004' });
    expect(body.field).toEqual([{ fieldName: 'vip', value: '金卡' }]);
  });

  it('saves with a required field hidden: not required, not sent, so the server keeps it', async () => {
    // Phone and ID number hidden: queryField leaves them out and queryForEdit answers them empty.
    const calls = fakeFetch(
      answers({
        '/field/queryField': [
          fieldDef('customerName', '客户名称', { authLevel: 3 }),
          fieldDef('gender', '性别', { authLevel: 3 }),
          fieldDef('shopOwnerId', '所属门店', { authLevel: 3 }),
        ],
        '/CrmCustomer/queryForEdit': record({ mobile: '', idCard: '' }),
        '/CrmCustomer/addOrUpdate': { id: 7 },
      }),
    );
    const { onSaved } = panel(7);
    await waitFor(() => expect((screen.getByLabelText('客户名称') as HTMLInputElement).value).not.toBe(''));
    expect(screen.queryByLabelText('手机号')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(7));
    const body = calls.find((c) => c.path === '/CrmCustomer/addOrUpdate')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ customerId: 7 });
    expect(body).not.toHaveProperty('mobile');
    expect(body).not.toHaveProperty('idCard');
  });
});
