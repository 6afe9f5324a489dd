import { DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { DeptNode } from '@crm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, type MenuProps, Spin, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { flattenDepts, useDeptTree } from '@/components/member-picker';
import { api } from '../api';
import { useCommonMessages } from '../messages';
import { usePermission } from '../use-permission';
import { type DeptEditing, DeptFormModal } from './DeptFormModal';
import { useEmpMessages } from './messages';

const ALL = 0;

type Props = { deptId: number | undefined; onSelect: (deptId: number | undefined) => void };

/** The department tree: picking one filters the employee table; create, edit and delete by permission. */
export function DeptPanel({ deptId, onSelect }: Props) {
  const t = useEmpMessages();
  const c = useCommonMessages();
  const can = usePermission();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useDeptTree();
  const [editing, setEditing] = useState<DeptEditing>(null);
  // Everything open unless the user closed it, so a new sub-department shows at once.
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const allKeys = useMemo(() => [ALL, ...flattenDepts(tree.data).map((d) => d.id)], [tree.data]);
  const expandedKeys = allKeys.filter((k) => !collapsed.has(k));

  const remove = useMutation({
    mutationFn: (id: number) => api.deleteDept(id),
    onSuccess: (_, id) => {
      message.success(c('deleteSuccess'));
      if (deptId === id) onSelect(undefined);
      void queryClient.invalidateQueries({ queryKey: ['system'] });
    },
  });

  const confirmDelete = (d: DeptNode) =>
    modal.confirm({
      title: c('confirmTitle'),
      content: t('deleteDeptConfirm', { name: d.name }),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(d.id).catch(() => {}),
    });

  const menuOf = (d: DeptNode): MenuProps['items'] =>
    [
      can('manage.users.deptSave') && {
        key: 'add',
        icon: <PlusOutlined />,
        label: t('addChildDept'),
        onClick: () => setEditing({ mode: 'add', pid: d.id }),
      },
      can('manage.users.deptUpdate') && {
        key: 'edit',
        icon: <EditOutlined />,
        label: t('editDept'),
        onClick: () => setEditing({ mode: 'edit', dept: d }),
      },
      can('manage.users.deptDelete') && {
        key: 'delete',
        icon: <DeleteOutlined />,
        danger: true,
        label: t('deleteDept'),
        onClick: () => confirmDelete(d),
      },
    ].filter((i) => i !== false);

  const treeData: DataNode[] = (() => {
    const toNode = (d: DeptNode): DataNode => {
      const items = menuOf(d);
      return {
        key: d.id,
        title: (
          <span className="manager-tree-title">
            <span className="name" title={d.name}>
              {d.name}
            </span>
            <span className="count">{d.userCount}</span>
            {!!items?.length && (
              // biome-ignore lint/a11y/noStaticElementInteractions: stops the row from being selected
              // biome-ignore lint/a11y/useKeyWithClickEvents: the dropdown button handles the keyboard
              <span className="ops" onClick={(e) => e.stopPropagation()}>
                <Dropdown menu={{ items }} trigger={['click']}>
                  <Button type="text" size="small" icon={<MoreOutlined />} aria-label={c('actions')} />
                </Dropdown>
              </span>
            )}
          </span>
        ),
        children: d.children?.map(toNode),
      };
    };
    return [
      {
        key: ALL,
        title: <span className="manager-tree-title">{t('allUsers')}</span>,
        children: (tree.data ?? []).map(toNode),
      },
    ];
  })();

  return (
    <div>
      <div className="manager-toolbar">
        <Typography.Text strong className="grow">
          {t('depts')}
        </Typography.Text>
        {can('manage.users.deptSave') && (
          // An icon with a tooltip: the panel is narrow so that the employee table fits 1366 px screens.
          <Tooltip title={t('addDept')}>
            <Button
              size="small"
              type="primary"
              ghost
              icon={<PlusOutlined />}
              aria-label={t('addDept')}
              onClick={() => setEditing({ mode: 'add', pid: deptId ?? 0 })}
            />
          </Tooltip>
        )}
      </div>
      <Spin spinning={tree.isLoading}>
        {tree.data && (
          <Tree
            blockNode
            treeData={treeData}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setCollapsed(new Set(allKeys.filter((k) => !keys.includes(k))))}
            selectedKeys={[deptId ?? ALL]}
            onSelect={(keys) => {
              const key = keys[0];
              if (key === undefined) return; // clicking the selected node keeps it selected
              onSelect(key === ALL ? undefined : Number(key));
            }}
          />
        )}
      </Spin>
      <DeptFormModal editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
