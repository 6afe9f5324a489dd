import { Modal, Typography } from 'antd';
import { OpenLinkManager } from '@/components/open-links/OpenLinkManager';
import { useDetailMessages } from './messages';

/** An approved claim's /reimbursementDetail links: make one for finance, see who opened it, revoke. */
export default function ReimbursementLinks({ examineId, onClose }: { examineId: number; onClose: () => void }) {
  const t = useDetailMessages();
  return (
    <Modal open title={t('checkLinksTitle')} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('checkLinksHint')}</Typography.Paragraph>
      <OpenLinkManager base="/OaExamine/reimbursementLink" maxDays={365} params={{ examineId }} />
    </Modal>
  );
}
