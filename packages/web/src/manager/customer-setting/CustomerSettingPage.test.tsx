import { buildAuthObject, type CustomerSettingRow } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import CustomerSettingPage from './CustomerSettingPage';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const permissions = ['manage:backstage:look', 'manage:crm:setting'];
const rule = (extra: Partial<CustomerSettingRow> = {}): CustomerSettingRow => ({
  settingId: 3,
  settingName: '销售部上限',
  type: 1,
  customerNum: 200,
  customDeal: 0,
  users: [{ userId: 5, realname: '孙丽' }],
  depts: [{ id: 2, name: '销售部' }],
  createTime: '2026-11-20T02:00:00.000Z',
  ...extra,
});
const page = (list: CustomerSettingRow[]) => ({ list, totalRow: list.length, page: 1, limit: 15 });
const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const button = (name: RegExp, within: HTMLElement | Document = document) =>
  [...within.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;

function open(answers: Record<string, unknown>) {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const calls = fakeFetch({
    '/CrmCustomer/queryCustomerSetting': (b: Record<string, unknown>) =>
      b.type === 2 ? page([rule({ settingId: 9, settingName: '锁定上限', type: 2, customerNum: 20 })]) : page([rule()]),
    '/CrmCustomer/customerSetting': { settingId: 3 },
    '/CrmCustomer/deleteCustomerSetting': null,
    ...answers,
  });
  renderWithApp(<CustomerSettingPage />, { permissions });
  return calls;
}

describe('客户数量限制', { timeout: 60_000 }, () => {
  it('lists the owned-customer limits, then the locked ones on their tab', async () => {
    const calls = open({});
    expect(await screen.findByText('销售部上限')).toBeTruthy();
    expect(screen.getByText('孙丽')).toBeTruthy();
    expect(screen.getByText('销售部')).toBeTruthy();
    expect(screen.getByText('200')).toBeTruthy();
    expect(sent(calls, '/CrmCustomer/queryCustomerSetting')[0]).toEqual({ type: 1, page: 1, limit: 15 });
    fireEvent.click(screen.getByRole('tab', { name: '锁定客户上限' }));
    expect(await screen.findByText('锁定上限')).toBeTruthy();
    expect(sent(calls, '/CrmCustomer/queryCustomerSetting').at(-1)).toEqual({ type: 2, page: 1, limit: 15 });
  });

  it('refuses an incomplete new rule with the schema’s messages and sends nothing', async () => {
    const calls = open({});
    await screen.findByText('销售部上限');
    fireEvent.click(button(/新建规则/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('客户数量上限'), { target: { value: '0' } });
    fireEvent.click(button(/^保\s?存$/, dialog));
    expect(await within(dialog).findByText('请输入规则名称')).toBeTruthy();
    expect(await within(dialog).findByText('客户数量须为1到100000的整数')).toBeTruthy();
    expect(await within(dialog).findByText('请选择适用的员工或部门')).toBeTruthy();
    expect(sent(calls, '/CrmCustomer/customerSetting')).toHaveLength(0);
  });

  it('edits a rule: its values prefilled, the changes sent with its id, the list reloaded', async () => {
    const calls = open({});
    await screen.findByText('销售部上限');
    fireEvent.click(button(/^编\s?辑$/));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('规则名称') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('销售部上限'));
    expect(within(dialog).getByText('孙丽')).toBeTruthy();
    fireEvent.change(name, { target: { value: '销售部新上限' } });
    fireEvent.change(within(dialog).getByLabelText('客户数量上限'), { target: { value: '300' } });
    fireEvent.click(within(dialog).getByLabelText('占用'));
    const loads = sent(calls, '/CrmCustomer/queryCustomerSetting').length;
    fireEvent.click(button(/^保\s?存$/, dialog));
    await waitFor(() =>
      expect(sent(calls, '/CrmCustomer/customerSetting')).toEqual([
        {
          settingId: 3,
          settingName: '销售部新上限',
          type: 1,
          customerNum: 300,
          customDeal: 1,
          userIds: [5],
          deptIds: [2],
        },
      ]),
    );
    await waitFor(() => expect(sent(calls, '/CrmCustomer/queryCustomerSetting').length).toBeGreaterThan(loads));
  });

  it('deletes a rule only after confirmation', async () => {
    const calls = open({});
    await screen.findByText('销售部上限');
    fireEvent.click(button(/^删\s?除$/));
    expect(await screen.findByText('确定删除规则“销售部上限”吗？')).toBeTruthy();
    expect(sent(calls, '/CrmCustomer/deleteCustomerSetting')).toHaveLength(0);
    fireEvent.click(button(/^(OK|确\s?定)$/));
    await waitFor(() => expect(sent(calls, '/CrmCustomer/deleteCustomerSetting')).toEqual([{ settingId: 3 }]));
  });
});
