import type { ListColumn, RecordRow, Scene } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers } from '@/test/answers';
import { sourceField, sunLiRow } from '@/test/crm-records';
import { pickerUser, userPage } from '@/test/people';
import { chooseOption } from '@/test/select';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { crmKindByKey } from '../kinds';
import { RecordListPage } from './RecordListPage';

configure({ asyncUtilTimeout: 5000 });

const customer = crmKindByKey('customer')!;
const col = (key: string, name: string, extra: Partial<ListColumn> = {}): ListColumn => ({
  key,
  name,
  width: null,
  hidden: false,
  fieldType: 1,
  formType: 'text',
  ...extra,
});
/** The list head as the server answers it: the user moved 客户来源 forward and hid 更新时间. */
const head: ListColumn[] = [
  col('customerName', '客户名称'),
  col('field_1', '客户来源', { fieldType: 0, formType: 'select' }),
  col('nextTime', '下次联系时间', { formType: 'datetime' }),
  col('updateTime', '更新时间', { formType: 'datetime', hidden: true }),
  col('createTime', '创建时间', { formType: 'datetime', width: 180 }),
  col('mobile', '手机号', { formType: 'mobile', hidden: true }),
];
const scenes: Scene[] = [
  { sceneId: -1, name: '全部', isDefault: 0, isSystem: true, data: {} },
  { sceneId: -2, name: '我负责的', isDefault: 1, isSystem: true, data: {} },
  { sceneId: -3, name: '下属负责的', isDefault: 0, isSystem: true, data: {} },
  { sceneId: -4, name: '我参与的', isDefault: 0, isSystem: true, data: {} },
  {
    sceneId: 7,
    name: '网络来的',
    isDefault: 0,
    isSystem: false,
    data: { field_1: { condition: 'is', value: '网络' } },
  },
];
const row = (customerId: number, customerName: string): RecordRow =>
  sunLiRow({ customerId, customerName, field_1: '网络', batchId: `b-${customerId}` });
const fields = [sourceField];

const answers = (extra: Answers = {}): Answers => ({
  '/CrmCustomer/queryListHead': head,
  '/CrmCustomer/queryScene': scenes,
  '/field/queryField': fields,
  '/CrmCustomer/queryPageList': (body) => ({
    list: body.page === 2 ? [row(3, '王五')] : [row(1, '张三'), row(2, '李四')],
    totalRow: 40,
    page: Number(body.page),
    limit: Number(body.limit),
  }),
  ...extra,
});
const lists = (calls: Call[]) => calls.filter((c) => c.path === '/CrmCustomer/queryPageList').map((c) => c.body);
const lastList = (calls: Call[]) => lists(calls).at(-1)!;
const asSales = [
  'crm:customer:index',
  'crm:customer:read',
  'crm:customer:save',
  'crm:customer:transfer',
  'crm:customer:teamsave',
  'crm:customer:delete',
];

/** A column header cell by its title. */
const header = (title: string) =>
  [...document.querySelectorAll<HTMLElement>('thead th')].find((th) => th.textContent === title)!;
/** The primary button of the open confirmation. */
const confirmOk = () => [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm .ant-btn-primary')].at(-1)!;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RecordListPage (customers)', { timeout: 180_000 }, () => {
  it('shows the columns of the user list head in order, hides hidden ones, and opens on the default scene', async () => {
    const calls = fakeFetch(answers());
    renderWithApp(<RecordListPage kind={customer} />, { permissions: asSales });
    await screen.findByText('张三');
    const titles = [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter(Boolean);
    expect(titles).toEqual(['客户名称', '客户来源', '下次联系时间', '创建时间']);
    // The name links to the detail.
    expect(screen.getByText('张三').closest('a')?.getAttribute('href')).toBe('/crm/customer/1');
    // First page by 15, no scene named: the server applies the default one, which the select shows.
    expect(lists(calls)[0]).toMatchObject({ page: 1, limit: 15, search: '', sortField: '', data: {} });
    expect(lists(calls)[0]).not.toHaveProperty('sceneId');
    await waitFor(() => expect(screen.getByTestId('scene-select').textContent).toContain('我负责的'));
  });

  it('opens on the scene a link names (?scene=: the workbench tiles)', async () => {
    const calls = fakeFetch(answers());
    renderWithApp(<RecordListPage kind={customer} />, { permissions: asSales, route: '/crm/customer?scene=-3' });
    await screen.findByText('张三');
    expect(lists(calls)[0]).toMatchObject({ sceneId: -3, page: 1 });
    await waitFor(() => expect(screen.getByTestId('scene-select').textContent).toContain('下属负责的'));
  });

  it('asks again per scene, search, sort and page', async () => {
    const calls = fakeFetch(answers());
    renderWithApp(<RecordListPage kind={customer} />, { permissions: asSales });
    await screen.findByText('张三');
    await chooseOption(screen.getByTestId('scene-select'), '网络来的');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sceneId: 7, page: 1 }));

    fireEvent.change(screen.getByPlaceholderText('请输入客户名称/手机号'), { target: { value: ' 张 ' } });
    fireEvent.keyDown(screen.getByPlaceholderText('请输入客户名称/手机号'), {
      key: 'Enter',
      code: 'Enter',
      keyCode: 13,
    });
    await waitFor(() => expect(lastList(calls)).toMatchObject({ search: '张', sceneId: 7 }));

    // Sorting on a custom column as on any other.
    fireEvent.click(header('客户来源'));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sortField: 'field_1', order: 'asc' }));
    fireEvent.click(header('客户来源'));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sortField: 'field_1', order: 'desc' }));

    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await screen.findByText('王五');
    expect(lastList(calls)).toMatchObject({ page: 2, limit: 15, sortField: 'field_1', order: 'desc' });
  });

  it('sends the advanced filter as {field: {name, condition, value, formType}} and saves it as a scene', async () => {
    const calls = fakeFetch(answers({ '/CrmCustomer/saveScene': { id: 9 } }));
    renderWithApp(<RecordListPage kind={customer} />, { permissions: asSales });
    await screen.findByText('张三');
    fireEvent.click(screen.getByTestId('filter-open'));
    const dialog = await screen.findByTestId('crm-filter');
    const first = within(dialog).getAllByTestId('filter-row')[0]!;
    await chooseOption(within(first).getByLabelText('字段'), '客户名称');
    await chooseOption(within(first).getByLabelText('条件'), '包含');
    fireEvent.change(within(first).getByLabelText('值'), { target: { value: '张' } });
    fireEvent.click(within(dialog).getByText('添加条件'));
    const second = within(dialog).getAllByTestId('filter-row')[1]!;
    await chooseOption(within(second).getByLabelText('字段'), '手机号');
    await chooseOption(within(second).getByLabelText('条件'), '为空');
    fireEvent.click(screen.getByTestId('filter-apply'));
    await waitFor(() =>
      expect(lastList(calls).data).toEqual({
        customerName: { name: '客户名称', formType: 'text', condition: 'contains', value: '张' },
        mobile: { name: '手机号', formType: 'mobile', condition: 'isNull' },
      }),
    );
    expect(await screen.findByText('已筛选 2 项')).toBeTruthy();

    // The same filter saved as a default scene: the list switches to it.
    fireEvent.click(screen.getByTestId('filter-open'));
    const again = await screen.findByTestId('crm-filter');
    fireEvent.click(within(again).getByText('保存为场景'));
    fireEvent.change(within(again).getByLabelText('场景名称'), { target: { value: '张姓无手机' } });
    fireEvent.click(within(again).getByText('设为默认'));
    fireEvent.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(calls.some((c) => c.path === '/CrmCustomer/saveScene')).toBe(true));
    expect(calls.find((c) => c.path === '/CrmCustomer/saveScene')!.body).toEqual({
      name: '张姓无手机',
      isDefault: 1,
      data: {
        customerName: { name: '客户名称', formType: 'text', condition: 'contains', value: '张' },
        mobile: { name: '手机号', formType: 'mobile', condition: 'isNull' },
      },
    });
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sceneId: 9, data: {} }));
  });

  it('transfers the selected rows keeping the old owner as a read-write member, carrying the opportunities', async () => {
    const calls = fakeFetch(
      answers({
        '/CrmCustomer/transfer': null,
        '/system/user/queryUserList': userPage(pickerUser(8, '周杰', { deptId: 1, deptName: '销售一部' })),
      }),
    );
    renderWithApp(<RecordListPage kind={customer} />, { permissions: asSales });
    await screen.findByText('张三');
    const rows = screen.getAllByTestId('record-row');
    fireEvent.click(within(rows[0]!).getByRole('checkbox'));
    fireEvent.click(within(rows[1]!).getByRole('checkbox'));
    const bar = await screen.findByTestId('bulk-bar');
    expect(bar.textContent).toContain('已选中 2 项');
    fireEvent.click(within(bar).getByTestId('bulk-transfer'));
    const dialog = await screen.findByTestId('transfer-dialog');
    fireEvent.click(within(dialog).getByText('请选择'));
    const box = await waitFor(() => {
      const row = [...document.querySelectorAll('[data-testid="mp-user-list"] .mp-row')].find((r) =>
        r.textContent?.includes('周杰'),
      );
      const input = row?.querySelector<HTMLInputElement>('input[type="checkbox"]');
      if (!input) throw new Error('周杰 is not listed yet');
      return input;
    });
    fireEvent.click(box);
    fireEvent.click(screen.getByText(/^确\s?定$/));
    // The chosen owner shows in the dialog before it is sent.
    await within(dialog).findByText('周杰');
    fireEvent.click(within(dialog).getByText('转为团队成员'));
    fireEvent.click(await within(dialog).findByText('读写'));
    // A customer's opportunities may follow it (its contracts are left here).
    fireEvent.click(within(screen.getByTestId('transfer-carry')).getByText('商机'));
    fireEvent.click(screen.getByTestId('transfer-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/CrmCustomer/transfer')).toBe(true));
    expect(calls.find((c) => c.path === '/CrmCustomer/transfer')!.body).toEqual({
      ids: [1, 2],
      newOwnerUserId: 8,
      transferType: 2,
      power: 2,
      carry: ['business'],
    });
  });

  it('offers only the bulk actions the user holds and no create button without save', async () => {
    fakeFetch(answers());
    renderWithApp(<RecordListPage kind={customer} />, { permissions: ['crm:customer:index', 'crm:customer:delete'] });
    await screen.findByText('张三');
    expect(screen.queryByTestId('record-create')).toBeNull();
    fireEvent.click(within(screen.getAllByTestId('record-row')[0]!).getByRole('checkbox'));
    const bar = await screen.findByTestId('bulk-bar');
    expect(within(bar).queryByTestId('bulk-transfer')).toBeNull();
    expect(within(bar).queryByTestId('bulk-members')).toBeNull();
    expect(within(bar).getByTestId('bulk-delete')).toBeTruthy();
  });

  it("fetches the kind's own form code ahead once idle, only for a user who may create", async () => {
    // A kind laid out by the generic form: its form spec is what is fetched ahead.
    const withForm = (spec: () => Promise<never>) => ({ ...customer, form: spec });
    const never = () => new Promise<never>(() => {});
    const reader = vi.fn(never);
    fakeFetch(answers());
    renderWithApp(<RecordListPage kind={withForm(reader)} />, { permissions: ['crm:customer:index'] });
    await screen.findByText('张三');
    await new Promise((r) => setTimeout(r, 400));
    expect(reader).not.toHaveBeenCalled();
    cleanup();
    const creator = vi.fn(never);
    fakeFetch(answers());
    renderWithApp(<RecordListPage kind={withForm(creator)} />, { permissions: asSales });
    await screen.findByText('张三');
    await waitFor(() => expect(creator).toHaveBeenCalledTimes(1));
  });

  it('deletes after the confirmation, and adds members with a power', async () => {
    const calls = fakeFetch(answers({ '/CrmCustomer/deleteByIds': null }));
    renderWithApp(<RecordListPage kind={customer} />, { permissions: asSales });
    await screen.findByText('张三');
    fireEvent.click(within(screen.getAllByTestId('record-row')[1]!).getByRole('checkbox'));
    fireEvent.click(await screen.findByTestId('bulk-delete'));
    expect(await screen.findByText('确定删除选中的 1 条客户吗？删除后不可恢复。')).toBeTruthy();
    expect(calls.some((c) => c.path === '/CrmCustomer/deleteByIds')).toBe(false);
    fireEvent.click(confirmOk());
    await waitFor(() => expect(calls.find((c) => c.path === '/CrmCustomer/deleteByIds')?.body).toEqual({ ids: [2] }));
  });

  it('saves the column arrangement with setListHead', async () => {
    const calls = fakeFetch(answers({ '/CrmCustomer/setListHead': null }));
    renderWithApp(<RecordListPage kind={customer} />, { permissions: asSales });
    await screen.findByText('张三');
    fireEvent.click(document.querySelector('button[aria-label="列设置"]')!);
    const dialog = await screen.findByTestId('column-settings');
    fireEvent.click(dialog.querySelector('input[aria-label="更新时间"]')!);
    fireEvent.click(dialog.querySelectorAll('button[aria-label="上移"]')[1]!);
    fireEvent.click(screen.getByTestId('columns-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/CrmCustomer/setListHead')).toBe(true));
    expect(calls.find((c) => c.path === '/CrmCustomer/setListHead')!.body).toEqual({
      columns: [
        { key: 'field_1', hidden: false },
        { key: 'customerName', hidden: false },
        { key: 'nextTime', hidden: false },
        { key: 'updateTime', hidden: false },
        { key: 'createTime', hidden: false, width: 180 },
        { key: 'mobile', hidden: true },
      ],
    });
  });
});
