import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/sql.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { people } from '../../../test/people.ts';
import { probeCustomFields, probeSaveSchema } from '../probe-kind.ts';
import { addProbeKind } from '../test-support.ts';
import {
  download as downloadFile,
  importFinished,
  sheetRows,
  uploadImport,
  workbookOf as workbookOfRows,
} from './test-support.ts';

/**
 * Excel export and import on the probe kind (a descriptor, a table and a mapping only).
 * Personas (seed): zhaoqiang manages 销售一部 (sunli, zhoujie) and may export but not import;
 * wufang manages 销售二部 (zhenghao); sunli sells and may do neither; wangzong is 客户管理员
 * (every CRM action, all data); admin is super.
 */
let t: TestApp;
const { tokens, ids: userIds, signIn } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await addProbeKind(t, { customFields: async () => probeCustomFields, excelImport: { schema: probeSaveSchema } });
  await signIn(['admin', 'sunli', 'zhaoqiang', 'wufang', 'wangzong']);
  const add = async (name: string, owner: string | null, fields: object, amount: number | null, time: string) =>
    t.database.db.execute(
      sql`insert into crm_probe (probe_name, amount, owner_user_id, create_user_id, fields, batch_id, create_time, update_time)
          values (${name}, ${amount}, ${owner ? userIds[owner] : null}, ${userIds.admin}, ${JSON.stringify(fields)}::jsonb,
                  ${`seed-${name}`}, ${time}::timestamptz, ${time}::timestamptz)`,
    );
  await add('孙丽的红样品', 'sunli', { field_color: '红', field_size: 12 }, 100, '2026-03-01T02:05:00Z');
  await add('周杰的样品', 'zhoujie', { field_size: 7 }, 50, '2026-03-02T02:05:00Z');
  await add('郑浩的样品', 'zhenghao', {}, null, '2026-03-03T02:05:00Z');
  await add('公海样品', null, {}, 0, '2026-03-04T02:05:00Z');
});
afterAll(() => t.close());

const download = (url: string, body: object, who: string) => downloadFile(t, `/CrmProbe/${url}`, body, tokens[who]!);

const workbookOf = (rows: unknown[][]) => workbookOfRows(rows, '样品');
const upload = (who: string, bytes: Buffer, name = '样品.xlsx', batchId?: string) =>
  uploadImport(t, 'CrmProbe', tokens[who], bytes, name, batchId);
const finished = (who: string, jobId: string) => importFinished(t, 'CrmProbe', tokens[who], jobId);

const header = ['样品名称', '金额', '颜色', '尺寸', '负责人', '创建人', '创建时间', '更新时间', '下次联系时间'];

describe('excelExport', () => {
  it('streams the rows of the current filter with human values and a Chinese file name', async () => {
    const res = await download('excelExport', { search: '孙丽' }, 'zhaoqiang');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="[^"]+\.xlsx"; filename\*=UTF-8''%E6%A0%B7%E5%93%81%E5%AF%BC%E5%87%BA_/,
    );
    expect(await sheetRows(res.rawPayload)).toEqual([
      header,
      ['孙丽的红样品', 100, '红', 12, '孙丽', '系统管理员', '2026-03-01 10:05:00', '2026-03-01 10:05:00'],
    ]);
  });

  it.each([
    ['zhaoqiang', ['周杰的样品', '孙丽的红样品']],
    ['wufang', ['郑浩的样品']],
    ['admin', ['郑浩的样品', '周杰的样品', '孙丽的红样品']],
  ])('%s exports exactly what their list shows, in its order, never the pool', async (who, expected) => {
    const list = await t.post('/CrmProbe/queryPageList', { limit: 100 }, tokens[who]);
    const names = list.data.list.map((r: { probeName: string }) => r.probeName);
    expect(names).toEqual(expected);
    const rows = await sheetRows((await download('excelExport', {}, who)).rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected);
  });

  it('applies the scene, filters and sort of the list', async () => {
    const res = await download(
      'excelExport',
      { sceneId: -2, data: { amount: { condition: 'gt', value: 10 } }, sortField: 'amount', order: 'asc' },
      'admin',
    );
    expect((await sheetRows(res.rawPayload)).length).toBe(1);
    const all = await download('excelExport', { sortField: 'field_size', order: 'asc' }, 'zhaoqiang');
    expect((await sheetRows(all.rawPayload)).slice(1).map((r) => r[0])).toEqual(['周杰的样品', '孙丽的红样品']);
  });

  it.each([
    [{ data: { password_hash: { condition: 'is', value: 'x' } } }, 400, '不支持按该字段筛选'],
    [{ sortField: 'owner_user_id; drop table crm_probe' }, 400, '不支持按该字段排序'],
    [{ sceneId: 999999 }, 404, '场景不存在'],
  ])('refuses %j with %s as JSON before anything is streamed', async (body, code, msg) => {
    const res = await download('excelExport', body, 'zhaoqiang');
    expect([res.json().code, res.json().msg]).toEqual([code, msg]);
  });

  it("exports only the chosen records under the original's batchExportExcel, within the viewer's scope", async () => {
    const list = await t.post('/CrmProbe/queryPageList', { limit: 100 }, tokens.admin);
    const byName = new Map(list.data.list.map((r: Record<string, unknown>) => [r.probeName, r.probeId]));
    const chosen = `${byName.get('周杰的样品')},${byName.get('郑浩的样品')}`;
    const admin = await download('batchExportExcel', { ids: chosen }, 'admin');
    expect((await sheetRows(admin.rawPayload)).slice(1).map((r) => r[0])).toEqual(['郑浩的样品', '周杰的样品']);
    // zhaoqiang does not see 郑浩's record: choosing it exports nothing of it.
    const theirs = await download('batchExportExcel', { ids: chosen }, 'zhaoqiang');
    expect((await sheetRows(theirs.rawPayload)).slice(1).map((r) => r[0])).toEqual(['周杰的样品']);
    const all = await download('allExportExcel', { search: '孙丽' }, 'zhaoqiang');
    expect((await sheetRows(all.rawPayload)).slice(1).map((r) => r[0])).toEqual(['孙丽的红样品']);
  });

  it('is refused without the export permission', async () => {
    const res = await download('excelExport', {}, 'sunli');
    expect(res.json().code).toBe(403);
  });
});

describe('downloadExcel', () => {
  it('answers the template: writable fields, required ones marked, options as a drop-down', async () => {
    const res = await download('downloadExcel', {}, 'wangzong');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('样品导入模板.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['*样品名称', '金额', '颜色', '尺寸']);
    expect(sheet.getCell('C2').dataValidation).toMatchObject({ type: 'list', formulae: ["'选项'!$C$1:$C$2"] });
    expect(wb.getWorksheet('选项')!.getCell('C1').value).toBe('红');
  });

  it('is refused without the import permission', async () => {
    expect((await download('downloadExcel', {}, 'zhaoqiang')).json().code).toBe(403);
  });
});

describe('excelImport', () => {
  const stored = async (name: string) =>
    queryRows<{ owner_user_id: number; amount: string | null; fields: Record<string, unknown> }>(
      t.database.db,
      sql`select owner_user_id, amount, fields from crm_probe where probe_name = ${name}`,
    );

  it('imports good rows as the importer, reports bad ones by row with the reason, stores nothing of them', async () => {
    const bytes = await workbookOf([
      ['*样品名称', '金额', '颜色', '尺寸', '备注列'],
      ['导入一', 12.5, '红', 101, 'x'],
      ['', 3, '蓝', 102],
      [],
      ['导入三', 'abc', '蓝', 103],
      ['导入四', 1, '绿', 104],
      ['导入五', 2, '', 'x'],
      ['导入六', 2, '蓝', 12],
      ['导入七', 4, '蓝', 101],
      ['导入八', null, null, null],
    ]);
    const started = await upload('wangzong', bytes);
    expect(started.code).toBe(0);
    const res = await finished('wangzong', started.data.jobId);
    expect(res.data).toEqual({
      jobId: started.data.jobId,
      total: 8,
      done: 8,
      imported: 2,
      finished: true,
      rejected: [
        { row: 3, reason: '样品名称不能为空' },
        { row: 5, reason: '货币的整数部分须少于10位，小数部分须少于2位' },
        { row: 6, reason: '选项不在可选范围内' },
        { row: 7, reason: '数字的整数部分须少于12位，小数部分须少于4位' },
        { row: 8, reason: '尺寸已存在' },
        { row: 9, reason: '尺寸与第2行重复' },
      ],
    });
    expect(await stored('导入一')).toEqual([
      { owner_user_id: userIds.wangzong, amount: '12.50', fields: { field_color: '红', field_size: 101 } },
    ]);
    expect(await stored('导入八')).toEqual([{ owner_user_id: userIds.wangzong, amount: null, fields: {} }]);
    for (const name of ['导入三', '导入四', '导入五', '导入六', '导入七']) expect(await stored(name)).toEqual([]);

    const report = await download('excelImportReport', { jobId: started.data.jobId }, 'wangzong');
    expect(report.headers['content-disposition']).toContain(encodeURIComponent('样品导入错误报告.xlsx'));
    const rows = await sheetRows(report.rawPayload);
    expect(rows[0]).toEqual(['样品名称', '金额', '颜色', '尺寸', '备注列', '错误原因', '行号']);
    expect(rows.slice(1).map((r) => [r[0], r[5], r[6]])).toEqual([
      [null, '样品名称不能为空', 3],
      ['导入三', '货币的整数部分须少于10位，小数部分须少于2位', 5],
      ['导入四', '选项不在可选范围内', 6],
      ['导入五', '数字的整数部分须少于12位，小数部分须少于4位', 7],
      ['导入六', '尺寸已存在', 8],
      ['导入七', '尺寸与第2行重复', 9],
    ]);
  });

  it('answers the same job when the same upload is sent twice (a double click)', async () => {
    const bytes = await workbookOf([['样品名称'], ['双击样品']]);
    const batchId = 'excelDoubleClick1';
    const [a, b] = [
      await upload('wangzong', bytes, '样品.xlsx', batchId),
      await upload('wangzong', bytes, '样品.xlsx', batchId),
    ];
    expect(b.data.jobId).toBe(a.data.jobId);
    await finished('wangzong', a.data.jobId);
    expect((await stored('双击样品')).length).toBe(1);
  });

  it.each([
    ['not a workbook', Buffer.from('样品名称\n甲\n'), '样品.csv', '请上传Excel文件（.xlsx）'],
    ['no known column', null, '样品.xlsx', '导入文件与模板不符，请下载导入模板后填写'],
    ['no data row', 'header-only', '样品.xlsx', '导入文件中没有数据'],
    ['an empty file', Buffer.alloc(0), '样品.xlsx', '请选择要上传的文件'],
  ])('refuses %s', async (_, content, name, msg) => {
    const bytes =
      content === null
        ? await workbookOf([
            ['名字', '价格'],
            ['甲', 1],
          ])
        : content === 'header-only'
          ? await workbookOf([['样品名称', '金额']])
          : (content as Buffer);
    const res = await upload('wangzong', bytes, name);
    expect([res.code, res.msg]).toEqual([400, msg]);
  });

  it('is refused without the import permission, and a job is only its owner’s', async () => {
    const bytes = await workbookOf([['样品名称'], ['无权样品']]);
    expect((await upload('zhaoqiang', bytes)).code).toBe(403);
    expect(await stored('无权样品')).toEqual([]);
    const started = await upload('wangzong', bytes);
    await finished('wangzong', started.data.jobId);
    const other = await t.post('/CrmProbe/excelImportStatus', { jobId: started.data.jobId }, tokens.admin);
    expect([other.code, other.msg]).toEqual([404, '导入任务不存在或已过期']);
  });
});

describe('a large export', () => {
  it('streams 20,000 rows, every one of them', async () => {
    await t.database.db.execute(
      sql`insert into crm_probe (probe_name, amount, owner_user_id, create_user_id, fields, batch_id)
          select '批量' || g, g, ${userIds.admin}, ${userIds.admin}, jsonb_build_object('field_color', '红', 'field_size', g + 100000),
                 'bulk-' || g
          from generate_series(1, 20000) g`,
    );
    const res = await download('excelExport', { search: '批量', sortField: 'amount', order: 'asc' }, 'admin');
    const rows = await sheetRows(res.rawPayload);
    expect(rows.length).toBe(20_001);
    expect(rows[1]!.slice(0, 4)).toEqual(['批量1', 1, '红', 100001]);
    expect(rows[20_000]!.slice(0, 4)).toEqual(['批量20000', 20000, '红', 120000]);
  }, 60_000);
});
