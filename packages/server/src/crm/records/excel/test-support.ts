import ExcelJS from 'exceljs';
import type { TestApp } from '../../../test/harness.ts';

/** Test helpers of the Excel calls, for any kind's prefix (`CrmProbe`, `CrmCustomer`). */

/** A one-sheet workbook of these rows. */
export async function workbookOf(rows: unknown[][], sheet = 'Sheet1'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Upload a file to `/<prefix>/excelImport` as `token`; the start answer. */
export async function uploadImport(
  t: TestApp,
  prefix: string,
  token: string | undefined,
  bytes: Buffer,
  name: string,
  batchId?: string,
) {
  const form = new FormData();
  if (batchId) form.append('batchId', batchId);
  form.append('file', new Blob([bytes]), name);
  const req = new Request('http://x/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: `/${prefix}/excelImport`,
    headers: { 'admin-token': token ?? '', 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return res.json() as { code: number; msg: string; data: { jobId: string } };
}

/** Poll `/<prefix>/excelImportStatus` until the job is finished (or refused). */
export async function importFinished(t: TestApp, prefix: string, token: string | undefined, jobId: string) {
  for (let i = 0; i < 200; i++) {
    const res = await t.post(`/${prefix}/excelImportStatus`, { jobId }, token);
    if (res.code !== 0 || res.data.finished) return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('import did not finish');
}
