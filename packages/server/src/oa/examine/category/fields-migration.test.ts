import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/sql.ts';
import { migrationsFolder } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/** The migrations that move the categories' field JSON into the field store, then drop the column. */
const statements = (file: string) =>
  fs.readFileSync(path.join(migrationsFolder, file), 'utf8').split('--> statement-breakpoint');
const copy = statements('0009_category_fields_to_store.sql');
const drop = statements('0010_category_fields_drop.sql');

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('yangfan');
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const run = async (list: string[]) => {
  for (const statement of list) await t.database.db.execute(sql.raw(statement));
};

/** Fields as the JSON column held them (keyed by the old per-category numbering). */
const legacyFields = [
  {
    fieldId: 1,
    fieldName: 'field_1',
    name: '用车事由',
    formType: 'textarea',
    isNull: 1,
    isUnique: 0,
    options: [],
    inputTips: '写清去向',
    maxLength: 500,
  },
  {
    fieldId: 4,
    fieldName: 'field_4',
    name: '车型',
    formType: 'select',
    isNull: 0,
    isUnique: 0,
    options: ['轿车', '商务车'],
    defaultValue: '轿车',
    inputTips: '',
  },
  {
    fieldId: 2,
    fieldName: 'field_2',
    name: '出发日期',
    formType: 'date',
    isNull: 0,
    isUnique: 0,
    options: [],
    inputTips: '',
  },
];

describe('moving the categories’ fields into the field store', () => {
  it('copies each category’s fields in order with their names, keeps removed names taken, and drops the column', async () => {
    // As before the move: the JSON column, filled.
    await t.database.db.execute(
      sql`alter table oa_examine_category add column fields jsonb default '[]'::jsonb not null`,
    );
    const category = async (title: string, fields: unknown, isSystem = false) =>
      Number(
        (
          await rows<{ id: number }>(
            sql`insert into oa_examine_category (title, type, is_system, fields)
                values (${title}, ${isSystem ? 'leave' : 'custom'}, ${isSystem}, ${JSON.stringify(fields)}::jsonb)
                returning category_id as id`,
          )
        )[0]!.id,
      );
    const car = await category('用车申请', legacyFields);
    const bare = await category('空白申请', []);
    // An entry written without a key (never by this code, but the copy must not lose it).
    const unkeyed = await category('旧数据', [{ name: '说明', formType: 'text', isNull: 0, options: [] }]);
    const leave = await category('请假', [], true);
    const [sunli] = await rows<{ id: number }>(sql`select user_id as id from sys_user where username = 'sunli'`);
    const approval = async (categoryId: number, values: Record<string, unknown>) =>
      t.database.db.execute(
        sql`insert into oa_examine (category_id, create_user_id, batch_id, field_values)
            values (${categoryId}, ${sunli!.id}, '', ${JSON.stringify(values)}::jsonb)`,
      );
    // field_3 was removed from 用车申请 after this approval stored a value under it.
    await approval(car, { field_1: '去机场', field_3: '旧值' });
    await approval(leave, { startTime: '2026-11-01' });

    await run(copy);
    await run(drop);

    const columns = await rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'oa_examine_category'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('fields');

    const read = async (categoryId: number) =>
      (await t.post('/OaExamineCategory/queryCategoryById', { categoryId }, admin)).data.fields;
    const moved = await read(car);
    expect(moved).toEqual(legacyFields.map((f) => ({ ...f, fieldId: expect.any(Number) })));
    expect(await read(bare)).toEqual([]);
    expect((await read(unkeyed)).map((f: { fieldName: string }) => f.fieldName)).toEqual(['field_1']);

    const stored = await rows<{ scope_id: number; field_name: string; is_deleted: boolean; sort: number }>(
      sql`select scope_id, field_name, is_deleted, sort from crm_field where label = 10 order by scope_id, field_id`,
    );
    expect(stored.filter((r) => Number(r.scope_id) === car)).toEqual([
      { scope_id: car, field_name: 'field_1', is_deleted: false, sort: 0 },
      { scope_id: car, field_name: 'field_4', is_deleted: false, sort: 1 },
      { scope_id: car, field_name: 'field_2', is_deleted: false, sort: 2 },
      { scope_id: car, field_name: 'field_3', is_deleted: true, sort: 0 },
    ]);
    // A dedicated form's values are not custom fields: no tombstones for it.
    expect(stored.filter((r) => Number(r.scope_id) === leave)).toEqual([]);

    // The designer saves the moved set plus a new field: names kept, the new one past field_3 and field_4.
    const saved = await t.post(
      '/field/examineFieldSave',
      { categoryId: car, fields: [...moved, { name: '同行人', formType: 'user' }] },
      admin,
    );
    expect(saved.code).toBe(0);
    expect(saved.data.map((f: { fieldName: string; fieldId: number }) => f.fieldName)).toEqual([
      'field_1',
      'field_4',
      'field_2',
      'field_5',
    ]);
    expect(saved.data.slice(0, 3).map((f: { fieldId: number }) => f.fieldId)).toEqual(
      moved.map((f: { fieldId: number }) => f.fieldId),
    );
  });
});
