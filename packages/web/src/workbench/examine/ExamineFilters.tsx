import { useQuery } from '@tanstack/react-query';
import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { examineApi, examineKeys } from './api';
import { STATUSES, statusKey, useExamineMessages, useStatusWords } from './messages';

export type Filters = {
  categoryId?: number;
  status?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
  search?: string;
};

/** Category, status, date range and a search of the content; every change starts at page 1. */
export function ExamineFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  const t = useExamineMessages();
  const s = useStatusWords();
  const groups = useQuery({ queryKey: examineKeys.categories, queryFn: examineApi.categories });
  const options = (groups.data ?? []).map((g) => ({
    label: g.className || t('ungrouped'),
    title: g.className,
    options: g.list.map((c) => ({ value: c.categoryId, label: c.title })),
  }));
  return (
    <>
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 170 }}
        placeholder={t('allCategories')}
        value={value.categoryId}
        options={options}
        onChange={(categoryId) => onChange({ ...value, categoryId })}
        aria-label={t('category')}
      />
      <Select<number>
        allowClear
        style={{ width: 120 }}
        placeholder={t('allStatus')}
        value={value.status}
        options={STATUSES.map((st) => ({ value: st, label: s(statusKey(st)) }))}
        onChange={(status) => onChange({ ...value, status })}
        aria-label={t('status')}
      />
      <DatePicker.RangePicker
        style={{ width: 250 }}
        value={value.range ?? null}
        placeholder={[t('startDate'), t('endDate')]}
        onChange={(range) => onChange({ ...value, range })}
      />
      <Input.Search
        allowClear
        style={{ width: 220 }}
        placeholder={t('searchTips')}
        defaultValue={value.search}
        onSearch={(search) => onChange({ ...value, search: search.trim() || undefined })}
      />
    </>
  );
}
