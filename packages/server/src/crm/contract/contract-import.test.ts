import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/sql.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { customerIds, people } from '../../test/people.ts';
import {
  download as downloadFile,
  importFinished,
  sheetRows,
  uploadImport,
  workbookOf,
} from '../records/excel/test-support.ts';

/**
 * Excel import of contracts and receivables (docs/api/contracts.md "Excel import"): the
 * template's columns, each row through the kind's own save as a draft, links named as people know
 * them (customer by name, contract by number, plan by 期数) among the records the importer may
 * see, and the report of refused rows. Demo data: sunli owns 林婉清 and 陈雨桐; zhenghao
 * (销售二部) owns 孙晓雅; 销售 get the import permission here; huangmin has no CRM permission.
 */
let t: TestApp;
const { tokens: tok, ids: uid, signIn } = people(() => t);
let cid: Record<string, number>;
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

const download = (prefix: string, url: string, body: object, who: string) =>
  downloadFile(t, `/${prefix}/${url}`, body, tok[who]!);
async function runImport(prefix: string, who: string, rows: unknown[][]) {
  const started = await uploadImport(t, prefix, tok[who], await workbookOf(rows), 'import.xlsx');
  expect(started.code).toBe(0);
  const res = await importFinished(t, prefix, tok[who], started.data.jobId);
  return { jobId: started.data.jobId, status: res.data };
}

beforeAll(async () => {
  t = await createTestApp();
  // The seeded 销售 role imports nothing: give it the two imports for this file.
  await exec(sql`insert into sys_role_permission (role_id, permission)
                 select role_id, p from sys_role, unnest(array['crm:contract:excelimport', 'crm:receivables:excelimport']) p
                 where role_name = '销售'`);
  await signIn(['admin', 'sunli', 'zhenghao', 'huangmin']);
  cid = await customerIds(t);
});
afterAll(() => t.close());

describe('the import templates', () => {
  it('contracts: the fixed fields, required ones marked, no product lines', async () => {
    const res = await download('CrmContract', 'downloadExcel', {}, 'sunli');
    expect(res.statusCode).toBe(200);
    const [header] = await sheetRows(res.rawPayload);
    expect(header).toEqual([
      '*合同编号',
      '*合同名称',
      '*客户名称',
      '*合同金额',
      '下单时间',
      '合同开始时间',
      '合同到期时间',
      '备注',
    ]);
  });

  it('receivables: the contract by its number and the plan by its 期数', async () => {
    const res = await download('CrmReceivables', 'downloadExcel', {}, 'sunli');
    const [header] = await sheetRows(res.rawPayload);
    expect(header).toEqual([
      '*回款编号',
      '*客户名称',
      '*合同编号',
      '期数',
      '*回款日期',
      '*回款金额',
      '回款方式',
      '备注',
    ]);
  });

  it('refuses without the import permission', async () => {
    expect((await download('CrmContract', 'downloadExcel', {}, 'huangmin')).json().msg).toBe('无权访问');
    const started = await uploadImport(t, 'CrmContract', tok.huangmin, await workbookOf([['*合同编号']]), 'a.xlsx');
    expect(started.msg).toBe('无权访问');
  });
});

describe('CrmContract/excelImport', () => {
  it('imports drafts by the contract’s own save and reports the refused rows', async () => {
    const { jobId, status } = await runImport('CrmContract', 'sunli', [
      ['*合同编号', '*合同名称', '*客户名称', '*合同金额', '合同开始时间', '合同到期时间'],
      ['IMP-HT-1', '导入合同一', '林婉清', 9800, '2026-01-01', '2026-12-31'],
      ['IMP-HT-2', '导入合同二', '陈雨桐', '1200.5', '', ''],
      ['IMP-HT-1', '编号重复', '林婉清', 100, '', ''],
      ['IMP-HT-3', '不认识的客户', '不存在的客户', 100, '', ''],
      ['IMP-HT-4', '别人的客户', '孙晓雅', 100, '', ''],
      ['IMP-HT-5', '金额有误', '林婉清', '12.345', '', ''],
      ['IMP-HT-6', '', '林婉清', 100, '', ''],
      ['IMP-HT-7', '日期倒置', '林婉清', 100, '2026-05-01', '2026-04-01'],
    ]);
    expect(status).toMatchObject({
      total: 8,
      imported: 2,
      finished: true,
      rejected: [
        { row: 4, reason: '合同编号与第2行重复' },
        { row: 5, reason: '客户不存在' },
        { row: 6, reason: '客户不存在' },
        { row: 7, reason: '货币的整数部分须少于10位，小数部分须少于2位' },
        { row: 8, reason: '合同名称不能为空' },
        { row: 9, reason: '合同结束时间不能早于开始时间' },
      ],
    });
    const rows = await queryRows<{ num: string; customer_id: number; check_status: number; owner_user_id: number }>(
      t.database.db,
      sql`select num, customer_id, check_status, owner_user_id from crm_contract where num like 'IMP-HT-%' order by num`,
    );
    expect(rows).toEqual([
      { num: 'IMP-HT-1', customer_id: cid.林婉清, check_status: 5, owner_user_id: uid.sunli },
      { num: 'IMP-HT-2', customer_id: cid.陈雨桐, check_status: 5, owner_user_id: uid.sunli },
    ]);

    // A number already stored is refused by the save itself.
    const again = await runImport('CrmContract', 'sunli', [
      ['*合同编号', '*合同名称', '*客户名称', '*合同金额'],
      ['IMP-HT-2', '再导一次', '陈雨桐', 1],
    ]);
    expect(again.status.rejected).toEqual([{ row: 2, reason: '合同编号已存在' }]);

    // The report: the refused rows as uploaded, with the reason.
    const report = await download('CrmContract', 'excelImportReport', { jobId }, 'sunli');
    expect(report.statusCode).toBe(200);
    const lines = await sheetRows(report.rawPayload);
    expect(lines).toHaveLength(7);
    expect(lines.flat()).toContain('客户不存在');
    expect(lines.flat()).toContain('合同结束时间不能早于开始时间');
    expect(lines.flat()).toContain('不认识的客户');
    // Another user cannot read it.
    expect((await download('CrmContract', 'excelImportReport', { jobId }, 'zhenghao')).json().msg).toBe(
      '导入任务不存在或已过期',
    );
  });
});

describe('CrmReceivables/excelImport', () => {
  it('finds the contract by number and the plan by 期数 among the importer’s records', async () => {
    const contractOf = async (num: string) => {
      const [row] = await queryRows<{ contract_id: number }>(
        t.database.db,
        sql`select contract_id from crm_contract where num = ${num}`,
      );
      return Number(row!.contract_id);
    };
    const approved = await contractOf('IMP-HT-1');
    await exec(sql`update crm_contract set check_status = 1 where contract_id = ${approved}`);
    await exec(sql`insert into crm_receivables_plan (num, contract_id, customer_id, money, return_date, remind, remind_date, create_user_id)
                   values (1, ${approved}, ${cid.林婉清}, 5000, '2026-06-01', 0, '2026-06-01', ${uid.sunli})`);

    const { status } = await runImport('CrmReceivables', 'sunli', [
      ['*回款编号', '*客户名称', '*合同编号', '期数', '*回款日期', '*回款金额', '回款方式'],
      ['IMP-HK-1', '林婉清', 'IMP-HT-1', 1, '2026-06-01', 5000, '电汇'],
      ['IMP-HK-2', '林婉清', 'IMP-HT-1', '', '2026-06-02', 800, ''],
      ['IMP-HK-3', '林婉清', 'NO-SUCH-HT', '', '2026-06-02', 1, ''],
      ['IMP-HK-4', '陈雨桐', 'IMP-HT-2', '', '2026-06-02', 1, ''],
      ['IMP-HK-5', '陈雨桐', 'IMP-HT-1', '', '2026-06-02', 1, ''],
      ['IMP-HK-6', '林婉清', 'IMP-HT-1', 9, '2026-06-02', 1, ''],
      ['IMP-HK-7', '林婉清', '', '', '2026-06-02', 1, ''],
      ['IMP-HK-8', '林婉清', 'IMP-HT-1', '', '', 1, ''],
    ]);
    expect(status).toMatchObject({
      total: 8,
      imported: 2,
      rejected: [
        { row: 4, reason: '合同不存在' },
        { row: 5, reason: '只能选择审核通过的合同' },
        { row: 6, reason: '合同不属于所选客户' },
        { row: 7, reason: '回款计划不存在' },
        { row: 8, reason: '合同不能为空' },
        { row: 9, reason: '回款日期不能为空' },
      ],
    });
    const rows = await queryRows<{
      number: string;
      contract_id: number;
      plan_num: number | null;
      check_status: number;
    }>(
      t.database.db,
      sql`select r.number, r.contract_id, p.num as plan_num, r.check_status from crm_receivables r
          left join crm_receivables_plan p on p.plan_id = r.plan_id where r.number like 'IMP-HK-%' order by r.number`,
    );
    expect(rows).toEqual([
      { number: 'IMP-HK-1', contract_id: approved, plan_num: 1, check_status: 5 },
      { number: 'IMP-HK-2', contract_id: approved, plan_num: null, check_status: 5 },
    ]);
  });

  it('out of scope: another team’s importer does not find sunli’s customer or contract', async () => {
    const { status } = await runImport('CrmReceivables', 'zhenghao', [
      ['*回款编号', '*客户名称', '*合同编号', '*回款日期', '*回款金额'],
      ['IMP-HK-X', '孙晓雅', 'IMP-HT-1', '2026-06-02', 1],
      ['IMP-HK-Y', '林婉清', 'IMP-HT-1', '2026-06-02', 1],
    ]);
    expect(status.rejected).toEqual([
      { row: 2, reason: '合同不存在' },
      { row: 3, reason: '客户不存在' },
    ]);
  });
});
