import { type Answer, buildAuthObject, commonScenes, type RecordKind } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shell/session-store';
import { answered } from '@/test/answers';
import { renderWithApp } from '@/workbench/examine/test-utils';
import { saver } from './api';
import { ExcelActions } from './ExcelActions';

const kind: RecordKind = {
  key: 'customer',
  label: 2,
  name: '客户',
  nameEn: 'Customer',
  permission: 'crm:customer',
  table: 'crm_customer',
  idField: 'customerId',
  nameField: 'customerName',
  fixedFields: [],
  defaultColumns: [],
  systemScenes: commonScenes,
  features: { team: true, followUps: true, attachments: true, transfer: true },
};

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const workbook = (name: string) =>
  new Response(new Blob(['PK']), {
    headers: {
      'content-type': xlsx,
      'content-disposition': `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });

type Seen = { path: string; body: unknown };
let seen: Seen[];
let statuses: Answer<'/CrmCustomer/excelImportStatus'>[];
const saved: string[] = [];

beforeEach(() => {
  seen = [];
  saved.length = 0;
  statuses = [
    { jobId: 'j1', total: 3, done: 1, imported: 1, rejected: [], finished: false },
    {
      jobId: 'j1',
      total: 3,
      done: 3,
      imported: 2,
      rejected: [{ row: 3, reason: '客户名称不能为空' }],
      finished: true,
    },
  ];
  vi.spyOn(saver, 'save').mockImplementation((_b, name) => void saved.push(name));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const body =
        init?.body instanceof FormData
          ? Object.fromEntries([...init.body.entries()].map(([k, v]) => [k, v instanceof File ? v.name : v]))
          : JSON.parse(String(init?.body || '{}').startsWith('{') ? String(init?.body) : '{}');
      seen.push({ path, body });
      if (path === '/CrmCustomer/excelExport') return workbook('客户导出_2026-11-23_10.30.xlsx');
      if (path === '/CrmCustomer/downloadExcel') return workbook('客户导入模板.xlsx');
      if (path === '/CrmCustomer/excelImportReport') return workbook('客户导入错误报告.xlsx');
      if (path === '/CrmCustomer/excelImport') return answered('/CrmCustomer/excelImport', { jobId: 'j1' });
      if (path === '/CrmCustomer/excelImportStatus')
        return answered('/CrmCustomer/excelImportStatus', (statuses.length > 1 ? statuses.shift() : statuses[0])!);
      return new Response(JSON.stringify({ code: 404, msg: 'not found', data: null }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const show = (permissions: string[], onImported = () => {}) => {
  sessionStore.save({ auth: buildAuthObject(permissions) });
  return renderWithApp(
    <ExcelActions
      kind={kind}
      prefix="CrmCustomer"
      listBody={{ page: 3, limit: 15, search: '张', sceneId: -2 }}
      onImported={onImported}
    />,
  );
};

describe('ExcelActions', () => {
  it('shows each action only with its permission', () => {
    show(['crm:customer:index']);
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
    cleanup();
    show(['crm:customer:index', 'crm:customer:excelexport']);
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
  });

  it('exports the current filter without its paging and saves the file under its Chinese name', async () => {
    show(['crm:customer:excelexport']);
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(saved).toEqual(['客户导出_2026-11-23_10.30.xlsx']));
    expect(seen).toEqual([{ path: '/CrmCustomer/excelExport', body: { search: '张', sceneId: -2 } }]);
  });

  it('imports a file with a progress bar, then reports the rejected rows by row number and reason', async () => {
    const onImported = vi.fn();
    show(['crm:customer:excelimport'], onImported);
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');

    fireEvent.click(within(dialog).getByRole('button', { name: '下载模板' }));
    await waitFor(() => expect(saved).toEqual(['客户导入模板.xlsx']));

    const start = within(dialog).getByRole('button', { name: '开始导入' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['PK'], '客户.xlsx', { type: xlsx })] } });
    await waitFor(() => expect(within(dialog).getByText('客户.xlsx')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));

    await waitFor(() => expect(within(dialog).getByTestId('import-progress')).toBeTruthy());
    expect(await within(dialog).findByText('正在导入 1/3')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar')).toBeTruthy();
    const report = await within(dialog).findByTestId('import-report', {}, { timeout: 3000 });
    expect(within(report).getByText('导入完成：成功 2 条，失败 1 条')).toBeTruthy();
    const row = within(report).getByText('客户名称不能为空').closest('tr')!;
    expect(within(row).getByText('3')).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);

    const upload = seen.find((s) => s.path === '/CrmCustomer/excelImport')!;
    expect(upload.body).toMatchObject({ file: '客户.xlsx', batchId: expect.stringMatching(/^[0-9a-f]{32}$/) });

    fireEvent.click(within(report).getByRole('button', { name: '下载错误报告' }));
    await waitFor(() => expect(saved).toContain('客户导入错误报告.xlsx'));
    expect(seen.at(-1)).toEqual({ path: '/CrmCustomer/excelImportReport', body: { jobId: 'j1' } });
  }, 20_000);

  it('ends the wait with the reason when the server running the import stopped', async () => {
    const interrupted = '导入已中断：处理该任务的服务器已停止，未处理的行没有导入，请重新导入这些行';
    statuses = [{ jobId: 'j1', total: 9, done: 4, imported: 4, rejected: [], finished: true, error: interrupted }];
    show(['crm:customer:excelimport']);
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['PK'], '客户.xlsx', { type: xlsx })] } });
    await waitFor(() => expect(within(dialog).getByText('客户.xlsx')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));
    const report = await within(dialog).findByTestId('import-report');
    expect(within(report).getByRole('alert').textContent).toContain(interrupted);
    expect(within(report).getByText('导入完成：成功 4 条，失败 0 条')).toBeTruthy();
  }, 20_000);
});
