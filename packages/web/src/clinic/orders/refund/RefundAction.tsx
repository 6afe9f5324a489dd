import type { DealRecordRow } from '@crm/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { usePermission } from '@/manager/use-permission';
import { useRefundMessages } from './messages';
import { RefundDialog } from './RefundDialog';
import { canAskRefund } from './refund-math';

/** The 成交项目 row's 退费 (crm.dealRecord.refund): on a live deal with sessions not yet held. */
export function RefundAction({ deal }: { deal: DealRecordRow }) {
  const t = useRefundMessages();
  const can = usePermission();
  const [open, setOpen] = useState(false);
  if (!can('crm.dealRecord.refund') || !canAskRefund(deal)) return null;
  return (
    <>
      <Button type="link" size="small" aria-label={`${t('refund')} ${deal.name}`} onClick={() => setOpen(true)}>
        {t('refund')}
      </Button>
      {open && <RefundDialog deal={deal} onClose={() => setOpen(false)} />}
    </>
  );
}
