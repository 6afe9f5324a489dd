import { storeKind } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers } from '@/test/answers';
import { fieldDef } from '@/test/crm-records';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { LayoutForm, type LayoutFormProps } from '../form/layout/LayoutForm';
import type { StoreDetail } from './api';
import storeForm from './form';

/** The shop's form: the generic layout form with the shop's declaration (issue 27). */
const StoreFormPanel = (props: Omit<LayoutFormProps, 'kind' | 'spec'>) => (
  <LayoutForm kind={{ descriptor: storeKind, prefix: 'api/Store', path: 'store' }} spec={storeForm} {...props} />
);

// The map dialog stands in for the real one, and says when its module is first loaded.
const mapModule = vi.hoisted(() => ({ loaded: 0 }));
vi.mock('@/components/map-picker/MapPickerDialog', () => {
  mapModule.loaded += 1;
  return { MapPickerDialog: ({ open }: { open: boolean }) => (open ? <div>地图对话框</div> : null) };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const asSales = { permissions: ['crm:store:save', 'crm:store:update', 'crm:store:read'] };
const lookups: Answers = {
  '/api/Store/findProjectClass': [
    { classId: 1, className: '皮肤管理' },
    { classId: 2, className: '微整形' },
  ],
  '/api/Store/findProjectByType': [{ projectId: 7, projectName: '水光针', classId: 1, className: '皮肤管理' }],
  '/api/Store/queryShopOwnerList': [],
  '/api/Store/queryServerList': [],
  '/api/Store/queryShopOwnerRelation': [{ userId: 3, realname: '赵强', deptName: '销售一部' }],
  '/api/Store/queryBankName': (body) => ({
    bankName: String(body.cardNumber).startsWith('622848') ? '中国农业银行' : null,
  }),
};

const detail: StoreDetail = {
  record: {
    id: 12,
    name: '王芳',
    sex: 1,
    phone: '13800001001',
    idCard: '510104199001011000',
    gatIdCard: '',
    shopName: '丽人医美会所',
    shopAddress: '四川省成都市锦江区春熙路88号',
    otherManage: '王店长',
    otherPhone: '',
    relation: '3',
    projectClass: '1',
    isBeatingClass: '',
    signing: '0',
    money: 12800,
    signTime: '2026-01-15',
    giveProject: '微整项目',
    hasOldCustomer: 0,
    isManageShops: 0,
    serverIds: '',
    signItemUserIds: '',
    hasSign: false,
    signTimes: null,
    batchId: 'seed-store-1',
    ownerUserId: 5,
    ownerUserName: '孙丽',
    createUserId: 5,
    createUserName: '孙丽',
    createTime: '2026-01-15T00:00:00.000Z',
    updateTime: '2026-01-15T00:00:00.000Z',
    nextTime: null,
  },
  access: { read: true, write: true, owner: true },
  IsCanUpdateUserOwner: false,
  adminUserName: '',
  parentName: '',
  relationName: '赵强',
  signUserIds: [],
  servers: [],
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByTestId('record-save'));
/** Validation runs the shared schema per field: give a loaded machine time. */
const shown = (text: string) => screen.findByText(text, undefined, { timeout: 20_000 });
/** A field of the later sections: their chunk mounts just after the first paint. */
const laterField = (label: string) => waitFor(() => field(label), { timeout: 20_000 });
const slow = { timeout: 20_000 };

describe('the shop form (generic form + the shop layout)', { timeout: 120_000 }, () => {
  it('opens with its first section at once, the later ones a moment after, under anchors to each', async () => {
    fakeFetch(lookups);
    renderWithApp(<StoreFormPanel open onClose={() => {}} onSaved={() => {}} />, asSales);
    // The first render holds 店主基本信息 only (issue 26 item 6: the whole column took seconds).
    expect(field('店主姓名')).toBeTruthy();
    expect(screen.queryByLabelText('门店名称')).toBeNull();
    expect((screen.getByTestId('record-save') as HTMLButtonElement).disabled).toBe(true);
    const nav = screen.getByTestId('form-sections');
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['店主基本信息', '门店信息', '其他信息', '财务信息', '12800签约信息']);
    expect(await laterField('门店名称')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('record-save') as HTMLButtonElement).disabled).toBe(false));
    for (const b of within(nav).getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(false);
    // An anchor scrolls its section into view.
    const scrolled = vi.fn();
    const target = document.getElementById('layout-form-finance')!;
    target.scrollIntoView = scrolled;
    fireEvent.click(within(nav).getByRole('button', { name: /财务信息/ }));
    expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('loads the map dialog only when the address button is pressed', async () => {
    fakeFetch(lookups);
    renderWithApp(<StoreFormPanel open onClose={() => {}} onSaved={() => {}} />, asSales);
    await laterField('门店名称');
    expect(mapModule.loaded).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: /选择地址/ }));
    expect(await screen.findByText('地图对话框', undefined, slow)).toBeTruthy();
    expect(mapModule.loaded).toBe(1);
  });

  it('shows every required message of spec 5.1 and sends nothing', async () => {
    const calls = fakeFetch(lookups);
    renderWithApp(<StoreFormPanel open onClose={() => {}} onSaved={() => {}} />, asSales);
    expect(await screen.findByText('新建门店')).toBeTruthy();
    for (const title of ['店主基本信息', '门店信息', '其他信息', '财务信息', '12800签约信息'])
      expect(await screen.findByText(title, { selector: '.layout-form__section *' }, slow)).toBeTruthy();
    // The owner section is for editing only.
    expect(screen.queryByText('负责人信息', { selector: '.layout-form__section *' })).toBeNull();
    fireEvent.change(field('门店联系电话'), { target: { value: '1380013800a' } });
    await waitFor(() => expect((screen.getByTestId('record-save') as HTMLButtonElement).disabled).toBe(false), slow);
    save();
    for (const msg of [
      '请输入店主姓名',
      '请输入正确的门店联系电话',
      '请输入身份证号',
      '请输入签约金额',
      '请输入门店名称',
      '请输入管理员用户名',
      '请选择门店地址',
      '请选择服务三级',
      '请选择门店主营项目分类',
      '请输入签约目标',
      '请选择日期',
    ])
      expect(await shown(msg)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/Store/addShopOwner')).toBe(false);
  });

  it('checks the shop owner name on blur', async () => {
    fakeFetch(lookups);
    renderWithApp(<StoreFormPanel open onClose={() => {}} onSaved={() => {}} />, asSales);
    fireEvent.blur(await laterField('店主姓名'));
    expect(await shown('请输入店主姓名')).toBeTruthy();
  });

  it.each([
    ['12.345', '12.34'],
    ['abc', '0'],
    ['-5', '0'],
    ['100', '100'],
    ['0.1', '0.1'],
  ])('turns the signing amount %s into %s on blur', async (typed, shown) => {
    fakeFetch(lookups);
    renderWithApp(<StoreFormPanel open onClose={() => {}} onSaved={() => {}} />, asSales);
    const money = await laterField('签约金额（元）');
    fireEvent.change(money, { target: { value: typed } });
    fireEvent.blur(money);
    await waitFor(() => expect(field('签约金额（元）').value).toBe(shown));
  });

  it('lets at most 2 gift projects be chosen', async () => {
    fakeFetch(lookups);
    renderWithApp(<StoreFormPanel open onClose={() => {}} onSaved={() => {}} />, asSales);
    const gifts = await laterField('赠送项目');
    fireEvent.mouseDown(gifts);
    fireEvent.click(await screen.findByTitle('微整项目'));
    fireEvent.click(await screen.findByTitle('手术项目'));
    const third = await screen.findByTitle('3800券4张');
    expect(third.getAttribute('aria-disabled') ?? third.className).toMatch(/true|disabled/);
    fireEvent.click(third);
    const chosen = screen.getByTestId('store-gifts');
    await waitFor(() => expect(within(chosen).queryByText('3800券4张')).toBeNull());
    expect(within(chosen).getByText('微整项目')).toBeTruthy();
    expect(within(chosen).getByText('手术项目')).toBeTruthy();
  });

  it('shows the issuing bank once the card number has 10 digits', async () => {
    fakeFetch(lookups);
    renderWithApp(<StoreFormPanel open onClose={() => {}} onSaved={() => {}} />, asSales);
    const card = await laterField('银行卡号');
    fireEvent.change(card, { target: { value: '622848001' } });
    expect(screen.queryByTestId('bank-name')).toBeNull();
    fireEvent.change(card, { target: { value: '6228480012' } });
    expect((await screen.findByTestId('bank-name')).textContent).toBe('开户银行：中国农业银行');
  });

  it('edits a loaded shop: prefilled, sent with its id, 编辑成功, then closes and reports the id', async () => {
    const calls = fakeFetch({
      ...lookups,
      '/api/Store/queryShopOwnerById': detail,
      '/api/Store/editShopOwner': { id: 12 },
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithApp(<StoreFormPanel open recordId={12} onClose={onClose} onSaved={onSaved} />, asSales);
    expect(await screen.findByText('编辑门店')).toBeTruthy();
    await waitFor(() => expect(field('门店名称').value).toBe('丽人医美会所'), slow);
    expect(field('签约金额（元）').value).toBe('12800.00');
    expect(screen.queryByText('负责人信息', { selector: '.layout-form__section *' })).toBeNull();
    fireEvent.change(field('门店名称'), { target: { value: '丽人医美会所（旗舰店）' } });
    save();
    expect(await shown('编辑成功')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/Store/editShopOwner')!.body;
    expect(sent).toMatchObject({
      id: '12',
      shopName: '丽人医美会所（旗舰店）',
      relation: '3',
      projectClass: '1',
      signing: '0',
      signTime: '2026-01-15',
      money: '12800.00',
      batchId: 'seed-store-1',
      isWebGuWenUpdate: '1',
    });
    expect(onSaved).toHaveBeenCalledWith(12);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the owner section when the loaded shop allows changing its owner', async () => {
    fakeFetch({ ...lookups, '/api/Store/queryShopOwnerById': { ...detail, IsCanUpdateUserOwner: true } });
    renderWithApp(<StoreFormPanel open recordId={12} onClose={() => {}} onSaved={() => {}} />, asSales);
    expect(await screen.findByText('负责人信息', { selector: '.layout-form__section *' })).toBeTruthy();
    expect(await screen.findByText('孙丽', undefined, slow)).toBeTruthy();
  });

  it('honours field permissions: a read-only field is disabled, a hidden one not shown', async () => {
    // field/queryField lists the fixed fields the user may see: 身份证号 is hidden, 门店联系电话 read-only.
    const fixed = (fieldName: string, name: string, authLevel: 2 | 3) => fieldDef(fieldName, name, { authLevel });
    const calls = fakeFetch({
      ...lookups,
      '/field/queryField': [
        fixed('name', '店主姓名', 3),
        fixed('phone', '门店联系电话', 2),
        fixed('shopName', '门店名称', 3),
      ],
      '/api/Store/queryShopOwnerById': detail,
      '/api/Store/editShopOwner': { id: 12 },
    });
    renderWithApp(<StoreFormPanel open recordId={12} onClose={() => {}} onSaved={() => {}} />, asSales);
    await waitFor(() => expect(field('门店名称').value).toBe('丽人医美会所'), slow);
    await waitFor(() => expect(screen.queryByLabelText('身份证号')).toBeNull());
    expect(field('门店联系电话').disabled).toBe(true);
    expect(field('门店名称').disabled).toBe(false);
    save();
    expect(await shown('编辑成功')).toBeTruthy();
    // An unchanged read-only value may go back on an update (the server compares it with the stored one).
    expect(calls.find((c) => c.path === '/api/Store/editShopOwner')!.body).toMatchObject({ phone: '13800001001' });
  });

  it('saves a shop whose required fields are hidden: they are neither required nor sent', async () => {
    // The server answers no hidden field: the shop as a user sees it who sees only these three.
    const { idCard, money, signing, signTime, shopAddress, otherManage, relation, sex, ...visible } = detail.record;
    const calls = fakeFetch({
      ...lookups,
      '/field/queryField': [
        fieldDef('name', '店主姓名', { authLevel: 3 }),
        fieldDef('phone', '门店联系电话', { authLevel: 2 }),
        fieldDef('shopName', '门店名称', { authLevel: 3 }),
      ],
      '/api/Store/queryShopOwnerById': { ...detail, record: visible },
      '/api/Store/editShopOwner': { id: 12 },
    });
    renderWithApp(<StoreFormPanel open recordId={12} onClose={() => {}} onSaved={() => {}} />, asSales);
    await waitFor(() => expect(field('门店名称').value).toBe('丽人医美会所'), slow);
    await waitFor(() => expect(screen.queryByLabelText('身份证号')).toBeNull());
    save();
    expect(await shown('编辑成功')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/Store/editShopOwner')!.body as Record<string, unknown>;
    for (const name of ['idCard', 'money', 'signing', 'signTime', 'shopAddress', 'otherManage', 'relation', 'sex'])
      expect([name, name in sent]).toEqual([name, false]);
    expect(sent).toMatchObject({ id: '12', shopName: '丽人医美会所', phone: '13800001001' });
  });
});
