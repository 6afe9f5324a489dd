import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { RecordKind } from '@crm/shared';
import { App, Button, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { usePermission } from '@/manager/use-permission';
import { downloadWorkbook } from './api';
import { useExcelMessages } from './messages';

const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

/** What the Excel actions need of a kind: its names and permission prefix (a record kind, or the clinic's catalogue). */
export type ExcelKind = Pick<RecordKind, 'name' | 'nameEn'> & { permission: string };

export type ExcelActionsProps = {
  kind: ExcelKind;
  /** The kind's call prefix: `CrmCustomer`. */
  prefix: string;
  /** The list's current body (scene, search, filters, sort); paging is ignored. */
  listBody: object;
  /** After an import stored rows: reload the list. */
  onImported: () => void;
};

/**
 * 导出 (the current filter as a workbook) and 导入 (template, upload, progress, report) for a
 * record kind's list toolbar, each only with its permission (`crm:<kind>:excelexport`,
 * `crm:<kind>:excelimport`).
 */
export function ExcelActions({ kind, prefix, listBody, onImported }: ExcelActionsProps) {
  const t = useExcelMessages();
  const can = usePermission();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const canExport = can(`${kind.permission}:excelexport`);
  const canImport = can(`${kind.permission}:excelimport`);
  if (!canExport && !canImport) return null;

  const exportNow = async () => {
    setExporting(true);
    try {
      const { page: _p, limit: _l, ...body } = listBody as Record<string, unknown>;
      await downloadWorkbook(`/${prefix}/excelExport`, body, `${kind.name}导出.xlsx`);
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space>
      {canExport && (
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportNow}>
          {t('export')}
        </Button>
      )}
      {canImport && (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {t('import')}
        </Button>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog kind={kind} prefix={prefix} onClose={() => setImporting(false)} onImported={onImported} />
        </Suspense>
      )}
    </Space>
  );
}
