import { type AccountRow, checkSalesSplit, checkTopUp, showFen, tierFor } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Space, Tag } from 'antd';
import { useState } from 'react';
import type { SalesShare } from '@/clinic/orders/lines';
import { SalesCell } from '@/clinic/orders/SalesCell';
import { cashierApi, cashierKeys, newBatch, openReceipt } from './api';
import { CustomerPicker } from './CustomerPicker';
import { useCashierMessages } from './messages';
import { type PaymentRow, PaymentRows, readPayments } from './PaymentRows';

/** 充值: a customer, the tiers of the recharge page with the gift each gives, the cash methods paid. */
export function TopUpTab() {
  const t = useCashierMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [customer, setCustomer] = useState<AccountRow | null>(null);
  const [rows, setRows] = useState<PaymentRow[]>([{ method: 'cash', amount: '' }]);
  // Who sold the top-up (its 现金业绩 when top-ups count when paid): the customer's owner unless changed.
  const [sales, setSales] = useState<SalesShare[]>([]);
  // One batch per top-up: a double click answers the first one.
  const [batchId, setBatchId] = useState(newBatch);
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<number | null>(null);
  const tiers = useQuery({ queryKey: cashierKeys.tiers, queryFn: cashierApi.tiers });
  const read = readPayments(rows);
  const paid = read.error ? { ok: false as const, msg: read.error } : checkTopUp(read.fen, customer?.arrears ?? 0);
  const split = checkSalesSplit(sales);
  const refusal = !paid.ok ? paid.msg : !split.ok ? split.msg : null;
  const tier = paid.ok
    ? tierFor(
        paid.value,
        (tiers.data ?? []).map((x) => ({ min: x.threshold, gift: x.gift })),
      )
    : null;

  const submit = async () => {
    if (!customer) return;
    setBusy(true);
    try {
      const res = await cashierApi.topUp(
        customer.customerId,
        read.body,
        sales.map((x) => ({ userId: x.userId, rate: x.rate })),
        batchId,
      );
      message.success(t('toppedUp', { principal: showFen(res.balances.principal), gift: showFen(res.balances.gift) }));
      setCustomer({ ...customer, ...res.balances });
      setRows([{ method: 'cash', amount: '' }]);
      setBatchId(newBatch());
      setLast(res.orderId);
      void queryClient.invalidateQueries({ queryKey: cashierKeys.all });
    } catch {
      // the request layer showed the refusal
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card size="small" title={t('tiers')}>
        {tiers.data?.length ? (
          <Space wrap>
            {tiers.data.map((x) => (
              <Tag key={x.id} color="gold">
                {x.name} · {t('tierLine', { threshold: showFen(x.threshold), gift: showFen(x.gift) })}
              </Tag>
            ))}
          </Space>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noTiers')} />
        )}
      </Card>
      <CustomerPicker
        value={customer}
        onChange={(c) => {
          setCustomer(c);
          setSales(c ? [{ userId: c.ownerUserId, name: c.ownerName, rate: 100 }] : []);
          setLast(null);
        }}
      />
      {customer && (
        <>
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('principal')}>{showFen(customer.principal)}</Descriptions.Item>
            <Descriptions.Item label={t('gift')}>{showFen(customer.gift)}</Descriptions.Item>
            <Descriptions.Item label={t('arrears')}>{showFen(customer.arrears)}</Descriptions.Item>
          </Descriptions>
          <PaymentRows rows={rows} methods={['cash', 'wechat', 'alipay', 'card']} onChange={setRows} />
          <Space align="start">
            <span>{t('topUpSales')}</span>
            <SalesCell value={sales} onChange={setSales} />
          </Space>
          {paid.ok && !refusal ? (
            <div className="cashier-sum">
              {t('willGet', { amount: showFen(paid.value), gift: showFen(tier?.gift ?? 0) })}
            </div>
          ) : (
            <Alert type="error" showIcon message={refusal} />
          )}
          <Space>
            <Button type="primary" loading={busy} disabled={refusal !== null} onClick={submit}>
              {t('topUp')}
            </Button>
            {last && <Button onClick={() => openReceipt(last)}>{t('print')}</Button>}
          </Space>
        </>
      )}
    </Space>
  );
}
