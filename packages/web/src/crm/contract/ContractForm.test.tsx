import { contractKind, type FlowInfo } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers } from '@/test/answers';
import { queryFieldsOf, recordDetail, recordRow } from '@/test/crm-records';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { LaidOutForm, type LaidOutProps } from '../form/layout/LaidOutForm';
import { contractEntry } from './kinds';
import { choose, chooseCustomer, selectOf, shown } from './test-support';

/** The contract's form as the list, the detail and the related tabs open it: the generic laid-out form. */
const ContractFormPanel = (props: LaidOutProps) => <LaidOutForm kind={contractEntry} {...props} />;

configure({ asyncUtilTimeout: 15_000 });

const customers = [
  recordRow({ customerId: 4, customerName: '林婉清' }),
  recordRow({ customerId: 5, customerName: '陈雨桐' }),
];
const line = {
  productId: 1,
  name: '水光针',
  categoryName: '注射类',
  unit: '支',
  price: 980,
  salesPrice: 900,
  num: 2,
  discount: 8.16,
  subtotal: 1800,
};
const answers = (saved: unknown[]): Answers => ({
  '/field/queryField': queryFieldsOf(contractKind),
  '/OaExamine/queryExamineFlowInfo': { examineType: 2, examineSteps: [], examineUser: null, examineUserName: '' },
  '/CrmCustomer/queryScene': [{ sceneId: 1, name: '全部客户', isDefault: 1, isSystem: true, data: {} }],
  '/CrmCustomer/queryPageList': { list: customers, totalRow: 2, page: 1, limit: 10 },
  '/CrmCustomer/queryBusiness': (body: Record<string, unknown>) => ({
    list:
      body.customerId === 4
        ? [recordRow({ businessId: 31, businessName: '林婉清的水光疗程' })]
        : [recordRow({ businessId: 32, businessName: '陈雨桐的填充疗程' })],
    totalRow: 1,
    page: 1,
    limit: 100,
  }),
  '/CrmBusiness/queryProduct': { list: [line], money: 1620, discountRate: 10 },
  '/CrmContract/saveAndUpdate': (body: unknown) => {
    saved.push(body);
    return { id: 9 };
  },
});

const businessSelect = () => selectOf('contract-business');
const shownBusiness = () => shown('contract-business');
const chooseBusiness = (option: string) => choose('contract-business', option);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the contract form’s opportunity and products (crm-records 4)', { timeout: 120_000 }, () => {
  it('waits for a customer, offers its opportunities, carries one’s products and money, resets with the customer', async () => {
    const saved: unknown[] = [];
    fakeFetch(answers(saved));
    renderWithApp(<ContractFormPanel open onClose={() => {}} onSaved={() => {}} />, {
      permissions: ['crm:contract:save', 'crm:customer:index', 'crm:business:index', 'crm:product:index'],
    });
    await screen.findByTestId('product-lines');
    // A new contract: no customer, so no opportunity to choose.
    expect(businessSelect().className).toContain('ant-select-disabled');

    await chooseCustomer('林婉清');
    await chooseBusiness('林婉清的水光疗程');
    expect(shownBusiness()).toBe('林婉清的水光疗程');
    // Its products and money come along.
    await waitFor(() => expect(within(screen.getByTestId('product-lines')).getByText('水光针')).toBeTruthy());
    await waitFor(() => expect((screen.getByLabelText('合同金额') as HTMLInputElement).value).toBe('1620'));

    // Another customer empties the opportunity.
    await chooseCustomer('陈雨桐');
    await waitFor(() => expect(shownBusiness()).toBe(''));
    await chooseBusiness('陈雨桐的填充疗程');

    fireEvent.change(screen.getByLabelText('合同编号'), { target: { value: 'HT-1' } });
    fireEvent.change(screen.getByLabelText('合同名称'), { target: { value: '填充疗程合同' } });
    fireEvent.click(screen.getByTestId('save-draft'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      entity: { customerId: 5, businessId: 32, checkStatus: 5, totalPrice: 1620, discountRate: 10 },
      product: [{ productId: 1, price: 980, salesPrice: 900, num: 2, discount: 8.16, subtotal: 1800 }],
    });
  });
});

describe('a contract made from an opportunity’s 合同 tab (a relative create)', { timeout: 120_000 }, () => {
  it('starts with the customer and the opportunity locked, its products and money taken', async () => {
    const saved: unknown[] = [];
    fakeFetch(answers(saved));
    renderWithApp(
      <ContractFormPanel
        open
        onClose={() => {}}
        onSaved={() => {}}
        preset={{ customer: [{ id: 4, name: '林婉清' }], business: { value: 31, label: '林婉清的水光疗程' } }}
      />,
      { permissions: ['crm:contract:save', 'crm:customer:index', 'crm:business:index', 'crm:product:index'] },
    );
    await waitFor(() => expect(within(screen.getByTestId('product-lines')).getByText('水光针')).toBeTruthy());
    await waitFor(() => expect((screen.getByLabelText('合同金额') as HTMLInputElement).value).toBe('1620'));
    expect(shownBusiness()).toBe('林婉清的水光疗程');
    expect(businessSelect().className).toContain('ant-select-disabled');
    expect(screen.getByTestId('choose-customer').textContent).toContain('林婉清');
    expect((screen.getByTestId('choose-customer') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('合同编号'), { target: { value: 'HT-2' } });
    fireEvent.change(screen.getByLabelText('合同名称'), { target: { value: '水光疗程合同' } });
    fireEvent.click(screen.getByTestId('save-draft'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ entity: { customerId: 4, businessId: 31, totalPrice: 1620 } });
  });
});

describe('the contract form’s review section and buttons (crm-records 2)', { timeout: 120_000 }, () => {
  const render = (flow: FlowInfo) => {
    const saved: { entity: Record<string, unknown> }[] = [];
    fakeFetch({ ...answers(saved), '/OaExamine/queryExamineFlowInfo': flow });
    renderWithApp(<ContractFormPanel open onClose={() => {}} onSaved={() => {}} />, {
      permissions: ['crm:contract:save', 'crm:customer:index', 'crm:business:index', 'crm:product:index'],
    });
    return saved;
  };
  const fill = async () => {
    await chooseCustomer('林婉清');
    fireEvent.change(screen.getByLabelText('合同编号'), { target: { value: 'HT-3' } });
    fireEvent.change(screen.getByLabelText('合同名称'), { target: { value: '年度合同' } });
    fireEvent.change(screen.getByLabelText('合同金额'), { target: { value: '800' } });
  };
  const enabled = () => waitFor(() => expect(screen.getByTestId('record-save').hasAttribute('disabled')).toBe(false));

  it('refuses a contract without its required fields; a submission waits for its approver, a draft does not', async () => {
    const saved = render({ examineType: 2, examineSteps: [], examineUser: null, examineUserName: '' });
    await screen.findByTestId('review-chosen');
    await enabled();
    fireEvent.click(screen.getByTestId('record-save'));
    for (const msg of ['客户名称不能为空', '合同编号不能为空', '合同名称不能为空', '合同金额不能为空'])
      expect(await screen.findByText(msg)).toBeTruthy();
    await fill();
    fireEvent.click(screen.getByTestId('record-save'));
    expect(await screen.findByText('请选择审批人')).toBeTruthy();
    expect(saved).toHaveLength(0);
    fireEvent.click(screen.getByTestId('save-draft'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ entity: { customerId: 4, num: 'HT-3', money: '800', checkStatus: 5 } });
    expect(saved[0]).not.toHaveProperty('checkUserId');
  });

  it('shows 审核信息 with 授权审批人 (examineType 2: the user picks one approver) and 保存草稿, 提交审核', async () => {
    render({ examineType: 2, examineSteps: [], examineUser: null, examineUserName: '' });
    const chosen = await screen.findByTestId('review-chosen');
    expect(screen.getByText('审核信息')).toBeTruthy();
    expect(within(chosen).getByText('授权审批人')).toBeTruthy();
    expect(screen.queryByText('固定审批流')).toBeNull();
    expect(screen.getByTestId('save-draft').textContent?.replace(/\s/g, '')).toBe('保存草稿');
    expect(screen.getByTestId('record-save').textContent?.replace(/\s/g, '')).toBe('提交审核');
    // antd spaces a two-character label: 取 消.
    expect(screen.getByText(/^取\s?消$/)).toBeTruthy();
  });

  it('shows 固定审批流 with the configured steps (examineType 1), no approver to choose', async () => {
    render({
      examineType: 1,
      examineSteps: [
        { stepType: 2, userList: [{ userId: 2, realname: '王主管' }] },
        { stepType: 2, userList: [{ userId: 3, realname: '李总' }] },
      ],
      examineUser: null,
      examineUserName: '',
    });
    const fixed = await screen.findByTestId('review-fixed');
    expect(screen.getByText('审核信息')).toBeTruthy();
    expect(within(fixed).getByText('固定审批流')).toBeTruthy();
    expect(within(fixed).getByText('王主管')).toBeTruthy();
    expect(within(fixed).getByText('李总')).toBeTruthy();
    expect(screen.queryByText('授权审批人')).toBeNull();
    expect(screen.queryByTestId('review-chosen')).toBeNull();
  });

  it('submits to a fixed flow as it is: no draft status, no approver', async () => {
    const saved = render({
      examineType: 1,
      examineSteps: [{ stepType: 1, userList: [{ userId: 2, realname: '王主管' }] }],
      examineUser: null,
      examineUserName: '',
    });
    await screen.findByTestId('review-fixed');
    await enabled();
    await fill();
    fireEvent.click(screen.getByTestId('record-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.entity).toMatchObject({ customerId: 4, name: '年度合同' });
    expect(saved[0]!.entity).not.toHaveProperty('checkStatus');
    expect(saved[0]).not.toHaveProperty('checkUserId');
  });

  it('edits a contract whose customer is hidden: no customer picker, none sent (the stored one stays)', async () => {
    const saved: unknown[] = [];
    fakeFetch({
      ...answers(saved),
      '/field/queryField': queryFieldsOf(contractKind).filter((f) => f.fieldName !== 'customerId'),
      '/CrmContract/queryById': recordDetail({
        contractId: 9,
        name: '旧合同',
        num: 'HT-9',
        money: 100,
        checkStatus: 5,
        batchId: 'b-contract-9',
      }),
      '/CrmContract/qureyProductListByContractId': { list: [], money: 0, discountRate: 0 },
    });
    renderWithApp(<ContractFormPanel open recordId={9} onClose={() => {}} onSaved={() => {}} />, {
      permissions: ['crm:contract:update', 'crm:customer:index', 'crm:business:index', 'crm:product:index'],
    });
    await waitFor(() => expect(screen.getByTestId('save-draft').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('choose-customer')).toBeNull();
    fireEvent.click(screen.getByTestId('save-draft'));
    await waitFor(() => expect(saved).toHaveLength(1));
    const entity = (saved[0] as { entity: Record<string, unknown> }).entity;
    expect(entity).toMatchObject({ contractId: 9, name: '旧合同', checkStatus: 5 });
    expect('customerId' in entity).toBe(false);
  });
});
