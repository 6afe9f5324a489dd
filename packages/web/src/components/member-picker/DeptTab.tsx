import { Button, Checkbox, Input } from 'antd';
import { useState } from 'react';
import { DeptCrumbs } from './DeptCrumbs';
import { deptPath, flattenDepts, subtreeIds } from './dept-tree';
import { textMatches, usePinyin } from './match';
import { usePickerMessages } from './messages';
import type { DeptNode, PickedDept } from './types';

type Props = {
  tree: DeptNode[] | undefined;
  isChecked: (id: number) => boolean;
  onToggle: (dept: PickedDept) => void;
};

/** The department tab: tick departments, drill into children; search by name or pinyin. */
export function DeptTab({ tree, isChecked, onToggle }: Props) {
  const t = usePickerMessages();
  usePinyin(); // re-renders once pinyin can be matched
  const [deptId, setDeptId] = useState<number | undefined>();
  const [search, setSearch] = useState('');
  const q = search.trim();

  const rows = (() => {
    if (q) {
      const scope = deptId === undefined ? null : subtreeIds(tree, deptId);
      return flattenDepts(tree).filter(
        (d) => d.id !== deptId && (scope === null || scope.has(d.id)) && textMatches(d.name, q),
      );
    }
    return deptId === undefined ? (tree ?? []) : (deptPath(tree, deptId).at(-1)?.children ?? []);
  })();

  return (
    <div className="mp-tab">
      <Input.Search
        allowClear
        size="small"
        placeholder={t('searchDepts')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <DeptCrumbs tree={tree} deptId={deptId} onChange={setDeptId} />
      <div className="mp-list" data-testid="mp-dept-list">
        {rows.map((d: DeptNode) => (
          <div key={d.id} className="mp-row">
            <Checkbox checked={isChecked(d.id)} onChange={() => onToggle({ id: d.id, name: d.name })}>
              <span className="mp-name">{d.name}</span>
            </Checkbox>
            {!q && !!d.children?.length && (
              <Button type="link" size="small" onClick={() => setDeptId(d.id)}>
                {t('subDepts')}
              </Button>
            )}
          </div>
        ))}
        {rows.length === 0 && <div className="mp-empty">{t('noData')}</div>}
      </div>
    </div>
  );
}
