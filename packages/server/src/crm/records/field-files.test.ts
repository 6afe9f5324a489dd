import type { FieldDefinition, FileInfo } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { file, fixtures, postMultipart } from '../../files/test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { probeCustomFields } from './probe-kind.ts';
import { addProbeKind, addProbeSave } from './test-support.ts';

/**
 * The files of a record's custom file field (its value is their batch) are the record's: seen by
 * whoever reads the record, not by their uploader alone, and kept while the field names them.
 * The probe kind borrows the customer permissions: sunli saves her own record; zhaoqiang (her
 * manager) reads it; zhenghao (another team) does not.
 */
const fileField: FieldDefinition = {
  fieldId: 3,
  fieldName: 'field_attach',
  name: '附件',
  formType: 'file',
  isNull: 0,
  isUnique: 0,
  options: [],
  inputTips: '',
};
const custom = [...probeCustomFields, fileField];

let t: TestApp;
const { tokens, call: post, signIn } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await addProbeKind(t, { customFields: async () => custom });
  addProbeSave(t, async () => custom);
  await signIn(['sunli', 'zhaoqiang', 'zhenghao']);
});
afterAll(() => t.close());

const upload = async (batchId: string) =>
  (await postMultipart<FileInfo>(t, '/file/upload', { batchId, file: file('合同.pdf', fixtures.pdf) }, tokens.sunli))
    .data;
const sees = async (url: string, who: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'admin-token': tokens[who]! } });
  return res.statusCode === 200 && res.rawPayload.equals(fixtures.pdf) ? 'file' : res.json();
};
const save = (entity: Record<string, unknown>, field: { fieldName: string; value: unknown }[]) =>
  post('sunli', '/CrmProbe/addOrUpdate', { entity: { probeName: '带附件的样品', ...entity }, field });

describe('a custom file field', () => {
  it('gives its files to the record: its readers see them, others do not', async () => {
    const doc = await upload('probe-attach-1');
    const saved = await save({ batchId: 'probe-record-1' }, [{ fieldName: 'field_attach', value: 'probe-attach-1' }]);
    expect(saved.code).toBe(0);
    expect(await sees(doc.url, 'zhaoqiang')).toBe('file');
    expect(await sees(doc.url, 'zhenghao')).toMatchObject({ code: 403, msg: '无权访问' });
    const list = await post('zhaoqiang', '/file/queryByBatchId', { batchId: 'probe-attach-1' });
    expect(list.data.map((f: FileInfo) => [f.fileId, f.staged])).toEqual([[doc.fileId, false]]);

    // An edit that leaves the field alone keeps them; one naming another batch lets them go.
    const id = saved.data.id;
    expect((await save({ probeId: id, batchId: 'probe-record-1', amount: 5 }, [])).code).toBe(0);
    expect(await sees(doc.url, 'zhaoqiang')).toBe('file');
    const next = await upload('probe-attach-2');
    expect(
      (await save({ probeId: id, batchId: 'probe-record-1' }, [{ fieldName: 'field_attach', value: 'probe-attach-2' }]))
        .code,
    ).toBe(0);
    expect(await sees(next.url, 'zhaoqiang')).toBe('file');
    const left = await queryRows(t.database.db, sql`select 1 from sys_file where file_id = ${doc.fileId}`);
    expect(left).toEqual([]);
  });
});
