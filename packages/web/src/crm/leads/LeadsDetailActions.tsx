import { authHas } from '@crm/shared';
import { App, Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '@/shell/session';
import type { DetailContext } from '../types';
import { convertLeads } from './api';
import { useLeadsMessages } from './messages';

/**
 * The lead detail's own header actions: 转换为客户 (crm:leads:transform, on a lead not yet
 * converted), which opens the new customer; a converted lead shows its state and its customer.
 */
export default function LeadsDetailActions({ id, record, access, refresh }: DetailContext) {
  const t = useLeadsMessages();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { auth } = useSession();
  if (record.isTransform)
    return (
      <>
        <Tag color="green" data-testid="leads-converted">
          {t('converted')}
        </Tag>
        {record.customerId ? (
          <Button onClick={() => navigate(`/crm/customer/${record.customerId}`)}>{t('viewCustomer')}</Button>
        ) : null}
      </>
    );
  if (!access.write || !authHas(auth, 'crm.leads.transform')) return null;
  const convert = () =>
    modal.confirm({
      title: t('convert'),
      content: t('convertConfirm', { name: String(record.name ?? '') }),
      onOk: async () => {
        try {
          const answer = await convertLeads([id]);
          message.success(t('convertedDone'));
          refresh();
          const customerId = answer.list[0]?.customerId;
          if (customerId) navigate(`/crm/customer/${customerId}`);
        } catch {
          // the request layer showed the server's message
        }
      },
    });
  return (
    <Button onClick={convert} data-testid="leads-convert">
      {t('convert')}
    </Button>
  );
}
