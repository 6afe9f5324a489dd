import { BANK_LOOKUP_MIN, moneyOnBlur } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Input, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { storeApi } from './api';
import { useStoreMessages } from './messages';

export type Option<V extends string | number> = { value: V; label: string; disabled?: boolean };

/**
 * A select whose options come from a search call (shop owners, providers, employees, sign
 * candidates); `known` labels the chosen values before any search, from the loaded record.
 */
export function RemoteSelect<V extends string | number>({
  value,
  onChange,
  load,
  queryKey,
  known = [],
  multiple,
  placeholder,
  id,
  disabled,
}: {
  value?: V | V[];
  onChange?: (v: V | V[] | undefined) => void;
  load: (search: string) => Promise<Option<V>[]>;
  queryKey: string;
  known?: Option<V>[];
  multiple?: boolean;
  placeholder?: string;
  id?: string;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const { data = [], isFetching } = useQuery({
    queryKey: ['store', 'options', queryKey, search],
    queryFn: () => load(search),
    staleTime: 30_000,
  });
  // Chosen values keep their labels whatever the current search answers (no state: no re-render loop).
  const labels = useRef(new Map<V, Option<V>>());
  for (const o of [...known, ...data]) labels.current.set(o.value, o);
  const chosen = (Array.isArray(value) ? value : value === undefined ? [] : [value]) as V[];
  const options = [
    ...data,
    ...chosen
      .filter((v) => !data.some((o) => o.value === v))
      .map((v) => labels.current.get(v) ?? { value: v, label: String(v) }),
  ];
  return (
    <Select<V | V[]>
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      disabled={disabled}
      filterOption={false}
      loading={isFetching}
      placeholder={placeholder}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      onSearch={setSearch}
      onBlur={() => setSearch('')}
      options={options}
    />
  );
}

/** Money (spec 5.1): on blur a non-number or negative becomes 0, otherwise two decimals (cut). */
export function MoneyInput({
  value,
  onChange,
  id,
  onBlur,
  disabled,
}: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
  onBlur?: () => void;
  disabled?: boolean;
}) {
  return (
    <Input
      id={id}
      disabled={disabled}
      inputMode="decimal"
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      onBlur={() => {
        onChange?.(moneyOnBlur(value ?? ''));
        onBlur?.();
      }}
    />
  );
}

/** The card number, and once it has 10 or more characters the issuing bank (bundled BIN table). */
export function BankCardInput({
  value,
  onChange,
  id,
  disabled,
}: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
  disabled?: boolean;
}) {
  const t = useStoreMessages();
  const digits = (value ?? '').replace(/\s+/g, '');
  const lookup = digits.length >= BANK_LOOKUP_MIN && /^\d+$/.test(digits);
  const { data } = useQuery({
    queryKey: ['store', 'bank', digits.slice(0, 10)],
    queryFn: () => storeApi.bankName(digits),
    enabled: lookup,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <>
      <Input
        id={id}
        disabled={disabled}
        inputMode="numeric"
        maxLength={30}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
      />
      {lookup && data && (
        <Typography.Text type="secondary" data-testid="bank-name">
          {data.bankName ? t('bankName', { name: data.bankName }) : t('bankUnknown')}
        </Typography.Text>
      )}
    </>
  );
}
