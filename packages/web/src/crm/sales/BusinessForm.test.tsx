import type { BusinessTypeRow } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers } from '@/test/answers';
import { queryFieldsOf, recordDetail } from '@/test/crm-records';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { RecordFormOverlay } from '../form/RecordFormOverlay';
import { crmKindByKey } from '../kinds';

configure({ asyncUtilTimeout: 5000 });

const business = crmKindByKey('business')!;
const stage = (statusId: number, typeId: number, name: string, orderNum: number) => ({
  statusId,
  typeId,
  name,
  rate: orderNum * 20,
  orderNum,
});
const groups: BusinessTypeRow[] = [
  {
    typeId: 1,
    name: '医美项目商机',
    status: 1,
    statusList: [stage(11, 1, '初步接洽', 1), stage(12, 1, '需求确认', 2)],
  },
  { typeId: 2, name: '皮肤管理商机', status: 1, statusList: [stage(21, 2, '邀约到店', 1)] },
];
const answers = (saved: unknown[]): Answers => ({
  '/field/queryField': queryFieldsOf(business.descriptor),
  '/CrmBusiness/queryBusinessStatusOptions': groups,
  '/CrmCustomer/queryById': recordDetail({ customerId: 4, customerName: '林婉清' }),
  '/CrmBusiness/addOrUpdate': (body: unknown) => {
    saved.push(body);
    return { id: 9 };
  },
});

/** Open an antd select by its test id and click an option. */
async function choose(testId: string, option: string) {
  const select = await screen.findByTestId(testId);
  await waitFor(() => expect(select.closest('.ant-select')?.className).not.toContain('ant-select-disabled'));
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === option && !o.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}
/** The chosen option's label (antd puts it in the title of the select's content). */
const shown = (testId: string) =>
  screen.getByTestId(testId).querySelector('.ant-select-content-has-value')?.getAttribute('title') ?? '';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the opportunity overlay (crm-records §4)', { timeout: 120_000 }, () => {
  it('a relative create from a customer: the customer filled in and locked; a new group clears the stage', async () => {
    const saved: unknown[] = [];
    fakeFetch(answers(saved));
    renderWithApp(
      <RecordFormOverlay
        kind={business}
        open
        preset={{ customerId: 4 }}
        locked={['customerId']}
        onClose={() => {}}
        onSaved={() => {}}
      />,
      { permissions: ['crm:business:save', 'crm:business:index', 'crm:customer:index'] },
    );
    const customer = (await screen.findByTestId('relation-input-customer')) as HTMLInputElement;
    await waitFor(() => expect(customer.value).toContain('林婉清'));
    expect(customer.disabled).toBe(true);

    // No group yet: no stage to choose.
    expect(within(screen.getByTestId('business-status-select')).queryByText('初步接洽')).toBeNull();
    await choose('business-type-select', '医美项目商机');
    await choose('business-status-select', '需求确认');
    expect(shown('business-status-select')).toBe('需求确认');
    // Another group: its stages are offered and the chosen stage is gone.
    await choose('business-type-select', '皮肤管理商机');
    await waitFor(() => expect(shown('business-status-select')).toBe(''));
    await choose('business-status-select', '邀约到店');

    fireEvent.change(screen.getByLabelText('商机名称'), { target: { value: '林婉清的皮肤管理' } });
    fireEvent.click(screen.getByTestId('record-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      entity: {
        businessName: '林婉清的皮肤管理',
        customerId: 4,
        typeId: 2,
        statusId: 21,
        totalPrice: 0,
        discountRate: 0,
      },
      product: [],
    });
  });
});
