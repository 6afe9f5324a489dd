import type { SystemRole } from '@crm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Card, Empty, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { sessionStore } from '@/shell/session-store';
import '../manager.css';
import { api } from '../api';
import { useCommonMessages } from '../messages';
import { usePermission } from '../use-permission';
import { useRoleGroups } from '../use-roles';
import { useRoleMessages } from './messages';
import { PermissionTab } from './PermissionTab';
import { type RoleEditing, RoleFormModal } from './RoleFormModal';
import { RoleSidebar } from './RoleSidebar';
import { RoleUsersTab } from './RoleUsersTab';

/** 角色权限管理: roles by type on the left; the chosen role's permissions and employees on the right. */
export default function RoleAuthPage() {
  const t = useRoleMessages();
  const c = useCommonMessages();
  const can = usePermission();
  const editable = can('manage.permission.update');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { groups, loading } = useRoleGroups(true);
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<RoleEditing>(null);

  const allRoles = groups.flatMap((g) => g.roles);
  const wanted = Number(params.get('roleId')) || undefined;
  const role = allRoles.find((r) => r.roleId === wanted) ?? allRoles[0];
  const select = (roleId: number) => setParams({ roleId: String(roleId) }, { replace: true });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['system'] });
  const copy = useMutation({
    mutationFn: (r: SystemRole) => api.copyRole(r.roleId),
    onSuccess: ({ roleId }) => {
      message.success(c('opSuccess'));
      void refresh();
      select(roleId);
    },
  });
  const remove = useMutation({
    mutationFn: (r: SystemRole) => api.deleteRole(r.roleId),
    onSuccess: () => {
      message.success(c('deleteSuccess'));
      setParams({}, { replace: true });
      void refresh();
    },
  });

  const typeLabel = (roleType: number) => groups.find((g) => g.roleType === roleType)?.label ?? '';

  return (
    <Card title={t('title')}>
      <div className="manager-split">
        <div className="manager-side" style={{ width: 260 }}>
          <RoleSidebar
            groups={groups}
            loading={loading}
            selectedId={role?.roleId}
            editable={editable}
            onSelect={(r) => select(r.roleId)}
            onAdd={(roleType) => setEditing({ mode: 'add', roleType })}
            onEdit={(r) => setEditing({ mode: 'edit', role: r })}
            onCopy={(r) =>
              modal.confirm({
                title: c('confirmTitle'),
                content: t('copyConfirm', { name: r.roleName }),
                onOk: () => copy.mutateAsync(r).catch(() => {}),
              })
            }
            onDelete={(r) =>
              modal.confirm({
                title: c('confirmTitle'),
                content: t('deleteConfirm', { name: r.roleName }),
                okButtonProps: { danger: true },
                onOk: () => remove.mutateAsync(r).catch(() => {}),
              })
            }
          />
        </div>
        <div className="manager-main">
          {role ? (
            <>
              <Space align="center" style={{ marginBottom: 8 }}>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {role.roleName}
                </Typography.Title>
                <Tag>{typeLabel(role.roleType)}</Tag>
                {role.isSuper && <Tag color="gold">{t('superRole')}</Tag>}
              </Space>
              {role.remark && <Typography.Paragraph type="secondary">{role.remark}</Typography.Paragraph>}
              <Tabs
                key={role.roleId}
                items={[
                  {
                    key: 'permissions',
                    label: t('permissions'),
                    children: <PermissionTab role={role} editable={editable} />,
                  },
                  {
                    key: 'members',
                    label: `${t('members')} (${role.userCount})`,
                    children: (
                      <RoleUsersTab
                        role={role}
                        editable={editable && (!role.isSuper || !!sessionStore.user()?.isAdmin)}
                      />
                    ),
                  },
                ]}
              />
            </>
          ) : (
            !loading && <Empty description={t('selectRole')} />
          )}
        </div>
      </div>
      <RoleFormModal
        editing={editing}
        roleTypes={groups}
        onClose={() => setEditing(null)}
        onSaved={(roleId) => select(roleId)}
      />
    </Card>
  );
}
