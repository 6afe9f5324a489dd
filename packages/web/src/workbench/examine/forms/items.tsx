import type { ExamineFormDefinition } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { formKeys, formsApi } from './api';
import { useFormsMessages } from './messages';
import { contentRule, modelRule } from './schema-rules';

type Path = (string | number)[];
export const DAY = 'YYYY-MM-DD';
export const MONTH = 'YYYY-MM';
export const DATETIME = 'YYYY-MM-DD HH:mm';

/** Date pickers hold dayjs; the block holds the text the schema reads. */
const asText = (format: string) => ({
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v, format) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format(format) : ''),
});

type ItemProps = {
  def: ExamineFormDefinition;
  /** Path inside the block; `name` is the Form.Item name when it differs (inside a Form.List). */
  path: Path;
  name?: Path;
  label: string;
  required?: boolean;
  extra?: ReactNode;
  children: ReactNode;
  dependencies?: Path[];
};

/** One field of the block, checked by the type's shared schema at its path. */
export function ModelItem({ def, path, name, label, required = true, extra, children, dependencies }: ItemProps) {
  return (
    <Form.Item
      name={name ?? ['model', ...path]}
      label={label}
      required={required}
      extra={extra}
      rules={[modelRule(def, ...path)]}
      dependencies={dependencies}
    >
      {children}
    </Form.Item>
  );
}

export function TextItem(
  p: Omit<ItemProps, 'children'> & { max: number; area?: boolean; readOnly?: boolean; placeholder?: string },
) {
  const { max, area, readOnly, placeholder, ...item } = p;
  return (
    <ModelItem {...item}>
      {area ? (
        <Input.TextArea rows={3} maxLength={max} showCount aria-label={p.label} placeholder={placeholder} />
      ) : (
        <Input
          maxLength={max}
          aria-label={p.label}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : undefined}
          placeholder={placeholder}
        />
      )}
    </ModelItem>
  );
}

export function DateItem(
  p: Omit<ItemProps, 'children'> & { kind?: 'day' | 'month' | 'datetime'; disabledDate?: (d: Dayjs) => boolean },
) {
  const { kind = 'day', disabledDate, ...item } = p;
  const format = kind === 'month' ? MONTH : kind === 'datetime' ? DATETIME : DAY;
  return (
    <Form.Item
      name={item.name ?? ['model', ...item.path]}
      label={item.label}
      required={item.required ?? true}
      rules={[modelRule(item.def, ...item.path)]}
      dependencies={item.dependencies}
      {...asText(format)}
    >
      <DatePicker
        picker={kind === 'month' ? 'month' : 'date'}
        showTime={kind === 'datetime' ? { format: 'HH:mm' } : false}
        format={format}
        aria-label={item.label}
        disabledDate={disabledDate}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

/** The approval content, with the type's own rule. */
export function ContentItem({ def, label, area }: { def: ExamineFormDefinition; label?: string; area?: boolean }) {
  const t = useFormsMessages();
  return (
    <Form.Item name="content" label={label ?? t('content')} required rules={[contentRule(def)]}>
      {area ? (
        <Input.TextArea rows={3} maxLength={100} showCount aria-label={label ?? t('content')} />
      ) : (
        <Input maxLength={100} showCount placeholder={t('contentTips')} aria-label={label ?? t('content')} />
      )}
    </Form.Item>
  );
}

/** A person from the work-handover list, grouped by department. */
export function HandoverSelect({ value, onChange }: { value?: number; onChange?: (v: number | undefined) => void }) {
  const t = useFormsMessages();
  const users = useQuery({ queryKey: formKeys.handover, queryFn: formsApi.handoverUsers });
  return (
    <Select
      showSearch
      allowClear
      value={value || undefined}
      onChange={(v) => onChange?.(v)}
      placeholder={t('chooseHandover')}
      aria-label={t('handover')}
      optionFilterProp="label"
      loading={users.isLoading}
      options={(users.data ?? []).map((g) => ({
        label: g.deptName || '—',
        title: g.deptName,
        options: g.userList.map((u) => ({ value: u.userId, label: u.realName })),
      }))}
    />
  );
}
