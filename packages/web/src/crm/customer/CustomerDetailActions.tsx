import { CheckCircleOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Tag } from 'antd';
// 开单 (issue 22, h-orders): balances and the 开单 button in the header.
import CustomerMoney from '@/clinic/orders/customer/CustomerMoney';
// The customer archive (issue 23, h-records): a link to the full-page archive.
import { ArchiveLink } from '@/clinic/record/links';
import { defineMessages } from '@/i18n';
import { usePermission } from '@/manager/use-permission';
import { call } from '@/shell/call';
import type { DetailContext } from '../types';

const useMessages = defineMessages({
  zh: {
    locked: '已锁定',
    dealt: '已成交',
    lock: '锁定',
    unlock: '解锁',
    lockConfirm: '确定锁定该客户吗？锁定的客户不会被自动放入公海。',
    unlockConfirm: '确定解锁该客户吗？',
    deal: '改为已成交',
    undeal: '改为未成交',
    dealConfirm: '确定将该客户的成交状态改为已成交吗？',
    undealConfirm: '确定将该客户的成交状态改为未成交吗？',
    confirmTitle: '提示',
    done: '操作成功',
  },
  en: {
    locked: 'Locked',
    dealt: 'Closed',
    lock: 'Lock',
    unlock: 'Unlock',
    lockConfirm: 'Lock this customer? Locked customers are never returned to the pool.',
    unlockConfirm: 'Unlock this customer?',
    deal: 'Mark as closed',
    undeal: 'Mark as not closed',
    dealConfirm: 'Mark this customer as closed (deal made)?',
    undealConfirm: 'Mark this customer as not closed?',
    confirmTitle: 'Notice',
    done: 'Done',
  },
});

/**
 * The customer detail's header actions (docs/api/customers.md, pool.md): 锁定/解锁 with
 * crm:customer:lock and 成交状态 with crm:customer:dealStatus, each only for a writable record;
 * the state itself shows as tags to everyone.
 */
export default function CustomerDetailActions({ id, record, access, refresh }: DetailContext) {
  const t = useMessages();
  const can = usePermission();
  const { modal, message } = App.useApp();
  const isLock = record.isLock === true;
  const dealt = Number(record.dealStatus) === 1;
  const mutation = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => {
      message.success(t('done'));
      refresh();
    },
  });
  const ask = (content: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title: t('confirmTitle'),
      content,
      onOk: () => mutation.mutateAsync(run).catch(() => undefined),
    });

  const lock = () =>
    ask(t(isLock ? 'unlockConfirm' : 'lockConfirm'), () =>
      call('/CrmCustomer/lock', { ids: [id], isLock: isLock ? 0 : 1 }, { json: true }),
    );
  const deal = () =>
    ask(t(dealt ? 'undealConfirm' : 'dealConfirm'), () =>
      call('/CrmCustomer/setDealStatus', { ids: [id], status: dealt ? 0 : 1 }, { json: true }),
    );

  return (
    <>
      {/* 开单 (issue 22, h-orders) */}
      <CustomerMoney id={id} />
      {/* The customer archive (issue 23, h-records) */}
      <ArchiveLink customerId={id} />
      {isLock && <Tag color="orange">{t('locked')}</Tag>}
      {dealt && <Tag color="green">{t('dealt')}</Tag>}
      {access.write && can('crm.customer.lock') && (
        <Button icon={isLock ? <UnlockOutlined /> : <LockOutlined />} loading={mutation.isPending} onClick={lock}>
          {t(isLock ? 'unlock' : 'lock')}
        </Button>
      )}
      {access.write && can('crm.customer.dealStatus') && (
        <Button icon={<CheckCircleOutlined />} loading={mutation.isPending} onClick={deal}>
          {t(dealt ? 'undeal' : 'deal')}
        </Button>
      )}
    </>
  );
}
