import { LinkOutlined, PrinterOutlined } from '@ant-design/icons';
import { ExamineStatus, expenseKinds } from '@crm/shared';
import { App, Button, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { type ExamineDetail, examineApi } from '../api';
import type { DialogKind } from './ActionDialog';
import { useDetailMessages } from './messages';

// The claim's check links, fetched when opened (/reimbursementDetail, docs/open-links.md).
const ReimbursementLinks = lazy(() => import('./ReimbursementLinks'));

/** Exactly the actions the server permits the viewer (`permitted`), plus printing. */
export function ActionBar({
  detail,
  onDialog,
  onEdit,
  onChanged,
  onDeleted,
}: {
  detail: ExamineDetail;
  onDialog: (kind: DialogKind) => void;
  onEdit: () => void;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const t = useDetailMessages();
  const { message, modal } = App.useApp();
  const p = detail.permitted;
  const [links, setLinks] = useState(false);
  const checkable = detail.status === ExamineStatus.approved && detail.categoryType in expenseKinds;
  const urge = async () => {
    try {
      await examineApi.urge(detail.recordId);
      message.success(t('urged'));
      onChanged();
    } catch {
      // the request layer showed the server's message
    }
  };
  const remove = () =>
    modal.confirm({
      title: t('delete'),
      content: t('deleteConfirm'),
      okButtonProps: { danger: true },
      okText: t('delete'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await examineApi.remove(detail.examineId);
          message.success(t('deleted'));
          onDeleted();
        } catch {
          // the request layer showed the server's message
        }
      },
    });
  return (
    <div className="exm-actions no-print" data-testid="detail-actions">
      <Space wrap size={8}>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('print')}
        </Button>
        {checkable && (
          <Button icon={<LinkOutlined />} onClick={() => setLinks(true)}>
            {t('checkLinks')}
          </Button>
        )}
        {links && (
          <Suspense fallback={null}>
            <ReimbursementLinks examineId={detail.examineId} onClose={() => setLinks(false)} />
          </Suspense>
        )}
        {p.delete && (
          <Button danger onClick={remove}>
            {t('delete')}
          </Button>
        )}
      </Space>
      <Space wrap size={8}>
        {p.urge && <Button onClick={urge}>{t('urge')}</Button>}
        {p.withdraw && <Button onClick={() => onDialog('withdraw')}>{t('withdraw')}</Button>}
        {p.edit && (
          <Button type="primary" onClick={onEdit}>
            {t('edit')}
          </Button>
        )}
        {p.returnTo && <Button onClick={() => onDialog('returnTo')}>{t('returnTo')}</Button>}
        {p.addApprover && <Button onClick={() => onDialog('addApprover')}>{t('addApprover')}</Button>}
        {p.transfer && <Button onClick={() => onDialog('transfer')}>{t('transfer')}</Button>}
        {p.reject && (
          <Button danger onClick={() => onDialog('reject')}>
            {t('reject')}
          </Button>
        )}
        {p.approve && (
          <Button type="primary" onClick={() => onDialog('approve')}>
            {t('approve')}
          </Button>
        )}
      </Space>
    </div>
  );
}
