import { Card, Tabs } from 'antd';
import { ArrearsTab } from './ArrearsTab';
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
 */
export default function CashierDeskPage() {
  const t = useCashierMessages();
  const tr = useRefundPayoutMessages();
  return (
    <Card className="cashier-desk">
      <Tabs
        destroyOnHidden
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
