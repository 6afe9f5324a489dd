import { fenToYuan } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Skeleton, Typography } from 'antd';
import { orderKeys, ordersApi } from './api';
import { useOrderMessages } from './messages';

/** The customer the order is for: name, card, phone, source shop, balances and arrears. */
export function CustomerHeader({ customerId }: { customerId: number }) {
  const t = useOrderMessages();
  const customer = useQuery({
    queryKey: orderKeys.customer(customerId),
    queryFn: () => ordersApi.customer(customerId),
  });
  const account = useQuery({ queryKey: orderKeys.account(customerId), queryFn: () => ordersApi.account(customerId) });
  if (!customer.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const r = customer.data.record;
  const a = account.data;
  const money = (fen: number | undefined) => (fen === undefined ? '—' : fenToYuan(fen));
  return (
    <Descriptions
      size="small"
      column={{ xs: 2, md: 4, xl: 8 }}
      data-testid="order-customer"
      title={<Typography.Text strong>{String(r.customerName ?? '')}</Typography.Text>}
      items={[
        { key: 'card', label: t('card'), children: customerId },
        { key: 'mobile', label: t('mobile'), children: String(r.mobile ?? '') || '—' },
        { key: 'shop', label: t('shop'), children: String(r.shopOwnerName ?? '') || '—' },
        {
          key: 'principal',
          label: t('principal'),
          children: <span data-testid="acct-principal">{money(a?.principal)}</span>,
        },
        { key: 'gift', label: t('gift'), children: <span data-testid="acct-gift">{money(a?.gift)}</span> },
        {
          key: 'arrears',
          label: t('arrears'),
          children: (
            <Typography.Text type={a && a.arrears > 0 ? 'danger' : undefined} data-testid="acct-arrears">
              {money(a?.arrears)}
            </Typography.Text>
          ),
        },
        { key: 'paid', label: t('totalPaid'), children: money(a?.totalPaid) },
        { key: 'consumed', label: t('totalConsumed'), children: money(a?.totalConsumed) },
      ]}
    />
  );
}
