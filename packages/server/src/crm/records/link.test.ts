import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { batchIds, people } from '../../test/people.ts';
import { download, sheetRows } from './excel/test-support.ts';
import { probeCustomFields } from './probe-kind.ts';
import { addProbeKind } from './test-support.ts';

/**
 * A kind others link to costs its declaration's `link` alone (issue 27): the probe declares
 * `link: {formType: 'probe'}`, and a lead's custom field of that type — made in the field
 * designer like any other — holds a probe, picked from the probe's own list (the viewer's scope)
 * and exported by its name. sunli (销售一部) and zhenghao (销售二部) each own a probe.
 */
let t: TestApp;
const { ids: uid, tokens, call, signIn } = people(() => t);
const nextBatch = batchIds('probe-link');
const probe: Record<string, number> = {};
let fieldName = '';

beforeAll(async () => {
  t = await createTestApp();
  await addProbeKind(t, { customFields: async () => probeCustomFields });
  await signIn(['admin', 'sunli', 'zhenghao']);
  for (const [owner, name] of [
    ['sunli', '孙丽的样品'],
    ['zhenghao', '郑浩的样品'],
  ] as const) {
    const [row] = await queryRows<{ probe_id: number }>(
      t.database.db,
      sql`insert into crm_probe (probe_name, owner_user_id, create_user_id, batch_id)
          values (${name}, ${uid[owner]}, ${uid[owner]}, ${`link-${owner}`}) returning probe_id`,
    );
    probe[owner] = Number(row!.probe_id);
  }
  const current = (await call('admin', '/field/queryField', { label: 1 })).data as Record<string, unknown>[];
  const saved = await call('admin', '/field/save', {
    label: 1,
    fields: [...current, { name: '样品', formType: 'probe', isNull: 0 }],
  });
  expect(saved).toMatchObject({ code: 0 });
  fieldName = (saved.data as { name: string; fieldName: string }[]).find((f) => f.name === '样品')!.fieldName;
});
afterAll(() => t.close());

const saveLead = (name: string, value: unknown) =>
  call('sunli', '/CrmLeads/addOrUpdate', { entity: { name, batchId: nextBatch() }, field: [{ fieldName, value }] });

describe('a field linking to a kind that declares `link`', () => {
  it('is offered by the designer under the kind’s form type; a type no kind declares is refused', async () => {
    const fields = (await call('admin', '/field/queryField', { label: 1 })).data as { formType: string }[];
    expect(fields.filter((f) => f.formType === 'probe')).toHaveLength(1);
    const refused = await call('admin', '/field/save', {
      label: 1,
      fields: [...fields, { name: '无此类', formType: 'nosuchkind', isNull: 0 }],
    });
    expect(refused).toMatchObject({ code: 400, msg: '字段类型有误' });
  });

  it('picks from the linked kind’s list, which is the viewer’s scope', async () => {
    const names = async (who: string) =>
      ((await call(who, '/CrmProbe/queryPageList', { page: 1, limit: 10 })).data.list as { probeName: string }[]).map(
        (r) => r.probeName,
      );
    expect(await names('sunli')).toEqual(['孙丽的样品']);
    expect(await names('zhenghao')).toEqual(['郑浩的样品']);
  });

  it('holds the linked record’s id, refuses anything else, and exports the record’s name', async () => {
    expect(await saveLead('带样品的线索', String(probe.sunli))).toMatchObject({ code: 0 });
    expect(await saveLead('坏样品线索', 'abc')).toMatchObject({ code: 400, msg: '样品格式有误' });
    const res = await download(t, '/CrmLeads/excelExport', { search: '带样品的线索' }, tokens.admin);
    const [head, row] = await sheetRows(res.rawPayload);
    expect(row![head!.indexOf('样品')]).toBe('孙丽的样品');
  });
});
