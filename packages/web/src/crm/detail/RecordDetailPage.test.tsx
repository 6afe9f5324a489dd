import type { ActionRecord, RecordDetail, TeamMember } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers } from '@/test/answers';
import { sourceField } from '@/test/crm-records';
import { fakeFetch, refuse, renderWithApp } from '@/workbench/examine/test-utils';
import { crmKindByKey } from '../kinds';
import { RecordDetailPage } from './RecordDetailPage';

configure({ asyncUtilTimeout: 5000 });

const customer = crmKindByKey('customer')!;
const detail = (access: Partial<RecordDetail['access']> = {}): RecordDetail => ({
  record: {
    customerId: 4,
    customerName: '张三',
    mobile: '13800000000',
    gender: 2,
    hasOldCustomer: true,
    field_1: '转介绍',
    ownerUserId: 5,
    ownerUserName: '孙丽',
    createUserId: 3,
    createUserName: '李明',
    createTime: '2026-11-20T02:00:00.000Z',
    updateTime: '2026-11-21T02:00:00.000Z',
    nextTime: null,
    batchId: 'b-4',
  },
  access: { read: true, write: true, owner: true, ...access },
});
const person = (userId: number, realname: string) => ({ userId, realname, img: '', deptName: '销售一部' });
const team: TeamMember[] = [
  { ...person(5, '孙丽'), power: 3 },
  { ...person(8, '周杰'), power: 1 },
];
const actions: ActionRecord[] = [
  {
    actionId: 2,
    action: 'update',
    detail: '编辑了客户',
    changes: [{ field: 'mobile', name: '手机号', before: '13900000000', after: '13800000000' }],
    user: person(5, '孙丽'),
    createTime: '2026-11-21T02:00:00.000Z',
  },
];
const fields = [sourceField];
const answers = (extra: Answers = {}): Answers => ({
  '/CrmCustomer/queryById': detail(),
  '/field/queryField': fields,
  '/CrmCustomer/getRecord': { list: [], totalRow: 0, page: 1, limit: 10 },
  '/CrmRecord/queryRecordOptions': ['打电话', '发短信', '上门拜访'],
  '/CrmCustomer/getMembers': team,
  '/CrmCustomer/queryActionRecord': actions,
  ...extra,
});
const all = [
  'crm:customer:index',
  'crm:customer:read',
  'crm:customer:update',
  'crm:customer:transfer',
  'crm:customer:teamsave',
  'crm:customer:delete',
];
const open = (permissions = all) =>
  renderWithApp(
    <Routes>
      <Route path="/crm/customer/:id" element={<RecordDetailPage kind={customer} />} />
    </Routes>,
    { permissions, route: '/crm/customer/4' },
  );
const tab = (name: string) =>
  fireEvent.click([...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === name)!);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RecordDetailPage (customers)', { timeout: 180_000 }, () => {
  it('shows the header, the actions the viewer may take, and the fixed and custom fields with coded values as words', async () => {
    const calls = fakeFetch(answers());
    open();
    expect((await screen.findByTestId('record-title')).textContent).toBe('张三');
    expect(calls.find((c) => c.path === '/CrmCustomer/queryById')!.body).toEqual({ id: '4' });
    const head = screen.getByTestId('record-detail');
    // Owner and creator in the header.
    expect(within(head).getByText('孙丽')).toBeTruthy();
    expect(within(head).getByText('李明')).toBeTruthy();
    for (const id of ['record-edit', 'record-transfer', 'record-delete']) expect(screen.getByTestId(id)).toBeTruthy();
    const basic = await screen.findByTestId('record-basic');
    await within(basic).findByText('客户来源');
    expect(within(basic).getByText('转介绍')).toBeTruthy();
    expect(within(basic).getByText('女')).toBeTruthy();
    expect(within(basic).getByText('是')).toBeTruthy();
    expect(within(basic).getByText('13800000000')).toBeTruthy();
  });

  it('a read-only viewer (team power 1) gets no edit, transfer or delete, and cannot manage the team', async () => {
    fakeFetch(answers({ '/CrmCustomer/queryById': detail({ write: false, owner: false }) }));
    open();
    await screen.findByTestId('record-title');
    expect(screen.getByText('只读')).toBeTruthy();
    for (const id of ['record-edit', 'record-transfer', 'record-delete']) expect(screen.queryByTestId(id)).toBeNull();
    tab('相关团队');
    await screen.findAllByTestId('team-row');
    expect(screen.queryByTestId('team-add')).toBeNull();
  });

  it('adds a follow-up with the method, content and next time; the shared schema refuses an empty one first', async () => {
    const calls = fakeFetch(answers({ '/CrmCustomer/addRecord': { id: 11 } }));
    open();
    await screen.findByTestId('record-title');
    tab('跟进记录');
    const box = await screen.findByTestId('follow-ups');
    fireEvent.click(within(box).getByTestId('follow-publish'));
    expect(await within(box).findByText('请输入跟进内容')).toBeTruthy();
    expect(calls.some((c) => c.path === '/CrmCustomer/addRecord')).toBe(false);
    fireEvent.change(within(box).getByTestId('follow-content'), { target: { value: '电话沟通，下周到店' } });
    fireEvent.click(within(box).getByTestId('follow-publish'));
    await waitFor(() => expect(calls.some((c) => c.path === '/CrmCustomer/addRecord')).toBe(true));
    const body = calls.find((c) => c.path === '/CrmCustomer/addRecord')!.body;
    expect(body).toMatchObject({ id: 4, category: '打电话', content: '电话沟通，下周到店' });
    expect(typeof body.batchId).toBe('string');
  });

  it('lists the team with powers; the owner has no actions; a member is removed after confirmation', async () => {
    const calls = fakeFetch(answers({ '/CrmCustomer/deleteMembers': null }));
    open();
    await screen.findByTestId('record-title');
    tab('相关团队');
    const rows = await screen.findAllByTestId('team-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('负责人'),
      expect.stringContaining('只读'),
    ]);
    expect(within(rows[0]!).queryByText('移除')).toBeNull();
    fireEvent.click(within(rows[1]!).getByText('移除'));
    expect(await screen.findByText('确定将 周杰 移出团队吗？')).toBeTruthy();
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.ant-modal-confirm .ant-btn-primary')].at(-1)!);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/CrmCustomer/deleteMembers')?.body).toEqual({ ids: [4], memberIds: [8] }),
    );
  });

  it('shows the operation log with each field before and after', async () => {
    fakeFetch(answers());
    open();
    await screen.findByTestId('record-title');
    tab('操作记录');
    const item = await screen.findByTestId('action-item');
    expect(item.textContent).toContain('编辑了客户');
    expect(item.textContent).toContain('将 手机号 由 13900000000 修改为 13800000000');
  });

  it('answers a record that cannot be read with the not-found page', async () => {
    fakeFetch(answers({ '/CrmCustomer/queryById': refuse(403, '无权访问') }));
    open();
    expect(await screen.findByText('客户不存在或无权查看')).toBeTruthy();
  });
});
