import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import { importFinished, uploadImport, workbookOf } from '../records/excel/test-support.ts';

/**
 * Shops imported from a spreadsheet go through the shop's own schema and save: the template has
 * the form's 门店主营项目分类 too, words (男/女, goal names) and names (服务三级, classes) are read
 * as the form's values, and a refused row carries the form's message. wangzong (客户管理员)
 * may import; sunli (销售) may not.
 */
let t: TestApp;
const { tokens, signIn } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['wangzong', 'sunli']);
});
afterAll(() => t.close());

async function templateHeader(): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Store/downloadExcel',
    headers: { 'admin-token': tokens.wangzong!, 'content-type': 'application/json' },
    payload: '{}',
  });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
}

describe('/api/Store/excelImport', () => {
  it('imports through the shop form’s rules: the good row is stored, the bad one refused with the form’s message', async () => {
    const header = await templateHeader();
    expect(header).toContain('*门店主营项目分类');
    const good: Record<string, unknown> = {
      '*店主姓名': '导入店主甲',
      性别: '女',
      '*联系电话': '13900007001',
      '*身份证号': '510104199001017001',
      '*门店名称': '导入门店甲',
      '*门店地址': '四川省成都市锦江区红星路1号',
      '*管理员姓名': 'daoru1',
      '*服务三级': '赵强',
      '*签约目标': '定点店、纯打样',
      '*签约金额': 12800,
      '*签约日期': '2026-11-01',
      '*门店主营项目分类': '皮肤管理',
    };
    // Row 3: a signing goal the form does not know; only the shop's own schema refuses it.
    const bad = { ...good, '*店主姓名': '导入店主乙', '*门店名称': '导入门店乙', '*签约目标': '加盟店' };
    const missing = header.filter((h) => h.startsWith('*') && !(h in good));
    expect(missing).toEqual([]);
    const bytes = await workbookOf(
      [header, header.map((h) => good[h] ?? ''), header.map((h) => bad[h as keyof typeof bad] ?? '')],
      '门店',
    );
    const started = await uploadImport(t, 'api/Store', tokens.wangzong, bytes, '门店.xlsx');
    expect(started.code).toBe(0);
    const res = await importFinished(t, 'api/Store', tokens.wangzong, started.data.jobId);
    expect(res.data).toMatchObject({
      total: 2,
      imported: 1,
      rejected: [{ row: 3, reason: '签约目标有误' }],
    });
    const [shop] = await queryRows<{
      sex: number;
      signing: string;
      relation: string;
      project_class: string;
      owner_user_id: number;
    }>(
      t.database.db,
      sql`select s.sex, s.signing, s.relation, s.project_class, s.owner_user_id from crm_store s where s.shop_name = '导入门店甲'`,
    );
    const [zhaoqiang] = await queryRows<{ user_id: number }>(
      t.database.db,
      sql`select user_id from sys_user where username = 'zhaoqiang'`,
    );
    const [wangzong] = await queryRows<{ user_id: number }>(
      t.database.db,
      sql`select user_id from sys_user where username = 'wangzong'`,
    );
    const [skin] = await queryRows<{ class_id: number }>(
      t.database.db,
      sql`select class_id from crm_project_class where class_name = '皮肤管理'`,
    );
    expect(shop).toEqual({
      sex: 1,
      signing: '0,3',
      relation: String(zhaoqiang!.user_id),
      project_class: String(skin!.class_id),
      owner_user_id: wangzong!.user_id,
    });
    expect(await queryRows(t.database.db, sql`select 1 from crm_store where shop_name = '导入门店乙'`)).toEqual([]);
  });

  it('refuses an unknown project class with the form’s 项目分类不存在', async () => {
    const header = await templateHeader();
    const row: Record<string, unknown> = {
      '*店主姓名': '导入店主丙',
      '*联系电话': '13900007003',
      '*身份证号': '510104199001017003',
      '*门店名称': '导入门店丙',
      '*门店地址': '四川省成都市锦江区红星路3号',
      '*管理员姓名': 'daoru3',
      '*服务三级': '赵强',
      '*签约目标': '定点店',
      '*签约金额': 100,
      '*签约日期': '2026-11-01',
      '*门店主营项目分类': '不存在的分类',
    };
    const started = await uploadImport(
      t,
      'api/Store',
      tokens.wangzong,
      await workbookOf([header, header.map((h) => row[h] ?? '')], '门店'),
      '门店.xlsx',
    );
    const res = await importFinished(t, 'api/Store', tokens.wangzong, started.data.jobId);
    expect(res.data).toMatchObject({ imported: 0, rejected: [{ row: 2, reason: '项目分类不存在' }] });
  });

  it('refuses a salesperson without crm:store:excelimport', async () => {
    const res = await uploadImport(t, 'api/Store', tokens.sunli, await workbookOf([['*店主姓名']]), '门店.xlsx');
    expect(res.code).toBe(403);
  });
});
