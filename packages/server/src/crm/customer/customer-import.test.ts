import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Customers imported from a spreadsheet go through the panel's rules and words (是/否, 男/女) and
 * the customer's own save; a bad row is reported by its row number and stores nothing.
 * wangzong (客户管理员) may import; sunli (销售) may not.
 */
let t: TestApp;
const tokens: Record<string, string> = {};

async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('客户');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(who: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), '客户.xlsx');
  const req = new Request('http://x/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/CrmCustomer/excelImport',
    headers: { 'admin-token': tokens[who]!, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return res.json() as { code: number; msg: string; data: { jobId: string } };
}

async function finished(who: string, jobId: string) {
  for (let i = 0; i < 200; i++) {
    const res = await t.post('/CrmCustomer/excelImportStatus', { jobId }, tokens[who]);
    if (res.code !== 0 || res.data.finished) return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('import did not finish');
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['wangzong', 'sunli']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

describe('CrmCustomer/excelImport', () => {
  const header = ['*客户名称', '*手机号', '是否老客户', '性别', '*所属门店', '*服务三级', '*身份证号'];

  it('imports a good row with the panel’s words and reports the bad one', async () => {
    const bytes = await workbookOf([
      header,
      ['导入客户甲', '13800009001', '否', '女', 1, '成都三级', '510104199001019001'],
      ['', '13800009002', '是', '男', 1, '成都三级', '510104199001019002'],
    ]);
    const started = await upload('wangzong', bytes);
    expect(started.code).toBe(0);
    const res = await finished('wangzong', started.data.jobId);
    expect(res.data).toMatchObject({ total: 2, imported: 1, rejected: [{ row: 3, reason: '客户名称不能为空' }] });
    const rows = await queryRows<{ has_old_customer: boolean; gender: number; shop_owner_id: number }>(
      t.database.db,
      sql`select has_old_customer, gender, shop_owner_id from crm_customer where customer_name = '导入客户甲'`,
    );
    expect(rows).toEqual([{ has_old_customer: false, gender: 2, shop_owner_id: 1 }]);
    const none = await queryRows(t.database.db, sql`select 1 from crm_customer where mobile = '13800009002'`);
    expect(none).toEqual([]);
  });

  it('refuses a salesperson without crm:customer:excelimport', async () => {
    const res = await upload('sunli', await workbookOf([header]));
    expect(res.code).toBe(403);
  });
});
