import type { DeptNode } from '@crm/shared';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useDeptTree } from '@/components/member-picker';

type Option = { value: number; title: string; disabled?: boolean; children?: Option[] };

const toOptions = (nodes: DeptNode[], disabledIds: Set<number>, parentDisabled = false): Option[] =>
  nodes.map((n) => {
    const disabled = parentDisabled || disabledIds.has(n.id);
    return {
      value: n.id,
      title: n.name,
      disabled,
      children: n.children?.length ? toOptions(n.children, disabledIds, disabled) : undefined,
    };
  });

type Props = {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  /** A department and everything under it cannot be chosen (a department cannot move under itself). */
  excludeId?: number;
  /** Offer "top level" as value 0. */
  topLevelLabel?: string;
  id?: string;
};

/** Pick one department from the tree. */
export function DeptTreeSelect({ value, onChange, placeholder, excludeId, topLevelLabel, id }: Props) {
  const tree = useDeptTree();
  const options = useMemo(() => {
    const opts = toOptions(tree.data ?? [], new Set(excludeId ? [excludeId] : []));
    return topLevelLabel ? [{ value: 0, title: topLevelLabel }, ...opts] : opts;
  }, [tree.data, excludeId, topLevelLabel]);
  return (
    <TreeSelect<number>
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={options}
      placeholder={placeholder}
      loading={tree.isLoading}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
