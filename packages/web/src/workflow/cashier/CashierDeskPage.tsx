import { Card, Tabs } from 'antd';
import { ArrearsTab } from './ArrearsTab';
import { useCashierMessages } from './messages';
import { TodayTab } from './TodayTab';
import { TopUpTab } from './TopUpTab';
import { UnpaidTab } from './UnpaidTab';
import './cashier.css';

/**
 * 流程 › 收银台 (/workflow/cashierDesk): unpaid orders (charge, void), top-up by tier, arrears
 * (repay, waive), the day's orders with totals per method and reprints. Refund payouts join with
 * the refunds (another tab, not here yet).
 */
export default function CashierDeskPage() {
  const t = useCashierMessages();
  return (
    <Card className="cashier-desk">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'unpaid', label: t('unpaidTab'), children: <UnpaidTab /> },
          { key: 'topUp', label: t('topUpTab'), children: <TopUpTab /> },
          { key: 'arrears', label: t('arrearsTab'), children: <ArrearsTab /> },
          { key: 'today', label: t('todayTab'), children: <TodayTab /> },
        ]}
      />
    </Card>
  );
}
