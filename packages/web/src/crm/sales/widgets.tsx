import { businessEndNames, type ProductCategoryNode } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, TreeSelect } from 'antd';
import { useEffect, useRef } from 'react';
import { type DisplayProps, fieldWidgets, type WidgetProps } from '@/components/dynamic-form';
import { salesApi, salesKeys } from './api';
import { useSalesMessages } from './messages';

/**
 * The CRM relation field types of the record forms (crm-records §3 formType): category (the
 * product category tree), customer (the relation picker, single), business_type and
 * business_status (the stage group and its stages: choosing a group reloads the stages and clears
 * the chosen one, crm-records §4). Registered into the dynamic form's table of widgets when the
 * CRM form or detail loads, so any kind's fixed or custom field of these types works.
 */

const idOf = (v: unknown): number | undefined => {
  const n = Number(v);
  return v === '' || v === null || v === undefined || !Number.isInteger(n) || n <= 0 ? undefined : n;
};

type TreeOption = { value: number; title: string; children: TreeOption[] };
const toOptions = (nodes: ProductCategoryNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.categoryId, title: n.label, children: toOptions(n.children) }));
const findLabel = (nodes: ProductCategoryNode[], id: number): string | undefined => {
  for (const n of nodes) {
    if (n.categoryId === id) return n.label;
    const below = findLabel(n.children, id);
    if (below) return below;
  }
  return undefined;
};

const useCategories = () =>
  useQuery({ queryKey: salesKeys.categories, queryFn: salesApi.categories, staleTime: 60_000 });
const useStageGroups = () =>
  useQuery({ queryKey: salesKeys.statusOptions, queryFn: salesApi.statusOptions, staleTime: 60_000 });

function CategoryInput({ value, onChange, disabled, id }: WidgetProps) {
  const t = useSalesMessages();
  const tree = useCategories();
  return (
    <TreeSelect
      id={id}
      value={idOf(value)}
      disabled={disabled}
      treeDefaultExpandAll
      allowClear
      placeholder={t('chooseCategory')}
      treeData={toOptions(tree.data ?? [])}
      onChange={(v) => onChange?.(v ?? '')}
      data-testid="category-select"
    />
  );
}
function CategoryDisplay({ value }: DisplayProps) {
  const tree = useCategories();
  const id = idOf(value);
  return <>{id === undefined ? '—' : (findLabel(tree.data ?? [], id) ?? `#${id}`)}</>;
}

function BusinessTypeInput({ value, onChange, disabled, id }: WidgetProps) {
  const t = useSalesMessages();
  const groups = useStageGroups();
  return (
    <Select
      id={id}
      value={idOf(value)}
      disabled={disabled}
      placeholder={t('chooseType')}
      options={(groups.data ?? []).map((g) => ({ value: g.typeId, label: g.name }))}
      onChange={(v) => onChange?.(v ?? '')}
      data-testid="business-type-select"
    />
  );
}

/** The group chosen in the same form (the overlay keeps fixed fields under `fixed`). */
const useChosenGroup = () => {
  const form = Form.useFormInstance();
  return idOf(Form.useWatch((v: Record<string, Record<string, unknown> | undefined>) => v?.fixed?.typeId, form));
};

function BusinessStatusInput({ value, onChange, disabled, id }: WidgetProps) {
  const t = useSalesMessages();
  const groups = useStageGroups();
  const typeId = useChosenGroup();
  const previous = useRef(typeId);
  // Another group chosen: its stages are offered and the chosen stage is cleared (crm-records §4).
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== typeId) onChange?.('');
    previous.current = typeId;
  }, [typeId, onChange]);
  const stages = (groups.data ?? []).find((g) => g.typeId === typeId)?.statusList ?? [];
  return (
    <Select
      id={id}
      value={idOf(value)}
      disabled={disabled || typeId === undefined}
      placeholder={t(typeId === undefined ? 'chooseTypeFirst' : 'chooseStatus')}
      options={stages.map((s) => ({ value: s.statusId, label: s.name }))}
      onChange={(v) => onChange?.(v ?? '')}
      data-testid="business-status-select"
    />
  );
}
function BusinessTypeDisplay({ value }: DisplayProps) {
  const groups = useStageGroups();
  const id = idOf(value);
  return <>{(groups.data ?? []).find((g) => g.typeId === id)?.name ?? '—'}</>;
}
function BusinessStatusDisplay({ value }: DisplayProps) {
  const groups = useStageGroups();
  const id = idOf(value);
  const stage = (groups.data ?? []).flatMap((g) => g.statusList).find((s) => s.statusId === id);
  return <>{stage?.name ?? '—'}</>;
}

Object.assign(fieldWidgets, {
  category: { input: CategoryInput, display: CategoryDisplay },
  business_type: { input: BusinessTypeInput, display: BusinessTypeDisplay },
  business_status: { input: BusinessStatusInput, display: BusinessStatusDisplay },
});

/** How an ended opportunity ended, by isEnd. */
export const endName = (isEnd: number) => businessEndNames[isEnd]?.name;
