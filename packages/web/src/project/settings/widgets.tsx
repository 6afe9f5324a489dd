import { ApartmentOutlined } from '@ant-design/icons';
import type { SettingsField } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Input, Select, Switch } from 'antd';
import { DeptPicker } from '@/components/dept-picker';
import { useDeptLookup, useUserLookup } from '@/components/dynamic-form';
import { NumericInput } from '@/components/form/NumericInput';
import { MemberSelect } from '@/components/member-picker';
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
      if (field.source === 'user') return <UserRef id={id} value={value as number | null} onChange={onChange} />;
      if (field.source === 'dept') return <DeptRef id={id} value={value as number | null} onChange={onChange} />;
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

/** One user: the member picker (active users, `UserPageType.picker`), the name from its cached list. */
function UserRef({ value, onChange, id }: { value?: number | null; onChange?: (v: unknown) => void; id?: string }) {
  const names = useUserLookup(typeof value === 'number');
  const users =
    typeof value === 'number' ? [names.get(value) ?? { userId: value, realname: `#${value}`, img: '' }] : [];
  return <MemberSelect id={id} single value={users} onChange={(list) => onChange?.(list[0]?.userId ?? null)} />;
}

/** One department: the department picker popover, the name from the department tree. */
function DeptRef({ value, onChange, id }: { value?: number | null; onChange?: (v: unknown) => void; id?: string }) {
  const t = useSettingsMessages();
  const names = useDeptLookup(typeof value === 'number');
  const chosen = typeof value === 'number' ? [names.get(value) ?? { id: value, name: `#${value}` }] : [];
  return (
    <DeptPicker single value={chosen} onConfirm={(list) => onChange?.(list[0]?.id ?? null)}>
      <Button id={id} icon={<ApartmentOutlined />}>
        {chosen[0]?.name ?? t('choose')}
      </Button>
    </DeptPicker>
  );
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
