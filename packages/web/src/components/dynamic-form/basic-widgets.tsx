import { type FieldDefinition, numberRule, numericRuleOf, textMaxOf } from '@crm/shared';
import { Checkbox, DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { NumericInput } from '@/components/form/NumericInput';
import { useDynamicFormMessages } from './messages';
import { listOf } from './values';

/**
 * What a field's display (detail, list cell) is given. `values`: the whole record the value belongs
 * to, for a display that can name a link from it (a contract's `customerName` beside its
 * `customerId`) instead of opening the linked record.
 */
export type DisplayProps = { field: FieldDefinition; value: unknown; values?: Record<string, unknown> | null };

export type WidgetProps = {
  field: FieldDefinition;
  value?: unknown;
  onChange?: (value: unknown) => void;
  onBlur?: () => void;
  id?: string;
  disabled?: boolean;
};

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

function usePlaceholder(field: FieldDefinition, choose = false) {
  const t = useDynamicFormMessages();
  return field.inputTips || t(choose ? 'choose' : 'input', { name: field.name });
}

/** text, mobile, email: one text input (the shared rule checks the format). */
export function TextWidget({ field, value, onChange, onBlur, id, disabled }: WidgetProps) {
  return (
    <Input
      id={id}
      value={text(value)}
      disabled={disabled}
      allowClear
      maxLength={field.formType === 'text' ? textMaxOf(field) : undefined}
      inputMode={field.formType === 'mobile' ? 'tel' : undefined}
      type={field.formType === 'email' ? 'email' : 'text'}
      placeholder={usePlaceholder(field)}
      onChange={(e) => onChange?.(e.target.value)}
      onBlur={onBlur}
    />
  );
}

/** number, floatnumber: only what the field type's shared rule lets through can be typed. */
export function NumberWidget({ field, value, onChange, onBlur, id, disabled }: WidgetProps) {
  return (
    <NumericInput
      id={id}
      rule={numericRuleOf(field.formType) ?? numberRule}
      value={text(value)}
      disabled={disabled}
      allowClear
      placeholder={usePlaceholder(field)}
      onChange={(v) => onChange?.(v)}
      onBlur={onBlur}
    />
  );
}

export function TextareaWidget({ field, value, onChange, onBlur, id, disabled }: WidgetProps) {
  return (
    <Input.TextArea
      id={id}
      value={text(value)}
      disabled={disabled}
      rows={3}
      maxLength={textMaxOf(field)}
      showCount
      placeholder={usePlaceholder(field)}
      onChange={(e) => onChange?.(e.target.value)}
      onBlur={onBlur}
    />
  );
}

export function SelectWidget({ field, value, onChange, onBlur, id, disabled }: WidgetProps) {
  return (
    <Select<string>
      id={id}
      value={text(value) || undefined}
      disabled={disabled}
      allowClear
      placeholder={usePlaceholder(field, true)}
      options={field.options.map((o) => ({ value: o, label: o }))}
      onChange={(v) => onChange?.(v ?? '')}
      onBlur={onBlur}
    />
  );
}

/** Several choices, stored comma-joined (spec: approvals §3). */
export function CheckboxWidget({ field, value, onChange, id, disabled }: WidgetProps) {
  return (
    <span id={id}>
      <Checkbox.Group
        value={listOf(value)}
        disabled={disabled}
        options={field.options.map((o) => ({ value: o, label: o }))}
        onChange={(v) => onChange?.(field.options.filter((o) => v.includes(o)).join(','))}
      />
    </span>
  );
}

export function DateWidget({ field, value, onChange, onBlur, id, disabled }: WidgetProps) {
  const withTime = field.formType === 'datetime';
  const format = withTime ? DATETIME_FORMAT : DATE_FORMAT;
  const parsed = text(value) ? dayjs(text(value)) : null;
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      value={parsed?.isValid() ? parsed : null}
      disabled={disabled}
      showTime={withTime ? { format: 'HH:mm' } : false}
      format={withTime ? 'YYYY-MM-DD HH:mm' : DATE_FORMAT}
      placeholder={usePlaceholder(field, true)}
      onChange={(d) => onChange?.(d ? d.format(format) : '')}
      onBlur={onBlur}
    />
  );
}

export function PlainText({ value }: { value: unknown }) {
  const t = useDynamicFormMessages();
  const v = Array.isArray(value) ? value.join('、') : text(value);
  return <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{v || t('empty')}</span>;
}

export function ListText({ value }: { value: unknown }) {
  const t = useDynamicFormMessages();
  const list = listOf(value);
  return <>{list.length ? list.join('、') : t('empty')}</>;
}

export function DateText({ field, value }: { field: FieldDefinition; value: unknown }) {
  const t = useDynamicFormMessages();
  const v = text(value);
  if (!v) return <>{t('empty')}</>;
  const d = dayjs(v);
  return <>{d.isValid() ? d.format(field.formType === 'datetime' ? 'YYYY-MM-DD HH:mm' : DATE_FORMAT) : v}</>;
}
