import { customerKind, fixedDefinitions } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRoles, toSessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import { users } from '../../db/schema.ts';
import { customFieldsOf, ensureFixedFields, type FieldLabel } from '../../fields/store.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orgIds, people } from '../../test/people.ts';
import { fieldAccessFor } from '../records/field-access.ts';
import { probeKind } from '../records/probe-kind.ts';
import { addProbeKind, addProbeSave } from '../records/test-support.ts';

/**
 * The field calls (docs/api/fields.md) and field permissions per role, on the customer kind and
 * on the test-only probe kind (label 98, customer permissions), whose custom fields here come
 * from the field store as a real kind's do.
 * Personas (seed): wangzong 客户管理员 (designs fields); sunli, zhoujie 销售; zhaoqiang 销售经理;
 * hexue 顾问 (both ID image actions); chenjing 财务 (lists customers, creates none);
 * huangmin 人事管理员 (no CRM at all); admin super. In this file sunli also holds 财务.
 */
let t: TestApp;
const { tokens: tok, signIn } = people(() => t);
let userIds: Record<string, number>;
let roleIds: Record<string, number>;
const ids: Record<string, number> = {};
const PROBE = 98;

const post = (who: string, url: string, body: unknown = {}) => t.post(url, body, tok[who]);
const refused = (res: { code: number; msg: string }) => [res.code, res.msg];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addProbeKind(t);
  addProbeSave(t, () => customFieldsOf(db, PROBE as FieldLabel));
  await ensureFixedFields(db, PROBE as FieldLabel, 0, fixedDefinitions(probeKind));
  ({ user: userIds, role: roleIds } = await orgIds(t));
  await db.execute(sql`insert into sys_user_role (user_id, role_id) values (${userIds.sunli}, ${roleIds.财务})`);
  await signIn(['admin', 'wangzong', 'sunli', 'zhoujie', 'zhaoqiang', 'hexue', 'chenjing', 'huangmin']);
});
afterAll(() => t.close());

describe('field/list', () => {
  it('lists the kinds with a field designer', async () => {
    const res = await post('wangzong', '/field/list');
    expect(res.code).toBe(0);
    expect(res.data.map((k: { label: number; name: string }) => [k.label, k.name])).toEqual([
      [2, '客户'],
      [11, '门店'],
      [4, '产品'],
      [5, '商机'],
      [6, '合同'],
      [7, '回款'],
      [1, '线索'],
      [3, '联系人'],
    ]);
  });

  it.each(['sunli', 'huangmin'])('refuses %s, who may not design fields', async (who) => {
    expect(refused(await post(who, '/field/list'))).toEqual([403, '无权访问']);
  });
});

describe('field/queryField', () => {
  it('answers the fixed fields of customers in order, then the custom ones', async () => {
    const res = await post('wangzong', '/field/queryField', { label: 2 });
    expect(res.code).toBe(0);
    expect(
      res.data.slice(0, 3).map((f: { fieldName: string; fieldType: number }) => [f.fieldName, f.fieldType]),
    ).toEqual([
      ['customerName', 1],
      ['mobile', 1],
      ['hasOldCustomer', 1],
    ]);
    expect(res.data[0]).toMatchObject({ name: '客户名称', formType: 'text', isNull: 1, authLevel: 3 });
    expect(res.data[0].fieldId).toEqual(expect.any(Number));
  });

  it('serves the record forms of those who create records of the kind', async () => {
    expect((await post('sunli', '/field/queryField', { label: 2 })).code).toBe(0);
  });

  it('serves the lists and details of those who only read the kind (chenjing, finance, reads customers)', async () => {
    const res = await post('chenjing', '/field/queryField', { label: 2 });
    expect(res.code).toBe(0);
    expect(res.data[0]).toMatchObject({ fieldName: 'customerName', fieldType: 1 });
  });

  it.each([
    ['huangmin', { label: 2 }, 403, '无权访问'],
    ['chenjing', { label: 2, id: 1 }, 403, '无权访问'],
    ['wangzong', { label: 99 }, 400, '该模块不支持自定义字段'],
    // Label 10 is an approval category's fields (the original's approval form): the category is required.
    ['wangzong', { label: 10 }, 404, '审批类型不存在'],
    ['wangzong', { label: 'abc' }, 400, '该模块不支持自定义字段'],
    ['wangzong', { label: 2, id: 'x' }, 400, '记录不存在'],
    ['wangzong', { label: 2, id: 999999 }, 404, '客户不存在'],
  ])('refuses %s asking %j: %s', async (who, body, code, msg) => {
    expect(refused(await post(who, '/field/queryField', body))).toEqual([code, msg]);
  });
});

describe('field/save', () => {
  const customerFields = async () => (await post('wangzong', '/field/queryField', { label: 2 })).data;

  it('adds, renames and orders custom fields beside the fixed ones', async () => {
    const fixed = await customerFields();
    const res = await post('wangzong', '/field/save', {
      label: 2,
      fields: [
        ...fixed.map((f: { name: string }, i: number) => (i === 0 ? { ...f, name: '客户姓名', isUnique: 1 } : f)),
        { name: '会员等级', formType: 'select', options: ['金卡', '银卡'], isNull: 1, inputTips: '请选择等级' },
        { name: '备注说明', formType: 'textarea', defaultValue: '无' },
      ],
    });
    expect(res.code).toBe(0);
    expect(res.data[0]).toMatchObject({ fieldName: 'customerName', name: '客户姓名', isUnique: 1, fieldType: 1 });
    expect(res.data.slice(-2)).toEqual([
      expect.objectContaining({
        fieldName: 'field_1',
        name: '会员等级',
        fieldType: 0,
        options: ['金卡', '银卡'],
        isNull: 1,
      }),
      expect.objectContaining({ fieldName: 'field_2', name: '备注说明', defaultValue: '无' }),
    ]);
    const again = await customerFields();
    expect(again.map((f: { name: string }) => f.name)).toEqual(res.data.map((f: { name: string }) => f.name));
    const list = await post('wangzong', '/field/list');
    expect(list.data.find((k: { label: number }) => k.label === 2).updateTime).toEqual(expect.any(String));
  });

  it.each([
    ['a fixed field left out', (f: Field[]) => f.slice(1), '客户姓名是系统字段，不能删除'],
    [
      'a fixed field retyped',
      (f: Field[]) => f.map((x, i) => (i === 1 ? { ...x, formType: 'text' } : x)),
      '手机号是系统字段，不能修改字段类型',
    ],
    ['two fields of one name', (f: Field[]) => [...f, { name: '会员等级', formType: 'text' }], '会员等级已存在'],
    [
      'a select without options',
      (f: Field[]) => [...f, { name: '来源', formType: 'select', options: [] }],
      '请为选项类字段设置至少一个选项',
    ],
    ['a nameless field', (f: Field[]) => [...f, { name: ' ', formType: 'text' }], '请输入字段名称'],
    ['an approval-only type', (f: Field[]) => [...f, { name: '报销', formType: 'examine_cause' }], '字段类型有误'],
  ])('refuses %s', async (_what, change, msg) => {
    const res = await post('wangzong', '/field/save', { label: 2, fields: change(await customerFields()) });
    expect(refused(res)).toEqual([400, msg]);
  });

  it.each([
    ['sunli', { label: 2, fields: [] }, 403, '无权访问'],
    ['wangzong', { label: 99, fields: [] }, 400, '该模块不支持自定义字段'],
  ])('refuses %s saving %j', async (who, body, code, msg) => {
    expect(refused(await post(who, '/field/save', body))).toEqual([code, msg]);
  });
});
type Field = { name: string; formType: string; options?: string[] };

describe('the probe kind with its fields in the store', () => {
  beforeAll(async () => {
    const fixed = (await post('wangzong', '/field/queryField', { label: PROBE })).data;
    const saved = await post('wangzong', '/field/save', {
      label: PROBE,
      fields: [
        ...fixed,
        { name: '颜色', formType: 'select', options: ['红', '蓝'] },
        { name: '尺寸', formType: 'number', isUnique: 1 },
      ],
    });
    expect(saved.data.slice(-2).map((f: { fieldName: string }) => f.fieldName)).toEqual(['field_1', 'field_2']);
    ids.sizeField = saved.data.at(-1).fieldId;
    for (const [key, owner, amount, fields] of [
      ['sunli', 'sunli', 100, { field_1: '红', field_2: 12 }],
      ['zhoujie', 'zhoujie', 50, { field_1: '蓝', field_2: 7 }],
    ] as const) {
      const [row] = await queryRows<{ probe_id: number }>(
        t.database.db,
        sql`insert into crm_probe (probe_name, amount, owner_user_id, create_user_id, fields, batch_id)
            values (${`${owner}的样品`}, ${amount}, ${userIds[owner]}, ${userIds[owner]}, ${JSON.stringify(fields)}::jsonb, ${`b-${key}`})
            returning probe_id`,
      );
      ids[key] = Number(row!.probe_id);
    }
  });

  describe('field/verify', () => {
    it.each([
      [{ value: 12 }, 409, '尺寸已存在'],
      [{ value: '7' }, 409, '尺寸已存在'],
      [{ value: 12, batchId: 'b-sunli' }, 0, ''],
      [{ value: 13 }, 0, ''],
      [{ value: '' }, 0, ''],
      [{}, 0, ''],
    ])('answers %j with %s %s', async (body, code, msg) => {
      const res = await post('sunli', '/field/verify', { fieldId: ids.sizeField, ...body });
      expect([res.code, res.code ? res.msg : '']).toEqual([code, msg]);
    });

    it('checks fixed fields in their columns', async () => {
      const fields = (await post('wangzong', '/field/queryField', { label: PROBE })).data;
      const name = fields.find((f: { fieldName: string }) => f.fieldName === 'probeName');
      expect(refused(await post('sunli', '/field/verify', { fieldId: name.fieldId, value: 'zhoujie的样品' }))).toEqual([
        409,
        '样品名称已存在',
      ]);
    });

    it('answers 验证出错 when the check cannot be made', async () => {
      expect(refused(await post('sunli', '/field/verify', { fieldId: 999999, value: 1 }))).toEqual([400, '验证出错']);
    });

    it('checks a fixed field of customers on their table', async () => {
      const mobile = (await post('wangzong', '/field/queryField', { label: 2 })).data[1];
      expect((await post('sunli', '/field/verify', { fieldId: mobile.fieldId, value: '13900000077' })).code).toBe(0);
      await t.database.db.execute(sql`insert into crm_customer (customer_name, mobile, owner_user_id, create_user_id, batch_id)
        values ('校验客户', '13900000077', ${userIds.sunli}, ${userIds.sunli}, 'verify-mobile-1')`);
      expect(
        refused(await post('zhoujie', '/field/verify', { fieldId: mobile.fieldId, value: '13900000077' })),
      ).toEqual([409, '手机号已存在']);
    });

    it.each(['chenjing', 'huangmin'])('refuses %s, who fills no forms of the kind', async (who) => {
      expect(refused(await post(who, '/field/verify', { fieldId: ids.sizeField, value: 1 }))).toEqual([
        403,
        '无权访问',
      ]);
    });
  });

  describe('field permissions per role', () => {
    const setAuth = (roleName: string, fields: { fieldName: string; authLevel: number }[]) =>
      post('wangzong', '/field/setFieldAuth', { roleId: roleIds[roleName], label: PROBE, fields });

    beforeAll(async () => {
      // 销售: colour hidden, amount read-only; 财务: colour read-only.
      expect(
        (
          await setAuth('销售', [
            { fieldName: 'field_1', authLevel: 1 },
            { fieldName: 'amount', authLevel: 2 },
            { fieldName: 'field_2', authLevel: 3 },
          ])
        ).code,
      ).toBe(0);
      expect((await setAuth('财务', [{ fieldName: 'field_1', authLevel: 2 }])).code).toBe(0);
    });

    it('reads back what was set, editable by default', async () => {
      const res = await post('wangzong', '/field/queryFieldAuth', { roleId: roleIds.销售, label: PROBE });
      expect(res.data.map((f: { fieldName: string; authLevel: number }) => [f.fieldName, f.authLevel])).toEqual([
        ['probeName', 3],
        ['amount', 2],
        ['field_1', 1],
        ['field_2', 3],
      ]);
    });

    it('hides the field from the list rows, the list head and the detail', async () => {
      const list = await post('zhoujie', '/CrmProbe/queryPageList', {});
      expect(list.code).toBe(0);
      expect(list.data.list).toHaveLength(1);
      expect(list.data.list[0]).not.toHaveProperty('field_1');
      expect(list.data.list[0]).toMatchObject({ probeName: 'zhoujie的样品', field_2: 7, amount: 50 });
      const head = await post('zhoujie', '/CrmProbe/queryListHead');
      expect(head.data.map((c: { key: string }) => c.key)).not.toContain('field_1');
      expect(head.data.map((c: { key: string }) => c.key)).toContain('field_2');
      const detail = await post('zhoujie', '/CrmProbe/queryById', { id: ids.zhoujie });
      expect(detail.data.record).not.toHaveProperty('field_1');
      const form = await post('zhoujie', '/field/queryField', { label: PROBE, id: ids.zhoujie });
      expect(form.data.map((f: { fieldName: string }) => f.fieldName)).toEqual(['probeName', 'amount', 'field_2']);
      expect(form.data[1]).toMatchObject({ fieldName: 'amount', authLevel: 2, value: 50 });
    });

    it.each([
      [{ data: { field_1: { condition: 'is', value: '蓝' } } }, '不支持按该字段筛选'],
      [{ sortField: 'field_1' }, '不支持按该字段排序'],
    ])('refuses %j on a hidden field as on an unknown one', async (body, msg) => {
      expect(refused(await post('zhoujie', '/CrmProbe/queryPageList', body))).toEqual([400, msg]);
    });

    it('keeps showing the field to a role without restrictions', async () => {
      const list = await post('zhaoqiang', '/CrmProbe/queryPageList', {
        data: { field_1: { condition: 'is', value: '蓝' } },
      });
      expect(list.data.list.map((r: { field_1: string }) => r.field_1)).toEqual(['蓝']);
    });

    it('takes the most permissive of the roles: sunli (销售 and 财务) sees the colour read-only', async () => {
      const row = (await post('sunli', '/CrmProbe/queryById', { id: ids.sunli })).data.record;
      expect(row).toMatchObject({ field_1: '红', amount: 100 });
      const save = (field: unknown[], entity: object = {}) =>
        post('sunli', '/CrmProbe/addOrUpdate', {
          entity: { probeId: ids.sunli, batchId: 'b-sunli', probeName: 'sunli的样品', amount: 100, ...entity },
          field,
        });
      expect(refused(await save([{ fieldName: 'field_1', value: '蓝' }]))).toEqual([400, '颜色为只读字段，不能修改']);
      expect(
        (
          await save([
            { fieldName: 'field_1', value: '红' },
            { fieldName: 'field_2', value: 13 },
          ])
        ).code,
      ).toBe(0);
      // 财务 leaves the amount editable, so sunli may change it where 销售 alone may not.
      expect((await save([], { amount: 120 })).code).toBe(0);
    });

    it('refuses a read-only value on save and a hidden one as unknown, keeping the stored values', async () => {
      const base = { probeId: ids.zhoujie, batchId: 'b-zhoujie', probeName: 'zhoujie的样品' };
      const save = (entity: object, field: unknown[] = []) =>
        post('zhoujie', '/CrmProbe/addOrUpdate', { entity: { ...base, ...entity }, field });
      expect(refused(await save({ amount: 60 }))).toEqual([400, '金额为只读字段，不能修改']);
      expect(refused(await save({}, [{ fieldName: 'field_1', value: '红' }]))).toEqual([400, '提交的字段不存在']);
      expect((await save({ probeName: '周杰的新样品' }, [{ fieldName: 'field_2', value: 8 }])).code).toBe(0);
      const [row] = await queryRows<{ amount: string; fields: Record<string, unknown> }>(
        t.database.db,
        sql`select amount, fields from crm_probe where probe_id = ${ids.zhoujie}`,
      );
      expect([Number(row!.amount), row!.fields]).toEqual([50, { field_1: '蓝', field_2: 8 }]);
      const created = await post('zhoujie', '/CrmProbe/addOrUpdate', {
        entity: { batchId: 'b-new', probeName: '新样品', amount: 5 },
        field: [],
      });
      expect(refused(created)).toEqual([400, '金额为只读字段，不能修改']);
    });

    it('lets the super admin see and change everything; the log keeps hidden changes from the others', async () => {
      const row = (await post('admin', '/CrmProbe/queryById', { id: ids.zhoujie })).data.record;
      expect(row).toMatchObject({ field_1: '蓝', amount: 50 });
      const saved = await post('admin', '/CrmProbe/addOrUpdate', {
        entity: { probeId: ids.zhoujie, batchId: 'b-zhoujie', probeName: row.probeName, amount: 55 },
        field: [{ fieldName: 'field_1', value: '红' }],
      });
      expect(saved.code).toBe(0);
      const changed = async (who: string) =>
        (await post(who, '/CrmProbe/queryActionRecord', { id: ids.zhoujie })).data[0].changes.map(
          (c: { field: string }) => c.field,
        );
      expect((await changed('admin')).sort()).toEqual(['amount', 'field_1']);
      expect(await changed('zhoujie')).toEqual(['amount']);
    });

    it.each([
      [{ fieldName: 'probeName', authLevel: 1 }, 400, '样品名称是名称字段，不能隐藏'],
      [{ fieldName: 'field_9', authLevel: 1 }, 400, '字段不存在'],
      [{ fieldName: 'amount', authLevel: 4 }, 400, '字段权限有误'],
    ])('refuses setting %j', async (field, code, msg) => {
      expect(refused(await setAuth('销售', [field]))).toEqual([code, msg]);
    });

    it.each([
      ['sunli', { roleId: 1, label: PROBE, fields: [] }, 403, '无权访问'],
      ['wangzong', { roleId: 999999, label: PROBE, fields: [] }, 404, '角色不存在'],
      ['wangzong', { roleId: 1, label: 99, fields: [] }, 400, '该模块不支持自定义字段'],
    ])('refuses %s setting %j', async (who, body, code, msg) => {
      expect(refused(await post(who, '/field/setFieldAuth', body))).toEqual([code, msg]);
      expect(refused(await post(who, '/field/queryFieldAuth', { roleId: body.roleId, label: body.label }))).toEqual([
        code,
        msg,
      ]);
    });
  });
});

describe('the ID image of customers follows lookIdCardUrl / editIdCardUrl', () => {
  const accessOf = async (username: string) => {
    const db = t.database.db;
    const [u] = await db.select().from(users).where(sql`${users.username} = ${username}`);
    const a = await fieldAccessFor(db, toSessionUser(u!, await loadRoles(db, u!.id)), customerKind);
    return { hidden: [...a.hidden], readOnly: [...a.readOnly] };
  };

  it.each([
    ['hexue', { hidden: [], readOnly: [] }],
    ['zhaoqiang', { hidden: [], readOnly: ['idCardUrl'] }],
    ['zhoujie', { hidden: ['idCardUrl'], readOnly: [] }],
    ['admin', { hidden: [], readOnly: [] }],
  ])('%s: %j', async (who, expected) => {
    expect(await accessOf(who)).toEqual(expected);
  });

  it('shows the ID image as set by role permissions, which field permissions cannot change', async () => {
    const of = async (role: string) =>
      (await post('wangzong', '/field/queryFieldAuth', { roleId: roleIds[role], label: 2 })).data.find(
        (f: { fieldName: string }) => f.fieldName === 'idCardUrl',
      );
    expect(await of('销售')).toMatchObject({ authLevel: 1, byPermission: true });
    expect(await of('销售经理')).toMatchObject({ authLevel: 2, byPermission: true });
    expect(await of('顾问')).toMatchObject({ authLevel: 3, byPermission: true });
    const res = await post('wangzong', '/field/setFieldAuth', {
      roleId: roleIds.销售,
      label: 2,
      fields: [{ fieldName: 'idCardUrl', authLevel: 3 }],
    });
    expect(refused(res)).toEqual([400, '身份证照片的权限在角色权限中设置']);
  });
});

describe('manage:crm:field in the role editor', () => {
  it('is offered to CRM roles under 系统管理 › 客户管理 and kept when saved', async () => {
    const tree = (await post('admin', '/system/menu/getMenuListByType', { type: 2 })).data;
    const manage = tree.find((n: { key: string }) => n.key === 'manage');
    expect(manage.children.map((n: { key: string }) => n.key)).toEqual(['backstage', 'crm']);
    expect(manage.children[1].children).toContainEqual({ key: 'field', title: '自定义字段', titleEn: 'Custom fields' });
    const res = await post('admin', '/system/role/updateRoleMenu', {
      roleId: roleIds.客户管理员,
      permissions: ['crm:customer:index', 'manage:backstage:look', 'manage:crm:field'],
    });
    expect(res.code).toBe(0);
  });
});
