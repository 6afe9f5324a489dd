import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldDef, type QueryField } from '@/test/crm-records';
import { type Call, fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import CustomFieldPage from './CustomFieldPage';

const fixed = (fieldId: number, fieldName: string, name: string, formType: QueryField['formType'], isNull = 0) =>
  fieldDef(fieldName, name, { fieldId, formType, isNull, options: formType === 'select' ? ['男', '女'] : [] });
const customerFields = [
  fixed(1, 'customerName', '客户名称', 'text', 1),
  fixed(2, 'gender', '性别', 'select'),
  { ...fixed(3, 'field_1', '会员等级', 'text'), fieldType: 0 as const },
];

let calls: Call[];
beforeEach(() => {
  calls = fakeFetch({
    '/field/list': [
      { label: 2, key: 'customer', types: 'crm_customer', name: '客户', nameEn: 'Customer', updateTime: null },
      {
        label: 11,
        key: 'store',
        types: 'crm_store',
        name: '门店',
        nameEn: 'Shop',
        updateTime: '2026-11-20T08:00:00.000Z',
      },
    ],
    '/field/queryField': customerFields,
    // The stored list after the save (the test reads only the toast).
    '/field/save': customerFields,
    '/system/role/getRoleTypeList': [{ roleType: 2, name: '客户管理角色', nameEn: 'CRM roles' }],
    '/system/role/getRoleByType': [
      {
        roleId: 6,
        roleName: '销售',
        roleType: 2,
        dataType: 1,
        remark: '',
        isSuper: false,
        userCount: 3,
        permissions: [],
      },
    ],
    '/field/queryFieldAuth': [
      {
        fieldName: 'customerName',
        name: '客户名称',
        formType: 'text',
        fieldType: 1,
        authLevel: 3,
        byPermission: false,
      },
      { fieldName: 'idCardUrl', name: '身份证照片', formType: 'file', fieldType: 1, authLevel: 1, byPermission: true },
      { fieldName: 'field_1', name: '会员等级', formType: 'text', fieldType: 0, authLevel: 3, byPermission: false },
    ],
    '/field/setFieldAuth': null,
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = (route: string) =>
  renderWithApp(
    <Routes>
      <Route path="/manager/custom-field" element={<CustomFieldPage />} />
      <Route path="/manager/custom-field/handlefield/:type/:id/:label" element={<CustomFieldPage />} />
    </Routes>,
    { permissions: ['manage:backstage:look', 'manage:crm:field'], route },
  );
const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-section')!;
const fieldRows = () => within(screen.getByTestId('fd-list')).getAllByRole('listitem');

describe('客户管理 › 自定义字段', { timeout: 60_000 }, () => {
  it('opens the designer of a kind at its address and saves the whole list through field/save', async () => {
    page('/manager/custom-field');
    const row = (await screen.findByText('客户')).closest('tr')!;
    expect(within(screen.getByText('门店').closest('tr')!).queryByText('未修改')).toBeNull();
    fireEvent.click(within(row).getByText('编辑字段'));

    await waitFor(() => expect(fieldRows()).toHaveLength(3));
    expect(calls.find((c) => c.path === '/field/queryField')?.body).toEqual({ label: '2' });
    // Fixed fields are marked and cannot be removed; custom ones can.
    expect(within(fieldRows()[0]!).getByText('系统')).toBeTruthy();
    expect(within(fieldRows()[0]!).getByLabelText('系统字段不能删除').closest('button')?.disabled).toBe(true);
    expect(within(fieldRows()[2]!).getByLabelText('删除').closest('button')?.disabled).toBe(false);
    // The approval-only types are not offered for CRM kinds.
    expect(screen.queryByTestId('fd-add-examine_cause')).toBeNull();

    fireEvent.click(within(fieldRows()[0]!).getByText('客户名称'));
    fireEvent.change(within(screen.getByTestId('fd-props')).getByLabelText('字段名称'), {
      target: { value: '客户姓名' },
    });
    fireEvent.click(within(fieldRows()[2]!).getByLabelText('删除'));
    fireEvent.click(screen.getByTestId('fd-add-text'));
    fireEvent.click(within(screen.getByTestId('fd-props')).getByLabelText('唯一'));
    fireEvent.click(within(drawer()).getByText(/^保\s?存$/));

    await waitFor(() => expect(calls.some((c) => c.path === '/field/save')).toBe(true));
    const body = calls.find((c) => c.path === '/field/save')!.body as {
      label: number;
      fields: Record<string, unknown>[];
    };
    expect(body.label).toBe(2);
    expect(body.fields.map((f) => [f.fieldName, f.name, f.isUnique])).toEqual([
      ['customerName', '客户姓名', 0],
      ['gender', '性别', 0],
      [undefined, '单行文本2', 1],
    ]);
    expect(body.fields[0]).not.toHaveProperty('fieldType');
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('sets a role’s field permissions, leaving the ID image to role permissions', async () => {
    page('/manager/custom-field');
    const row = (await screen.findByText('客户')).closest('tr')!;
    fireEvent.click(within(row).getByText('字段权限'));
    await waitFor(() => expect(calls.some((c) => c.path === '/system/role/getRoleByType')).toBe(true));
    fireEvent.mouseDown(drawer().querySelector('.ant-select-selector, .ant-select')!);
    fireEvent.click(await screen.findByTitle('销售'));
    const idCard = await screen.findByRole('radiogroup', { name: '身份证照片' });
    await waitFor(() => expect(within(idCard).getByLabelText('隐藏')).toHaveProperty('checked', true));
    expect(within(idCard).getByLabelText('可编辑')).toHaveProperty('disabled', true);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: '会员等级' })).getByLabelText('隐藏'));
    fireEvent.click(within(screen.getByRole('radiogroup', { name: '客户名称' })).getByLabelText('只读'));
    fireEvent.click(within(drawer()).getByText(/^保\s?存$/));

    await waitFor(() => expect(calls.some((c) => c.path === '/field/setFieldAuth')).toBe(true));
    expect(calls.find((c) => c.path === '/field/setFieldAuth')!.body).toEqual({
      roleId: 6,
      label: 2,
      fields: [
        { fieldName: 'customerName', authLevel: 2 },
        { fieldName: 'field_1', authLevel: 1 },
      ],
    });
  });
});
