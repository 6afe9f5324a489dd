import type { FieldDefinition } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { ensureFixedFields, FieldLabel, loadFieldSets, loadFields, replaceFields } from './store.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

/** A definition as the designer sends it (the shared schema's defaults filled in). */
const def = (name: string, more: Partial<FieldDefinition> = {}): FieldDefinition => ({
  name,
  formType: 'text',
  isNull: 0,
  isUnique: 0,
  options: [],
  inputTips: '',
  ...more,
});
const keys = (fields: { fieldName: string; name: string }[]) => fields.map((f) => `${f.fieldName}:${f.name}`);
// Each test its own scope of label 10, so the sets never meet.
let scope = 100;
const nextScope = () => ++scope;

describe('the field store', () => {
  it('stores a new set in order, with ids and fresh names, and answers it as loaded', async () => {
    const s = nextScope();
    const saved = await replaceFields(db, FieldLabel.examineCategory, s, [
      def('事由', { formType: 'textarea', isNull: 1, maxLength: 500, inputTips: '写清楚' }),
      def('车型', { formType: 'select', options: ['轿车', '商务车'], defaultValue: '轿车' }),
      def('日期', { formType: 'date' }),
    ]);
    expect(keys(saved)).toEqual(['field_1:事由', 'field_2:车型', 'field_3:日期']);
    expect(saved[0]).toEqual({
      fieldId: expect.any(Number),
      fieldName: 'field_1',
      name: '事由',
      formType: 'textarea',
      fieldType: 0,
      isNull: 1,
      isUnique: 0,
      options: [],
      inputTips: '写清楚',
      maxLength: 500,
    });
    expect(saved[1]).toMatchObject({ options: ['轿车', '商务车'], defaultValue: '轿车' });
    expect(saved[1]).not.toHaveProperty('maxLength');
    expect(await loadFields(db, FieldLabel.examineCategory, s)).toEqual(saved);
  });

  it('keeps ids and names of the fields it is given back, removes the rest, and never hands out a removed name', async () => {
    const s = nextScope();
    const [a, b, c] = await replaceFields(db, FieldLabel.examineCategory, s, [def('甲'), def('乙'), def('丙')]);
    const otherScope = nextScope();
    const other = await replaceFields(db, FieldLabel.examineCategory, otherScope, [def('别的')]);

    const second = await replaceFields(db, FieldLabel.examineCategory, s, [
      // Reordered and renamed, by id.
      { ...c!, name: '丙二', defaultValue: undefined },
      // A stale id (another set's) with this set's name: matched by name, the other set untouched.
      { ...def('甲改'), fieldId: other[0]!.fieldId, fieldName: a!.fieldName },
      def('丁'),
    ]);
    expect(keys(second)).toEqual(['field_3:丙二', 'field_1:甲改', 'field_4:丁']);
    expect(second.map((f) => f.fieldId).slice(0, 2)).toEqual([c!.fieldId, a!.fieldId]);
    expect(second.map((f) => f.fieldId)).not.toContain(b!.fieldId);
    expect(await loadFields(db, FieldLabel.examineCategory, otherScope)).toEqual(other);

    // field_4 removed in one save, a new field added in the next: it takes field_5, not the removed name.
    const third = await replaceFields(db, FieldLabel.examineCategory, s, [second[0]!, second[1]!]);
    expect(keys(third)).toEqual(['field_3:丙二', 'field_1:甲改']);
    const fourth = await replaceFields(db, FieldLabel.examineCategory, s, [...third, def('戊')]);
    expect(keys(fourth)).toEqual(['field_3:丙二', 'field_1:甲改', 'field_5:戊']);
    // A field sent with a name the set no longer has is new, not the removed one revived.
    const fifth = await replaceFields(db, FieldLabel.examineCategory, s, [{ ...def('乙回来'), fieldName: 'field_2' }]);
    expect(keys(fifth)).toEqual(['field_6:乙回来']);
  });

  it('clears a default value and a length limit that are no longer sent', async () => {
    const s = nextScope();
    const [f] = await replaceFields(db, FieldLabel.examineCategory, s, [
      def('备注', { defaultValue: '无', maxLength: 20 }),
    ]);
    const [g] = await replaceFields(db, FieldLabel.examineCategory, s, [
      { ...f!, defaultValue: undefined, maxLength: undefined },
    ]);
    expect(g).not.toHaveProperty('defaultValue');
    expect(g).not.toHaveProperty('maxLength');
    expect(g!.fieldId).toBe(f!.fieldId);
  });

  it('loads the sets of many scopes in one query, each in its own order, an empty scope as []', async () => {
    const [s1, s2, empty] = [nextScope(), nextScope(), nextScope()];
    await replaceFields(db, FieldLabel.examineCategory, s1, [def('一'), def('二')]);
    await replaceFields(db, FieldLabel.examineCategory, s2, [def('三')]);
    // The same scope under another label is another set.
    await replaceFields(db, FieldLabel.customer, s1, [def('客户的')]);
    const select = vi.spyOn(db, 'select');
    const sets = await loadFieldSets(db, FieldLabel.examineCategory, [s2, s1, empty]);
    expect(select).toHaveBeenCalledTimes(1);
    select.mockRestore();
    expect(Object.fromEntries([...sets].map(([id, fields]) => [id, keys(fields)]))).toEqual({
      [s1]: ['field_1:一', 'field_2:二'],
      [s2]: ['field_1:三'],
      [empty]: [],
    });
    expect(keys(await loadFields(db, FieldLabel.customer, s1))).toEqual(['field_1:客户的']);
    expect(await loadFieldSets(db, FieldLabel.examineCategory, [])).toEqual(new Map());
  });

  it('puts a kind’s fixed fields in once, keeps what an administrator changed, and mixes custom ones around them', async () => {
    const fixed = [
      { ...def('客户名称', { isNull: 1 }), fieldName: 'customerName' },
      { ...def('客户级别', { formType: 'select', options: ['A', 'B'] }), fieldName: 'level' },
    ];
    await ensureFixedFields(db, FieldLabel.receivablesPlan, 0, fixed);
    const first = await loadFields(db, FieldLabel.receivablesPlan, 0);
    expect(first.map((f) => [f.fieldName, f.fieldType])).toEqual([
      ['customerName', 1],
      ['level', 1],
    ]);
    const edited = await replaceFields(db, FieldLabel.receivablesPlan, 0, [
      def('备注'),
      { ...first[1]!, name: '级别', options: ['A', 'B', 'C'] },
      { ...first[0]!, inputTips: '全称' },
    ]);
    expect(keys(edited)).toEqual(['field_1:备注', 'level:级别', 'customerName:客户名称']);
    await ensureFixedFields(db, FieldLabel.receivablesPlan, 0, fixed);
    expect(await loadFields(db, FieldLabel.receivablesPlan, 0)).toEqual(edited);
    // A custom field may change type.
    const retyped = await replaceFields(db, FieldLabel.receivablesPlan, 0, [
      { ...edited[0]!, formType: 'number' },
      edited[1]!,
      edited[2]!,
    ]);
    expect(retyped[0]).toMatchObject({ fieldName: 'field_1', formType: 'number', fieldType: 0 });
  });

  describe('refuses, changing nothing', () => {
    const s = 90;
    const setUp = async () => {
      await ensureFixedFields(db, FieldLabel.contract, s, [{ ...def('合同名称'), fieldName: 'name' }]);
      return replaceFields(db, FieldLabel.contract, s, [
        ...(await loadFields(db, FieldLabel.contract, s)).slice(0, 1),
        def('甲'),
      ]);
    };
    const cases: [string, (set: FieldDefinition[]) => FieldDefinition[], string][] = [
      ['two fields of one name', () => [def('甲'), def('甲')], '甲已存在'],
      ['a fixed field left out', (set: FieldDefinition[]) => [set[1]!], '合同名称是系统字段，不能删除'],
      [
        'a fixed field of another type',
        (set: FieldDefinition[]) => [{ ...set[0]!, formType: 'textarea' as const }, set[1]!],
        '合同名称是系统字段，不能修改字段类型',
      ],
      [
        'one field sent twice',
        (set: FieldDefinition[]) => [set[0]!, set[1]!, { ...set[1]!, name: '乙' }],
        '字段设置有误',
      ],
    ];
    it.each(cases)('%s', async (_, input, msg) => {
      const before = await setUp();
      await expect(replaceFields(db, FieldLabel.contract, s, input(before))).rejects.toMatchObject({ message: msg });
      expect(await loadFields(db, FieldLabel.contract, s)).toEqual(before);
    });
  });

  it('two saves of an empty set at once both succeed, one after the other, never sharing a name', async () => {
    const s = nextScope();
    const results = await Promise.all([
      replaceFields(db, FieldLabel.examineCategory, s, [def('甲'), def('乙')]),
      replaceFields(db, FieldLabel.examineCategory, s, [def('丙')]),
    ]);
    const names = results.flat().map((f) => f.fieldName);
    expect(new Set(names).size).toBe(3);
    expect(results).toContainEqual(await loadFields(db, FieldLabel.examineCategory, s));
  });
});
