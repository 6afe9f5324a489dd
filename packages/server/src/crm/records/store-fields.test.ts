import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FieldLabel, replaceFields } from '../../fields/store.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { probeServerKind } from './probe-kind.ts';
import { addProbeKind } from './test-support.ts';

// Without its own list, a kind reads its custom fields from the field store, on every request.
let t: TestApp;
let token: string;
const label = probeServerKind.kind.label as FieldLabel;

beforeAll(async () => {
  t = await createTestApp();
  await addProbeKind(t);
  token = await t.login('admin');
});
afterAll(() => t.close());

const gradeA = (key: string) =>
  t.post('/CrmProbe/queryPageList', { data: { [key]: { condition: 'is', value: 'A' } } }, token);

it('filters on a custom field once the store defines it, without a restart', async () => {
  // The store names new custom fields itself (field_<n>): the next one is field_1.
  expect((await gradeA('field_1')).msg).toBe('不支持按该字段筛选');
  const [grade] = await replaceFields(t.database.db, label, 0, [
    { name: '等级', formType: 'text', isNull: 0, isUnique: 0, options: [], inputTips: '' },
  ]);
  const key = grade!.fieldName;
  await t.database.db.execute(
    sql`insert into crm_probe (probe_name, owner_user_id, create_user_id, fields, batch_id)
        values ('甲', 1, 1, jsonb_build_object(${key}::text, 'A'), 'b1'), ('乙', 1, 1, jsonb_build_object(${key}::text, 'B'), 'b2')`,
  );
  const res = await gradeA(key);
  expect(res.data.list.map((r: { probeName: string }) => r.probeName)).toEqual(['甲']);
  const head = await t.post('/CrmProbe/queryListHead', {}, token);
  expect(head.data.find((c: { key: string }) => c.key === key)).toMatchObject({ name: '等级', fieldType: 0 });
});
