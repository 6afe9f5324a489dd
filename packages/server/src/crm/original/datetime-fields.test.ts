import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, raw, type TestApp } from '../../test/harness.ts';
import { batchIds, people } from '../../test/people.ts';

/**
 * A custom datetime field takes the forms' local text and ISO alike (issue 20: times in that form
 * and ISO everywhere) and keeps the company's `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai here).
 */
let t: TestApp;
const { call: post, signIn } = people(() => t);
const nextBatch = batchIds('datetime-field');
let fieldName = '';

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin']);
  const current = (await post('admin', '/field/queryField', { label: 1 })).data as Record<string, unknown>[];
  const saved = await post('admin', '/field/save', {
    label: 1,
    fields: raw([...current, { name: '约访时间', formType: 'datetime', isNull: 0 }]),
  });
  expect(saved.code).toBe(0);
  fieldName = (saved.data as { name: string; fieldName: string }[]).find((f) => f.name === '约访时间')!.fieldName;
});
afterAll(() => t.close());

const saveLead = (value: unknown) =>
  post('admin', '/CrmLeads/addOrUpdate', {
    entity: { name: '时间字段线索', batchId: nextBatch() },
    field: [{ fieldName, value }],
  });
const stored = async (id: number) => (await post('admin', '/CrmLeads/queryById', { id })).data.record[fieldName];

describe('a custom datetime field', () => {
  it('stores ISO with an offset as the local time of the company', async () => {
    const res = await saveLead('2026-11-22T00:30:00.000Z');
    expect(res.code).toBe(0);
    expect(await stored(res.data.id)).toBe('2026-11-22 08:30:00');
  });

  it('keeps local text, completing the seconds', async () => {
    const res = await saveLead('2026-11-22 09:15');
    expect(res.code).toBe(0);
    expect(await stored(res.data.id)).toBe('2026-11-22 09:15:00');
  });

  it('refuses a time that does not exist', async () => {
    expect(await saveLead('2026-02-30T08:00:00Z')).toMatchObject({
      code: 400,
      msg: expect.stringContaining('约访时间'),
    });
  });
});
