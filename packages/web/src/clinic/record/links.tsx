import { Link } from 'react-router';
import { usePermission } from '@/manager/use-permission';
import { archivePath } from './filters';
import { useRecordMessages } from './messages';

/** 顾客档案: the customer's full-page archive, for who reads customers (the CRM detail's header). */
export function ArchiveLink({ customerId }: { customerId: number }) {
  const t = useRecordMessages();
  const can = usePermission();
  if (!can('crm.customer.read')) return null;
  return (
    <Link to={archivePath(customerId)} data-testid="archive-link">
      {t('archiveTitle')}
    </Link>
  );
}

/** 到院记录: the visit list, for who may read it (the triage desk's header). */
export function RecordListLink() {
  const t = useRecordMessages();
  const can = usePermission();
  if (!can('oa.record.read')) return null;
  return <Link to="/record">{t('recordTitle')}</Link>;
}
