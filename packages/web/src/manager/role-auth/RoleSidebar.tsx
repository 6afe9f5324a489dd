import { CopyOutlined, DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { SystemRole } from '@crm/shared';
import { Button, Dropdown, Empty, type MenuProps, Spin, Tag, Tooltip } from 'antd';
import { useRoleMessages } from './messages';

type Group = { roleType: number; label: string; roles: SystemRole[] };

type Props = {
  groups: Group[];
  loading: boolean;
  selectedId: number | undefined;
  editable: boolean;
  onSelect: (role: SystemRole) => void;
  onAdd: (roleType: number) => void;
  onEdit: (role: SystemRole) => void;
  onCopy: (role: SystemRole) => void;
  onDelete: (role: SystemRole) => void;
};

/** Role types (getRoleTypeList) with their roles (getRoleByType). */
export function RoleSidebar({
  groups,
  loading,
  selectedId,
  editable,
  onSelect,
  onAdd,
  onEdit,
  onCopy,
  onDelete,
}: Props) {
  const t = useRoleMessages();
  const menuOf = (r: SystemRole): MenuProps['items'] => [
    { key: 'edit', icon: <EditOutlined />, label: t('rename'), onClick: () => onEdit(r) },
    { key: 'copy', icon: <CopyOutlined />, label: t('copy'), onClick: () => onCopy(r) },
    { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('deleteRole'), onClick: () => onDelete(r) },
  ];
  return (
    <Spin spinning={loading}>
      {groups.map((g) => (
        <div key={g.roleType} style={{ marginBottom: 8 }}>
          <div className="manager-toolbar" style={{ marginBottom: 0 }}>
            <span className="manager-role-type grow">{g.label}</span>
            {editable && (
              <Tooltip title={t('addRole')}>
                <Button
                  type="text"
                  size="small"
                  icon={<PlusOutlined />}
                  aria-label={t('addRole')}
                  onClick={() => onAdd(g.roleType)}
                />
              </Tooltip>
            )}
          </div>
          {g.roles.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noRoles')} style={{ margin: '4px 0' }} />
          )}
          {g.roles.map((r) => (
            // biome-ignore lint/a11y/useSemanticElements: a selectable list row holding its own menu button
            <div
              key={r.roleId}
              role="button"
              tabIndex={0}
              className={`manager-role-item${r.roleId === selectedId ? ' active' : ''}`}
              onClick={() => onSelect(r)}
              onKeyDown={(e) => e.key === 'Enter' && onSelect(r)}
            >
              <span className="name" title={r.roleName}>
                {r.roleName}
              </span>
              {r.isSuper && <Tag color="gold">{t('superRole')}</Tag>}
              <span style={{ color: '#8c8c8c', fontSize: 12 }}>{t('userCount', { n: r.userCount })}</span>
              {editable && !r.isSuper && (
                // biome-ignore lint/a11y/noStaticElementInteractions: keeps the row from being selected
                // biome-ignore lint/a11y/useKeyWithClickEvents: the dropdown button handles the keyboard
                <span onClick={(e) => e.stopPropagation()}>
                  <Dropdown menu={{ items: menuOf(r) }} trigger={['click']}>
                    <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('editRole')} />
                  </Dropdown>
                </span>
              )}
            </div>
          ))}
        </div>
      ))}
    </Spin>
  );
}
