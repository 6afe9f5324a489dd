import {
  appointmentKindNames,
  appointmentKindNamesEn,
  appointmentStatusNames,
  appointmentStatusNamesEn,
  UserPageType,
  visitStatusNames,
  visitStatusNamesEn,
  visitTypeNames,
  visitTypeNamesEn,
} from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { fetchUserList } from '@/components/member-picker';
import { useLang } from '@/i18n';
import { sessionStore } from '@/shell/session-store';
import { visitApi, visitKeys } from './api';
import { useVisitMessages } from './messages';

/** The booking board's and the triage desk's pickers and names. */

/** Names of the shared codes in the current language. */
export function useCodeNames() {
  const { lang } = useLang();
  const en = lang === 'en';
  return {
    appointmentStatus: en ? appointmentStatusNamesEn : appointmentStatusNames,
    appointmentKind: en ? appointmentKindNamesEn : appointmentKindNames,
    visitStatus: en ? visitStatusNamesEn : visitStatusNames,
    visitType: en ? visitTypeNamesEn : visitTypeNames,
  };
}

/**
 * The stores that take bookings, and the one chosen: by default the store the user works at (their
 * department, when it is a store), else the first.
 */
export function useStores() {
  const stores = useQuery({ queryKey: visitKeys.stores, queryFn: visitApi.stores });
  const [storeId, setStoreId] = useState<number | null>(null);
  useEffect(() => {
    if (storeId !== null || !stores.data?.length) return;
    const mine = sessionStore.user()?.deptId;
    setStoreId((stores.data.find((s) => s.storeId === mine) ?? stores.data[0]!).storeId);
  }, [storeId, stores.data]);
  const store = stores.data?.find((s) => s.storeId === storeId) ?? null;
  return { stores, storeId, setStoreId, store };
}

export function StoreSelect({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const t = useVisitMessages();
  const { data } = useQuery({ queryKey: visitKeys.stores, queryFn: visitApi.stores });
  return (
    <Select
      aria-label={t('store')}
      style={{ minWidth: 140 }}
      value={value ?? undefined}
      onChange={onChange}
      options={(data ?? []).map((s) => ({ value: s.storeId, label: s.storeName }))}
    />
  );
}

type Found = { customerId: number; customerName: string; mobile?: string; cardNumber?: string };

/** What a member card number may look like (shared `cardNumberField`): only then is it looked up. */
const CARD_LIKE = /^[A-Za-z0-9-]{1,32}$/;

/**
 * A customer found by name, pinyin (full or initials) or phone, through the customer list's search;
 * with `byCard` (the triage desk), also the holder of the exact 会员卡号 typed, listed first.
 */
export function CustomerSelect({
  value,
  onChange,
  id,
  initial,
  byCard = false,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  id?: string;
  /** A customer to show before any search (the one being edited, one just created). */
  initial?: Found | null;
  byCard?: boolean;
}) {
  const t = useVisitMessages();
  const [search, setSearch] = useState('');
  const typed = search.trim();
  const found = useQuery({
    queryKey: ['visits', 'customers', search],
    queryFn: async () => (await visitApi.findCustomers(search)).list as unknown as Found[],
    enabled: typed.length > 0,
    staleTime: 10_000,
  });
  const card = useQuery({
    queryKey: ['visits', 'byCard', typed.toUpperCase()],
    queryFn: async () => ((await visitApi.byCard(typed)) as Found | null) ?? null,
    enabled: byCard && CARD_LIKE.test(typed),
    staleTime: 10_000,
  });
  const rows = [...(initial ? [initial] : []), ...(card.data ? [card.data] : []), ...(found.data ?? [])].filter(
    (r, i, all) => all.findIndex((x) => x.customerId === r.customerId) === i,
  );
  const label = (r: Found) =>
    [r.customerName, r.mobile, r.cardNumber ? `${t('cardNumber')} ${r.cardNumber}` : ''].filter(Boolean).join(' ');
  return (
    <Select
      id={id}
      aria-label={t('customer')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      placeholder={byCard ? t('searchCustomerOrCard') : t('searchCustomer')}
      loading={found.isFetching || card.isFetching}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      notFoundContent={search ? t('empty') : null}
      options={rows.map((r) => ({ value: r.customerId, label: label(r) }))}
    />
  );
}

/** One active user (the pickers' list, `UserPageType.picker`), searchable by name. */
export function UserSelect({
  value,
  onChange,
  id,
  label,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  id?: string;
  label: string;
}) {
  const users = useQuery({
    queryKey: ['visits', 'users'],
    queryFn: () => fetchUserList({ pageType: UserPageType.picker, page: 1, limit: 500 }),
    staleTime: 60_000,
  });
  const list = (users.data as unknown as { list?: { userId: number; realname: string }[] })?.list ?? [];
  return (
    <Select
      id={id}
      aria-label={label}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={users.isLoading}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={list.map((u) => ({ value: u.userId, label: u.realname }))}
    />
  );
}
