import type { DeptNode } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { visitApi } from '@/booking/api';
import { fetchDeptTree } from '@/components/member-picker/api';
import { systemKeys } from '@/components/member-picker/queries';
import { checkApi, checkKeys } from './api';

type Props = { id?: string; value?: number | null; onChange?: (v: number | null) => void; label: string };

/** A partner shop the planner may read, searched by name on the server. */
export function ShopPicker({ id, value, onChange, label }: Props) {
  const [search, setSearch] = useState('');
  const shops = useQuery({ queryKey: ['check', 'shops', search], queryFn: () => visitApi.searchShop(search) });
  return (
    <Select
      id={id}
      aria-label={label}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      options={(shops.data ?? []).map((s) => ({ value: s.shopId, label: s.shopName }))}
    />
  );
}

type TreeNode = { value: number; title: string; children: TreeNode[] };
const toTree = (nodes: DeptNode[]): TreeNode[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toTree(n.children) }));

/** A department of the organisation. */
export function DeptPicker({ id, value, onChange, label }: Props) {
  const tree = useQuery({ queryKey: systemKeys.deptTree, queryFn: fetchDeptTree, staleTime: 60_000 });
  return (
    <TreeSelect
      id={id}
      aria-label={label}
      allowClear
      treeDefaultExpandAll
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={toTree((tree.data as DeptNode[] | undefined) ?? [])}
    />
  );
}

/** A live checklist template. */
export function TemplatePicker({ id, value, onChange, label }: Props) {
  const list = useQuery({ queryKey: checkKeys.allTemplates, queryFn: checkApi.allTemplates });
  return (
    <Select
      id={id}
      aria-label={label}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      showSearch={{ optionFilterProp: 'label' }}
      options={(list.data?.list ?? []).map((r) => ({ value: r.templateId, label: r.name }))}
    />
  );
}
