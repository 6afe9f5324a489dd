import { type AccountRow, fenToYuan } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { cashierApi, cashierKeys } from './api';
import { useCashierMessages } from './messages';

/** A customer the cashier may serve, found by name, phone or pinyin; answers the row with its balances. */
export function CustomerPicker({
  value,
  onChange,
}: {
  value: AccountRow | null;
  onChange: (row: AccountRow | null) => void;
}) {
  const t = useCashierMessages();
  const [search, setSearch] = useState('');
  const body = { page: 1, limit: 20, search };
  const found = useQuery({ queryKey: cashierKeys.accounts(body), queryFn: () => cashierApi.accounts(body) });
  const rows = found.data?.list ?? [];
  return (
    <Select<number>
      showSearch
      allowClear
      aria-label={t('topUpCustomer')}
      placeholder={t('pickCustomer')}
      style={{ width: 320 }}
      filterOption={false}
      loading={found.isFetching}
      value={value?.customerId}
      onSearch={setSearch}
      onChange={(id) => onChange(rows.find((r) => r.customerId === id) ?? (id === value?.customerId ? value : null))}
      options={rows.map((r) => ({
        value: r.customerId,
        label: `${r.customerName} ${r.mobile}`,
        title: `${t('principal')} ¥${fenToYuan(r.principal)}`,
      }))}
    />
  );
}
