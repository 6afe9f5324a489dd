import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { visitApi } from '@/booking/api';
import { useRecordMessages } from './messages';

/** A source shop, searched by name (the triage desk's shop search). */
export function ShopSelect({ value, onChange }: { value?: number | null; onChange?: (id: number | null) => void }) {
  const t = useRecordMessages();
  const [search, setSearch] = useState('');
  const shops = useQuery({
    queryKey: ['visits', 'shops', search],
    queryFn: () => visitApi.searchShop(search),
  });
  return (
    <Select
      aria-label={t('shop')}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={t('shopSearch')}
      options={(shops.data ?? []).map((s) => ({ value: s.shopId, label: s.shopName }))}
    />
  );
}
