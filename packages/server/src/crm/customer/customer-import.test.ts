import { customerEntitySchema, customerKind, customerSaveSchema, type FixedField } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';
import {
  download,
  importFinished,
  sheetRows,
  uploadImport,
  workbookOf as workbookOfRows,
} from '../records/excel/test-support.ts';
import { customerPanel } from './test-support.ts';

/**
 * Customers imported from a spreadsheet go through the panel's rules and words (是/否, 男/女) and
 * the customer's own save; a bad row is reported by its row number and stores nothing.
 * wangzong (客户管理员) may import; sunli (销售) may not.
 */
let t: TestApp;
const { tokens, signIn } = people(() => t);

const workbookOf = (rows: unknown[][]) => workbookOfRows(rows, '客户');
const upload = (who: string, bytes: Buffer) => uploadImport(t, 'CrmCustomer', tokens[who], bytes, '客户.xlsx');
const finished = (who: string, jobId: string) => importFinished(t, 'CrmCustomer', tokens[who], jobId);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['wangzong', 'sunli']);
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

describe('CrmCustomer/excelExport → excelImport', () => {
  it('exports what the list shows (words and names, not codes and ids) and imports those words back', async () => {
    const [shop] = await queryRows<{ id: number; name: string }>(
      t.database.db,
      sql`select id, shop_name as name from crm_store order by id limit 1`,
    );
    const created = await t.post(
      '/CrmCustomer/addOrUpdate',
      {
        customerName: '往返客户',
        mobile: '13800009101',
        hasOldCustomer: true,
        gender: 2,
        shopOwnerId: shop!.id,
        relation: '成都三级',
        idCard: '510104199001019101',
        batchId: 'roundtrip-1',
      },
      tokens.wangzong,
    );
    expect(created.code).toBe(0);
    const res = await download(t, '/CrmCustomer/excelExport', { search: '往返客户' }, tokens.wangzong);
    const [head, row] = await sheetRows(res.rawPayload);
    const cell = (name: string) => row![head!.indexOf(name)];
    expect([cell('性别'), cell('所属门店'), cell('是否老客户'), cell('是否12800签约')]).toEqual([
      '女',
      shop!.name,
      '是',
      '否',
    ]);

    // The same sheet, as a new person: every word is read back into the value it came from.
    const copy = [...row!];
    copy[head!.indexOf('客户名称')] = '往返客户二';
    copy[head!.indexOf('手机号')] = '13800009102';
    copy[head!.indexOf('身份证号')] = '510104199001019102';
    const started = await upload('wangzong', await workbookOf([head!, copy]));
    const done = await finished('wangzong', started.data.jobId);
    expect(done.data).toMatchObject({ total: 1, imported: 1, rejected: [] });
    const stored = await queryRows(
      t.database.db,
      sql`select customer_name, has_old_customer, gender, shop_owner_id, relation, has_sign from crm_customer
          where mobile in ('13800009101', '13800009102') order by customer_id`,
    );
    const same = { has_old_customer: true, gender: 2, shop_owner_id: shop!.id, relation: '成都三级', has_sign: false };
    expect(stored).toEqual([
      { customer_name: '往返客户', ...same },
      { customer_name: '往返客户二', ...same },
    ]);
  });

  it('refuses a row naming a shop that does not exist, by its name', async () => {
    const header = ['*客户名称', '*手机号', '性别', '*所属门店', '*服务三级', '*身份证号'];
    const bytes = await workbookOf([
      header,
      ['无名店客户', '13800009103', '男', '不存在的门店', '成都三级', '510104199001019103'],
    ]);
    const started = await upload('wangzong', bytes);
    const done = await finished('wangzong', started.data.jobId);
    expect(done.data).toMatchObject({ imported: 0, rejected: [{ row: 2, reason: '所属门店「不存在的门店」不存在' }] });
  });
});

describe('a limit declared once (issue 27)', () => {
  // 客户名称's limit as its declaration states it: nothing below names the number.
  const field: FixedField = customerKind.fixedFields.find((f) => f.fieldName === 'customerName')!;
  const max = field.maxLength!;
  const tooLong = `${field.name}不能超过${max}个字符`;
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? [] : r.error!.issues.map((i) => i.message);

  it('is what the form’s rule, the save and the import refuse one character over, with one message', async () => {
    const over = '长'.repeat(max + 1);
    // The panel's rule and the save call's schema.
    expect(messages(customerEntitySchema.safeParse(customerPanel({ customerName: over })))).toEqual([tooLong]);
    expect(messages(customerSaveSchema.safeParse(customerPanel({ customerName: over })))).toEqual([tooLong]);
    // The server's answer to the save.
    const saved = await t.post('/CrmCustomer/addOrUpdate', customerPanel({ customerName: over }), tokens.wangzong);
    expect(saved).toMatchObject({ code: 400, msg: tooLong });
    // The import's row error.
    const header = ['*客户名称', '*手机号', '*所属门店', '*服务三级', '*身份证号'];
    const started = await upload(
      'wangzong',
      await workbookOf([header, [over, '13800009201', 1, '成都三级', '510104199001019201']]),
    );
    const done = await finished('wangzong', started.data.jobId);
    expect(done.data).toMatchObject({ imported: 0, rejected: [{ row: 2, reason: tooLong }] });
  });

  it('is what all three accept at the limit', async () => {
    const atLimit = '满'.repeat(max);
    expect(customerEntitySchema.safeParse(customerPanel({ customerName: atLimit })).success).toBe(true);
    const saved = await t.post(
      '/CrmCustomer/addOrUpdate',
      customerPanel({ customerName: atLimit, mobile: '13800009202' }),
      tokens.wangzong,
    );
    expect(saved.code).toBe(0);
    const header = ['*客户名称', '*手机号', '*所属门店', '*服务三级', '*身份证号'];
    const name = `${'导'.repeat(max - 1)}入`;
    const started = await upload(
      'wangzong',
      await workbookOf([header, [name, '13800009203', 1, '成都三级', '510104199001019203']]),
    );
    const done = await finished('wangzong', started.data.jobId);
    expect(done.data).toMatchObject({ imported: 1, rejected: [] });
    const rows = await queryRows(t.database.db, sql`select 1 from crm_customer where customer_name = ${name}`);
    expect(rows).toHaveLength(1);
  });
});
