import { Card, Space, Tabs } from 'antd';
import { StoreSelect, useStores } from '@/booking/pickers';
import { LiveStatus } from '../live/LiveStatus';
import { useLiveQueue } from '../live/use-visit-events';
import type { VisitFeedOptions } from '../live/visit-feed';
import { ArrearsTab } from './ArrearsTab';
import { cashierKeys } from './api';
import { useCashierMessages } from './messages';
import { RefundsTab } from './RefundsTab';
// Refund payouts (h-moneyweb).
import { useRefundPayoutMessages } from './refund-messages';
import { TodayTab } from './TodayTab';
import { TopUpTab } from './TopUpTab';
import { UnpaidTab } from './UnpaidTab';
import './cashier.css';

/**
 * 流程 › 收银台 (/workflow/cashierDesk): unpaid orders (charge, void), top-up by tier, arrears
 * (repay, waive), approved refunds to pay out, the day's orders with totals per method and reprints.
 * Live (h-visit23): any move of a visit of the chosen store (an order opened in a visit, a charge
 * at another desk) fetches the desk's lists again; `socket` is the tests' seam.
 */
export default function CashierDeskPage({ socket }: { socket?: VisitFeedOptions['socket'] } = {}) {
  const t = useCashierMessages();
  const tr = useRefundPayoutMessages();
  const { stores, storeId, setStoreId } = useStores();
  const live = useLiveQueue(storeId, [cashierKeys.all], socket);
  return (
    <Card className="cashier-desk">
      <Tabs
        destroyOnHidden
        tabBarExtraContent={
          stores.data?.length ? (
            <Space size={8}>
              <StoreSelect value={storeId} onChange={setStoreId} />
              <LiveStatus status={live} />
            </Space>
          ) : null
        }
        items={[
          { key: 'unpaid', label: t('unpaidTab'), children: <UnpaidTab /> },
          { key: 'topUp', label: t('topUpTab'), children: <TopUpTab /> },
          { key: 'arrears', label: t('arrearsTab'), children: <ArrearsTab /> },
          { key: 'refunds', label: tr('refundsTab'), children: <RefundsTab /> },
          { key: 'today', label: t('todayTab'), children: <TodayTab /> },
        ]}
      />
    </Card>
  );
}
