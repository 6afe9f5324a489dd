import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { download, sheetRows, workbookOf } from '../records/excel/test-support.ts';

/**
 * The original client's import dialog (CRMImport): `<Kind>/uploadExcel` starts our import job
 * and answers its id, which the dialog polls as a message id through `system/message/*`.
 * admin may import leads; sunli (销售) may not; a job is its importer's alone.
 */
let t: TestApp;
const { tokens, signIn, call: post } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['admin', 'sunli']);
});
afterAll(() => t.close());

/** The upload as the dialog sends it: multipart `file`, `repeatHandling`, `ownerUserId`. */
async function uploadExcel(who: string, bytes: Buffer) {
  const form = new FormData();
  form.append('repeatHandling', '1');
  form.append('ownerUserId', '');
  form.append('file', new Blob([bytes]), 'leads.xlsx');
  const req = new Request('http://x/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/CrmLeads/uploadExcel',
    headers: { 'admin-token': tokens[who]!, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return res.json() as { code: number; msg: string; data: unknown };
}

describe('CrmLeads/uploadExcel and system/message/*', () => {
  let messageId = '';

  it('starts the import and answers the job id as data, polled until null', async () => {
    const template = await download(t, '/CrmLeads/downloadExcel', {}, tokens.admin);
    const [header] = await sheetRows(template.rawPayload);
    const nameAt = (header as string[]).indexOf('*线索名称');
    expect(nameAt).toBeGreaterThanOrEqual(0);
    const remarkAt = (header as string[]).indexOf('备注');
    const row = (name: string) =>
      (header as string[]).map((_, i) => (i === nameAt ? name : i === remarkAt ? '导入备注' : null));
    const started = await uploadExcel('admin', await workbookOf([header!, row('导入线索甲'), row('')]));
    expect(started.code).toBe(0);
    expect(typeof started.data).toBe('string');
    messageId = started.data as string;

    let count: unknown = 0;
    for (let i = 0; i < 200 && count !== null; i++) {
      const res = await post('admin', '/system/message/queryImportNum', { messageId });
      expect(res.code).toBe(0);
      count = res.data;
      if (count !== null) await new Promise((r) => setTimeout(r, 20));
    }
    expect(count).toBeNull();
  });

  it('answers the totals at the top level, where the dialog reads them', async () => {
    const res = await post('admin', '/system/message/queryImportInfo', { messageId });
    expect(res).toMatchObject({ code: 0, totalSize: 2, errSize: 1, data: { totalSize: 2, errSize: 1 } });
    const list = await post('admin', '/CrmLeads/queryPageList', { search: '导入线索甲' });
    expect(list.data.totalRow).toBe(1);
  });

  it('downloads the refused rows with their reasons', async () => {
    const res = await download(t, '/system/message/downImportError', { messageId }, tokens.admin);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows[1])).toContain('线索名称');
  });

  it("keeps a job its importer's: another user, an unknown id and a malformed one are refused", async () => {
    expect(await post('sunli', '/system/message/queryImportNum', { messageId })).toMatchObject({
      code: 404,
      msg: '导入任务不存在或已过期',
    });
    expect(await post('admin', '/system/message/queryImportInfo', { messageId: 'no0such0job' })).toMatchObject({
      code: 404,
    });
    expect(await post('admin', '/system/message/queryImportNum', { messageId: 'a b' })).toMatchObject({
      code: 400,
      msg: '导入任务不存在或已过期',
    });
  });

  it('refuses the upload to a user without crm:leads:excelimport', async () => {
    expect(await uploadExcel('sunli', await workbookOf([['*线索名称']]))).toMatchObject({ code: 403 });
  });
});
