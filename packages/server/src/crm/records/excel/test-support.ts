import ExcelJS from 'exceljs';
import type { TestApp } from '../../../test/harness.ts';

/** Test helpers of the Excel calls, for any kind's prefix (`CrmProbe`, `CrmCustomer`), on a test app or its sibling. */
type Server = Pick<TestApp, 'app'>;

/** A one-sheet workbook of these rows. */
export async function workbookOf(rows: unknown[][], sheet = 'Sheet1'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Upload a file to `/<prefix>/excelImport` as `token`; the start answer. */
export async function uploadImport(
  t: Server,
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
export async function importFinished(t: Server, prefix: string, token: string | undefined, jobId: string) {
  for (let i = 0; i < 200; i++) {
    const res = (await download(t, `/${prefix}/excelImportStatus`, { jobId }, token)).json();
    if (res.code !== 0 || res.data.finished) return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('import did not finish');
}

/** POST a JSON body to `url` as `token` and answer the raw reply: a download is a file, not `{code, msg, data}`. */
export function download(t: Server, url: string, body: object, token: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'admin-token': token ?? '', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** The first sheet's rows as arrays of cell values (1-based columns dropped to 0-based). */
export async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    // Array.from, not map: an empty cell is a hole in exceljs's sparse array.
    rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v === undefined ? null : v)));
  });
  return rows;
}
