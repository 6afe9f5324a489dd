import { buildAuthObject, doctorKind, orderFormKind, setMealKind, tagKind } from '@crm/shared';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import type { Answers } from '@/test/answers';
import { deptNode, pickerUser, userPage } from '@/test/people';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { SettingsPage } from './SettingsPage';
import { fenToYuan, yuanInput } from './values';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const sent = (calls: Call[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
const button = (name: RegExp) =>
  [...document.querySelectorAll('button')].find((b) => name.test((b.textContent ?? '').replace(/\s/g, '')))!;
const page = <T,>(list: T[]) => ({ list, totalRow: list.length, page: 1, limit: 15 });
const times = { createTime: '2026-11-01 10:00:00', updateTime: '2026-11-01 10:00:00' };

function open(kind: typeof tagKind, permissions: string[], answers: Answers) {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  const calls = fakeFetch(answers);
  renderWithApp(<SettingsPage kind={kind} />, { permissions });
  return calls;
}

describe('yuan and fen on the form', () => {
  it.each([
    [' 1280.5 ', '1280.5'],
    ['0.01', '0.01'],
    ['', null],
    ['  ', null],
    [undefined, null],
    ['1.234', '1.234'],
  ])('sends %j as %j (the server reads the yuan)', (typed, sent) => {
    expect(yuanInput(typed)).toBe(sent);
  });
  it('shows fen as yuan', () => expect(fenToYuan(300000)).toBe('3000.00'));
});

describe('the generic settings page', { timeout: 60_000 }, () => {
  const tagPerms = ['project:markManage:read', 'project:markManage:update'];
  const tags = [
    { id: 1, name: 'VIP', color: 'gold', groupName: '会员', sort: 0, enabled: true, ...times },
    { id: 2, name: '敏感肌', color: 'magenta', groupName: '肤质', sort: 1, enabled: false, ...times },
  ];

  it('lists a kind’s rows by its declared columns and saves a new one through its schema', async () => {
    const calls = open(tagKind, tagPerms, {
      '/clinicSettings/tag/queryList': page(tags),
      '/clinicSettings/tag/save': { id: 3 },
    });
    expect(await screen.findByText('VIP')).toBeTruthy();
    expect(screen.getByText('敏感肌')).toBeTruthy();
    expect(screen.getByText('金')).toBeTruthy(); // the colour column reads the option's label
    fireEvent.click(button(/新建/));
    await screen.findByTestId('settings-form-tag');
    // An empty name is refused with the server's own message, and nothing is sent.
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('请填写标签名称')).toBeTruthy();
    expect(sent(calls, '/clinicSettings/tag/save')).toEqual([]);
    fireEvent.change(screen.getByLabelText('标签名称'), { target: { value: '术后护理' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(sent(calls, '/clinicSettings/tag/save')).toHaveLength(1));
    expect(sent(calls, '/clinicSettings/tag/save')[0]).toEqual({
      name: '术后护理',
      color: 'blue',
      groupName: null,
      sort: '',
      enabled: true,
    });
  });

  it('offers no change to someone who may only read', async () => {
    open(tagKind, ['project:markManage:read'], { '/clinicSettings/tag/queryList': page(tags) });
    expect(await screen.findByText('VIP')).toBeTruthy();
    expect(button(/新建/)).toBeUndefined();
    expect(button(/编辑/)).toBeUndefined();
  });

  it('reorders rows with the sort call', async () => {
    const calls = open(tagKind, tagPerms, { '/clinicSettings/tag/queryList': page(tags) });
    await screen.findByText('VIP');
    fireEvent.click(screen.getAllByLabelText('下移')[0]!);
    await waitFor(() => expect(sent(calls, '/clinicSettings/tag/setSort')).toEqual([{ ids: [2, 1] }]));
  });

  it('shows a set meal’s computed total in yuan and edits its items', async () => {
    const meal = {
      id: 7,
      name: '水光焕肤套餐',
      splittable: true,
      priceEditable: false,
      activeFrom: null,
      activeTo: null,
      remark: '',
      total: 300000,
      sort: 0,
      enabled: true,
      items: [{ projectId: 5, projectIdName: '水光针', sessions: 3, price: 240000 }],
      ...times,
    };
    const calls = open(setMealKind as never, ['project:setMeal:read', 'project:setMeal:update'], {
      '/clinicSettings/setMeal/queryList': page([meal]),
      '/clinicSettings/setMeal/queryById': meal,
      '/clinicSettings/options': [{ value: 5, label: '水光针' }],
      '/clinicSettings/setMeal/save': { id: 7 },
    });
    expect(await screen.findByText('¥3000.00')).toBeTruthy();
    fireEvent.click(button(/编辑/));
    // The dialog is rendered before it opens: wait for the read row's values.
    const inputs = () =>
      [
        ...screen.getByTestId('settings-items-items').querySelectorAll('input[inputmode="decimal"]'),
      ] as HTMLInputElement[];
    await waitFor(() => expect(inputs().map((i) => i.value)).toEqual(['3', '2400.00']));
    fireEvent.change(inputs()[1]!, { target: { value: '2399.5' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(sent(calls, '/clinicSettings/setMeal/save')).toHaveLength(1));
    expect(sent(calls, '/clinicSettings/setMeal/save')[0]).toMatchObject({
      id: 7,
      name: '水光焕肤套餐',
      items: [{ projectId: 5, sessions: '3', price: '2399.5' }],
    });
  });

  it('a doctor’s user and department are chosen with the member and department pickers', async () => {
    const doctor = {
      id: 4,
      userId: 12,
      userIdName: '何雪',
      title: '主治医师',
      deptId: 7,
      deptIdName: '客服部',
      bookable: true,
      profile: '',
      sort: 0,
      enabled: true,
      classes: [],
      projects: [],
      ...times,
    };
    open(doctorKind as never, ['project:doctorManage:read', 'project:doctorManage:update'], {
      '/clinicSettings/doctor/queryList': page([doctor]),
      '/clinicSettings/doctor/queryById': doctor,
      '/system/user/queryUserList': userPage(pickerUser(12, '何雪')),
      '/system/dept/queryDeptTree': [deptNode(7, 0, '客服部')],
    });
    expect(await screen.findByText('主治医师')).toBeTruthy();
    fireEvent.click(button(/编辑/));
    const form = await screen.findByTestId('settings-form-doctor');
    await waitFor(() => expect(form.textContent).toContain('何雪'));
    await waitFor(() => expect(form.textContent).toContain('客服部'));
  });

  it('a singleton is one form with its stored values', async () => {
    const calls = open(orderFormKind as never, ['project:openFormConfig:read', 'project:openFormConfig:update'], {
      '/clinicSettings/orderForm/query': {
        id: 1,
        firstVisitOneConsultant: true,
        cashierEditsLines: false,
        arrearsAllowed: true,
        requiredFields: ['consultantId'],
        topUpPerformance: 'paid',
        expiredRefundable: false,
        ...times,
      },
      '/clinicSettings/orderForm/save': { id: 1 },
    });
    await screen.findByTestId('settings-form-orderForm');
    expect(screen.queryByTestId('settings-table-orderForm')).toBeNull();
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(sent(calls, '/clinicSettings/orderForm/save')).toHaveLength(1));
    expect(sent(calls, '/clinicSettings/orderForm/save')[0]).toMatchObject({
      arrearsAllowed: true,
      requiredFields: ['consultantId'],
      topUpPerformance: 'paid',
    });
  });
});
