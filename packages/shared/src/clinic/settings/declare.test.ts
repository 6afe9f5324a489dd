import { describe, expect, it } from 'vitest';
import {
  clinicSettingsContracts,
  clinicSettingsKinds,
  defineSettingsKind,
  deptOperatorKind,
  orderFormKind,
  rowSchemaOf,
  saveSchemaOf,
  setMealKind,
  settingsContractsOf,
  settingsPages,
  tagKind,
} from './index.ts';

const firstMsg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('a declaration gives the save schema', () => {
  const tag = saveSchemaOf(tagKind);
  it('fills defaults and nulls a blank optional value', () => {
    expect(tag.parse({ name: ' VIP ', sort: '' })).toEqual({
      name: 'VIP',
      color: 'blue',
      groupName: '',
      sort: null,
      enabled: true,
    });
  });
  it.each([
    [{ name: '' }, '请填写标签名称'],
    [{}, '请填写标签名称'],
    [{ name: 'x'.repeat(21) }, '标签名称不能超过20个字符'],
    [{ name: 'VIP', color: 'pink' }, '颜色有误'],
    [{ name: 'VIP', sort: 10000 }, '排序须在0到9999之间'],
    [{ name: 'VIP', sort: 'x' }, '排序须在0到9999之间'],
    [{ name: 'VIP', enabled: 'yes' }, '启用有误'],
    [{ name: 'VIP', id: 0 }, '请选择要操作的记录'],
  ])('refuses %j: %s', (body, msg) => {
    expect(firstMsg(tag.safeParse(body))).toBe(msg);
  });

  const meal = saveSchemaOf(setMealKind);
  const item = { projectId: 1, sessions: 3, price: '1280' };
  const itemFen = { projectId: 1, sessions: 3, price: 1280_00 };
  it('reads sub-tables, as JSON arrays or form-encoded objects', () => {
    const parsed = meal.parse({ name: '水光套餐', items: { 0: item, 1: { ...item, projectId: '2', price: '0' } } });
    expect(parsed.items).toEqual([itemFen, { ...itemFen, projectId: 2, price: 0 }]);
    expect(parsed.activeFrom).toBeNull();
  });
  it.each([
    ['1280.5', 128050],
    ['0.05', 5],
    [99.9, 9990],
    ['9999999999.99', 999_999_999_999],
  ])('reads money as yuan text: %j → %i fen', (price, fen) => {
    const parsed = meal.parse({ name: '套餐', items: [{ ...item, price }] }) as { items: { price: number }[] };
    expect(parsed.items[0]!.price).toBe(fen);
  });
  it.each([
    [{ name: '套餐', items: [] }, '套餐项目须有1到50项'],
    [{ name: '套餐' }, '套餐项目须有1到50项'],
    [{ name: '套餐', items: [item, item] }, '套餐项目重复'],
    [{ name: '套餐', items: [{ ...item, projectId: '' }] }, '请选择项目'],
    [{ name: '套餐', items: [{ ...item, sessions: 0 }] }, '次数须在1到999之间'],
    [{ name: '套餐', items: [{ ...item, price: '12.505' }] }, '套餐内价格须为0到9999999999.99元之间的金额'],
    [{ name: '套餐', items: [{ ...item, price: '-1' }] }, '套餐内价格须为0到9999999999.99元之间的金额'],
    [{ name: '套餐', items: [{ ...item, price: '1e3' }] }, '套餐内价格须为0到9999999999.99元之间的金额'],
    [{ name: '套餐', items: [{ ...item, price: '10000000000' }] }, '套餐内价格须为0到9999999999.99元之间的金额'],
    [{ name: '套餐', items: [{ ...item, price: '' }] }, '请填写套餐内价格'],
    [{ name: '套餐', items: [item], activeFrom: '2026-02-30' }, '生效日期有误'],
    [{ name: '套餐', items: [item], activeFrom: '2026-03-01', activeTo: '2026-02-01' }, '生效日期不能晚于截止日期'],
  ])('refuses %j: %s', (body, msg) => {
    expect(firstMsg(meal.safeParse(body))).toBe(msg);
  });

  it("runs the kind's own rule (pools of a department sum to 100)", () => {
    const ops = saveSchemaOf(deptOperatorKind);
    const pools = [
      { role: 'doctor', percent: 60 },
      { role: 'nurse', percent: 30 },
    ];
    expect(firstMsg(ops.safeParse({ deptId: 1, pools }))).toBe('划扣角色分成合计须为100%，当前为90%');
    expect(ops.safeParse({ deptId: 1, pools: [...pools, { role: 'assistant', percent: 10 }] }).success).toBe(true);
    expect(firstMsg(ops.safeParse({ deptId: 1, pools: [...pools, { role: 'nurse', percent: 10 }] }))).toBe(
      '划扣角色重复',
    );
  });

  it('a singleton has no id; multi-selects read comma lists', () => {
    const form = saveSchemaOf(orderFormKind).parse({ requiredFields: 'doctorId,remark,doctorId' });
    expect(form).not.toHaveProperty('id');
    expect(form.requiredFields).toEqual(['doctorId', 'remark']);
    expect(form.topUpPerformance).toBe('paid');
  });
});

describe('a declaration gives the answer and the calls', () => {
  it('names referenced records beside their ids and answers computed values', () => {
    const keys = Object.keys(rowSchemaOf(setMealKind).shape);
    expect(keys).toEqual(
      expect.arrayContaining(['id', 'name', 'total', 'items', 'activeFrom', 'activeTo', 'createTime']),
    );
    const doctor = rowSchemaOf(clinicSettingsKinds.find((k) => k.name === 'doctor')!).shape;
    expect(Object.keys(doctor)).toEqual(expect.arrayContaining(['userId', 'userIdName', 'deptIdName']));
  });

  it('a list kind has list, read, save, delete, status and sort; a singleton query and save', () => {
    expect(Object.keys(settingsContractsOf(tagKind))).toEqual([
      '/clinicSettings/tag/queryList',
      '/clinicSettings/tag/queryById',
      '/clinicSettings/tag/save',
      '/clinicSettings/tag/delete',
      '/clinicSettings/tag/setStatus',
      '/clinicSettings/tag/setSort',
    ]);
    expect(Object.keys(settingsContractsOf(orderFormKind))).toEqual([
      '/clinicSettings/orderForm/query',
      '/clinicSettings/orderForm/save',
    ]);
    expect(Object.keys(clinicSettingsContracts)).toContain('/clinicSettings/options');
  });

  it('refuses a declaration that names what it does not declare', () => {
    const base = { name: 'x', node: 'x', title: 'x', titleEn: 'x', intro: '', introEn: '' };
    const name = { key: 'name', label: '名称', labelEn: 'Name', widget: 'text', max: 10 } as const;
    expect(() => defineSettingsKind({ ...base, fields: [name, name] })).toThrow('declared twice');
    expect(() =>
      defineSettingsKind({ ...base, fields: [name], unique: [{ keys: ['code'], msg: '', index: 'x' }] }),
    ).toThrow('unique on undeclared code');
    expect(() =>
      defineSettingsKind({
        ...base,
        fields: [{ key: 'n', label: 'n', labelEn: 'n', widget: 'number', min: 0, max: 1 }],
        search: ['n'],
      }),
    ).toThrow('no text field');
  });
});

describe('the settings pages', () => {
  it('each page has exactly one kind, and each kind its page (the permission tree reads the pages)', () => {
    expect(clinicSettingsKinds.map((k) => k.node).sort()).toEqual(Object.keys(settingsPages).sort());
    for (const k of clinicSettingsKinds)
      expect(settingsPages[k.node as keyof typeof settingsPages].title).toBe(k.title);
  });
});

// The English walk (issue 26): a settings page in English shows no Chinese of its own.
describe('every settings kind speaks English too', () => {
  const han = /[\u3400-\u9fff]/;
  it.each(clinicSettingsKinds.map((k) => [k.name, k] as const))('%s', (_, kind) => {
    const fields = [...kind.fields, ...(kind.items ?? []).flatMap((i) => [i, ...i.fields])];
    for (const f of fields) {
      expect(han.test(f.labelEn), `${f.key}: ${f.labelEn}`).toBe(false);
      const help = 'help' in f ? f : undefined;
      if (help?.help) expect(help.helpEn && !han.test(help.helpEn), `${f.key}: a hint without English`).toBe(true);
    }
  });
});
