import type { SettingsField } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Input, Select, Switch } from 'antd';
import { NumericInput } from '@/components/form/NumericInput';
import { useLang } from '@/i18n';
import { fetchOptions, settingsKeys } from './api';
import { useSettingsMessages } from './messages';

const integerRule = { integerDigits: 12, fractionDigits: 0, signed: false, digitsOf: 'number' } as const;
const yuanRule = { integerDigits: 10, fractionDigits: 2, signed: false, digitsOf: 'floatnumber' } as const;

type Props = { field: SettingsField; value?: unknown; onChange?: (v: unknown) => void; id?: string };

/** The control of one declared field: the widget hint decides it. */
export function FieldWidget({ field, value, onChange, id }: Props) {
  const { lang } = useLang();
  const t = useSettingsMessages();
  const label = lang === 'en' ? field.labelEn : field.label;
  switch (field.widget) {
    case 'text':
      return field.multiline ? (
        <Input.TextArea
          id={id}
          value={value as string}
          maxLength={field.max}
          rows={3}
          onChange={(e) => onChange?.(e.target.value)}
        />
      ) : (
        <Input id={id} value={value as string} maxLength={field.max} onChange={(e) => onChange?.(e.target.value)} />
      );
    case 'number':
    case 'percent':
      return (
        <NumericInput
          id={id}
          rule={integerRule}
          value={value as string}
          onChange={onChange}
          suffix={field.widget === 'percent' ? '%' : undefined}
        />
      );
    case 'money':
      return <NumericInput id={id} rule={yuanRule} value={value as string} onChange={onChange} prefix="¥" />;
    case 'switch':
      return <Switch id={id} checked={Boolean(value)} onChange={(v) => onChange?.(v)} />;
    case 'select':
      return (
        <Select
          id={id}
          aria-label={label}
          mode={field.multiple ? 'multiple' : undefined}
          value={value as string | string[]}
          onChange={onChange}
          allowClear={!field.required}
          placeholder={t('choose')}
          options={field.options.map((o) => ({ value: o.value, label: lang === 'en' ? o.labelEn : o.label }))}
        />
      );
    case 'ref':
      return <RefSelect id={id} field={field} value={value as number | undefined} onChange={onChange} label={label} />;
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          id={id}
          value={value as never}
          allowEmpty={[true, true]}
          onChange={(v) => onChange?.(v ?? [null, null])}
        />
      );
  }
}

/** A record picker: the choices of its source (users, departments, roles, projects, classes, set meals), searchable. */
function RefSelect({
  field,
  value,
  onChange,
  id,
  label,
}: {
  field: Extract<SettingsField, { widget: 'ref' }>;
  value?: number;
  onChange?: (v: unknown) => void;
  id?: string;
  label: string;
}) {
  const t = useSettingsMessages();
  const options = useQuery({
    queryKey: settingsKeys.options(field.source),
    queryFn: () => fetchOptions(field.source),
    staleTime: 60_000,
  });
  return (
    <Select
      id={id}
      aria-label={label}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={!field.required}
      loading={options.isLoading}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('choose')}
      options={options.data ?? []}
      style={{ minWidth: 160 }}
    />
  );
}
