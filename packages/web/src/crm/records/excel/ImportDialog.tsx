import { InboxOutlined } from '@ant-design/icons';
import type { ImportStatus, RecordKind } from '@crm/shared';
import { Alert, App, Button, Modal, Progress, Table, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLang } from '@/i18n';
import { ApiError } from '@/shell/request';
import { downloadWorkbook, importStatus, startImport } from './api';
import { useExcelMessages } from './messages';

/** How often the dialog asks how far the import is. */
export const POLL_MS = 500;

const newBatchId = () => crypto.randomUUID().replaceAll('-', '');

/**
 * The import dialog: download the template, choose the filled file, watch the progress, then the
 * report (imported count, each rejected row with its row number and reason, the report workbook).
 */
export function ImportDialog({
  kind,
  prefix,
  onClose,
  onImported,
}: {
  kind: Pick<RecordKind, 'name' | 'nameEn'>;
  prefix: string;
  onClose: () => void;
  onImported: () => void;
}) {
  const t = useExcelMessages();
  const { lang } = useLang();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  // One batch per chosen file: a double click on 开始导入 answers the same job.
  const [batchId, setBatchId] = useState(newBatchId);
  const [starting, setStarting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const imported = useRef(onImported);
  imported.current = onImported;

  useEffect(() => {
    if (!jobId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const s = await importStatus(prefix, jobId);
        if (stopped) return;
        setStatus(s);
        if (s.finished) {
          if (s.imported > 0) imported.current();
          return;
        }
      } catch (err) {
        if (stopped) return;
        // A lost job (a server restart) ends the wait with its message.
        if (err instanceof ApiError && err.code !== -1) {
          message.error(err.message);
          setJobId(null);
          return;
        }
      }
      timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId, prefix, message]);

  const download = async (path: string, body: object, name: string) => {
    try {
      await downloadWorkbook(path, body, name);
    } catch (err) {
      message.error(err instanceof Error ? err.message : String(err));
    }
  };

  const start = async () => {
    if (!file) return;
    setStarting(true);
    try {
      setJobId((await startImport(prefix, file, batchId)).jobId);
    } catch {
      // the request layer showed the message
    } finally {
      setStarting(false);
    }
  };

  const kindName = lang === 'en' ? kind.nameEn : kind.name;
  const finished = status?.finished === true;
  const running = jobId !== null && !finished;
  const percent = status && status.total > 0 ? Math.floor((status.done / status.total) * 100) : 0;

  const footer = finished
    ? [
        <Button key="close" type="primary" onClick={onClose}>
          {t('close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="start" type="primary" disabled={!file || running} loading={starting || running} onClick={start}>
          {t('start')}
        </Button>,
      ];

  return (
    <Modal
      open
      title={t('importTitle', { name: kindName })}
      footer={footer}
      onCancel={onClose}
      width={560}
      destroyOnHidden
    >
      {!jobId && (
        <>
          <p>
            1. {t('step1')}{' '}
            <Button size="small" onClick={() => download(`/${prefix}/downloadExcel`, {}, `${kind.name}导入模板.xlsx`)}>
              {t('downloadTemplate')}
            </Button>
          </p>
          <p>2. {t('step2')}</p>
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            fileList={file ? [{ uid: batchId, name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              setFile(f);
              setBatchId(newBatchId());
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('chooseFile')}</p>
          </Upload.Dragger>
        </>
      )}
      {running && (
        <div data-testid="import-progress">
          <Progress percent={percent} />
          <Typography.Text type="secondary">
            {t('running', { done: status?.done ?? 0, total: status?.total ?? 0 })}
          </Typography.Text>
        </div>
      )}
      {finished && status && (
        <div data-testid="import-report">
          {/* The server running the job stopped before its last row: say so, with what was done. */}
          {status.error && <Alert type="error" showIcon title={status.error} style={{ marginBottom: 12 }} />}
          <Typography.Paragraph strong>
            {t('summary', { imported: status.imported, rejected: status.rejected.length })}
          </Typography.Paragraph>
          {status.rejected.length > 0 && (
            <>
              <Table
                size="small"
                rowKey="row"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={status.rejected}
                columns={[
                  { title: t('row'), dataIndex: 'row', width: 80 },
                  { title: t('reason'), dataIndex: 'reason' },
                ]}
              />
              <Button
                onClick={() => download(`/${prefix}/excelImportReport`, { jobId }, `${kind.name}导入错误报告.xlsx`)}
              >
                {t('downloadReport')}
              </Button>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
