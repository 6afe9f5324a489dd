import { ResultCode } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Drawer, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '@/shell/request';
import { type ExamineDetail, examineApi, examineKeys } from '../api';
import { ActionBar } from './ActionBar';
import { ActionDialog, type DialogKind } from './ActionDialog';
import { DetailBody } from './DetailBody';
import { HrApplyPanel } from './HrApplyPanel';
import { useDetailMessages } from './messages';
import { PrintSheet } from './PrintSheet';

/**
 * One approval: header, the form's values and attachments, the flow, CC with read state,
 * comments and history, and the actions the server permits. After any action the detail,
 * the lists and the counts refresh.
 */
export function DetailDrawer({
  examineId,
  onClose,
  onEdit,
}: {
  examineId: number | null;
  onClose: () => void;
  onEdit: (detail: ExamineDetail) => void;
}) {
  const t = useDetailMessages();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const detail = useQuery({
    queryKey: examineKeys.detail(examineId ?? 0),
    queryFn: () => examineApi.detail(examineId!),
    enabled: examineId !== null,
    retry: false,
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: examineKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['todo'] });
  };
  // Opening a copy marks it read: the tab's unread count and row change.
  const loadedAt = detail.dataUpdatedAt;
  useEffect(() => {
    if (!loadedAt) return;
    void queryClient.invalidateQueries({ queryKey: examineKeys.counts });
    void queryClient.invalidateQueries({ queryKey: ['examine', 'list', 'copied'] });
  }, [loadedAt, queryClient]);

  // The print sheet exists only while printing (打印 or Ctrl+P with the detail open).
  const [printing, setPrinting] = useState(false);
  const open = examineId !== null;
  useEffect(() => {
    if (!open) return;
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [open]);

  const data = detail.data;
  const error = detail.error;
  return (
    <Drawer
      open={examineId !== null}
      size={760}
      onClose={onClose}
      title={data ? data.categoryTitle : ''}
      className="exm-detail-drawer"
      footer={
        data ? (
          <ActionBar
            detail={data}
            onDialog={setDialog}
            onEdit={() => onEdit(data)}
            onChanged={refresh}
            onDeleted={() => {
              refresh();
              onClose();
            }}
          />
        ) : null
      }
    >
      {detail.isPending && examineId !== null ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : error ? (
        <Result
          status={error instanceof ApiError && error.code === ResultCode.forbidden ? '403' : '404'}
          title={error.message || t('noAccess')}
          subTitle={t('noAccess')}
        />
      ) : data ? (
        <>
          <HrApplyPanel detail={data} />
          <DetailBody detail={data} onChanged={refresh} />
          {printing && <PrintSheet detail={data} />}
          <ActionDialog
            kind={dialog}
            detail={data}
            onClose={() => setDialog(null)}
            onDone={() => {
              setDialog(null);
              refresh();
            }}
          />
        </>
      ) : null}
    </Drawer>
  );
}
