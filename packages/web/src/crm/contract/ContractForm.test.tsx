import { contractKind, type FlowInfo } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers } from '@/test/answers';
import { queryFieldsOf, recordDetail, recordRow } from '@/test/crm-records';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { ContractFormPanel } from './ReviewFormPanel';

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

/** Choose a customer through the link picker (single). */
async function chooseCustomer(name: string) {
  fireEvent.click(screen.getByTestId('choose-customer'));
  const row = (await screen.findByText(name)).closest('tr')!;
  fireEvent.click(within(row).getByRole('checkbox'));
  fireEvent.click(screen.getByTestId('rp-confirm'));
  await waitFor(() => expect(screen.getByTestId('choose-customer').textContent).toContain(name));
}
const businessSelect = () => screen.getByTestId('contract-business').closest('.ant-select')!;
const shownBusiness = () =>
  businessSelect().querySelector('.ant-select-content-has-value')?.getAttribute('title') ??
  businessSelect().querySelector('.ant-select-selection-item')?.textContent ??
  '';

async function chooseBusiness(option: string) {
  await waitFor(() => expect(businessSelect().className).not.toContain('ant-select-disabled'));
  fireEvent.mouseDown(businessSelect().querySelector('.ant-select-selector') ?? businessSelect());
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === option && !o.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

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
        prefill={{ customer: { id: 4, name: '林婉清' }, business: { id: 31, name: '林婉清的水光疗程' } }}
      />,
      { permissions: ['crm:contract:save', 'crm:customer:index', 'crm:business:index', 'crm:product:index'] },
    );
    await waitFor(() => expect(within(screen.getByTestId('product-lines')).getByText('水光针')).toBeTruthy());
    await waitFor(() => expect((screen.getByLabelText('合同金额') as HTMLInputElement).value).toBe('1620'));
    expect(shownBusiness()).toBe('林婉清的水光疗程');
    expect(businessSelect().className).toContain('ant-select-disabled');
    expect(screen.getByTestId('choose-customer').textContent).toContain('林婉清');

    fireEvent.change(screen.getByLabelText('合同编号'), { target: { value: 'HT-2' } });
    fireEvent.change(screen.getByLabelText('合同名称'), { target: { value: '水光疗程合同' } });
    fireEvent.click(screen.getByTestId('save-draft'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ entity: { customerId: 4, businessId: 31, totalPrice: 1620 } });
  });
});

describe('the contract form’s review section and buttons (crm-records 2)', { timeout: 120_000 }, () => {
  const render = (flow: FlowInfo) => {
    fakeFetch({ ...answers([]), '/OaExamine/queryExamineFlowInfo': flow });
    renderWithApp(<ContractFormPanel open onClose={() => {}} onSaved={() => {}} />, {
      permissions: ['crm:contract:save', 'crm:customer:index', 'crm:business:index', 'crm:product:index'],
    });
  };

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
