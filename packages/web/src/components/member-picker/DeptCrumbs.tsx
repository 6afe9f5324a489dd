import { Breadcrumb, Typography } from 'antd';
import { deptPath } from './dept-tree';
import { usePickerMessages } from './messages';
import type { DeptNode } from './types';

/** 全部 › 总部 › 销售部: click a level to go back up. */
export function DeptCrumbs({
  tree,
  deptId,
  onChange,
}: {
  tree: DeptNode[] | undefined;
  deptId: number | undefined;
  onChange: (deptId: number | undefined) => void;
}) {
  const t = usePickerMessages();
  const path = deptId === undefined ? [] : deptPath(tree, deptId);
  const levels: { id: number | undefined; name: string }[] = [{ id: undefined, name: t('all') }, ...path];
  return (
    <Breadcrumb
      className="mp-crumbs"
      items={levels.map((level, i) => ({
        key: level.id ?? 0,
        title:
          i === levels.length - 1 ? (
            <span>{level.name}</span>
          ) : (
            <Typography.Link onClick={() => onChange(level.id)}>{level.name}</Typography.Link>
          ),
      }))}
    />
  );
}
