import { UserAddOutlined } from '@ant-design/icons';
import type { SystemRole, SystemUser } from '@crm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { MemberPicker, UserAvatar } from '@/components/member-picker';
import { api, managerKeys, type UserListQuery } from '../api';
import { useCommonMessages } from '../messages';
import { useRoleMessages } from './messages';

const EMPTY = { users: [], depts: [] };

/** The employees holding a role: add them with the member picker, remove one at a time. */
export function RoleUsersTab({ role, editable }: { role: SystemRole; editable: boolean }) {
  const t = useRoleMessages();
  const c = useCommonMessages();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ page: 1, limit: 15 });
  const query: UserListQuery = { ...page, pageType: 1002, roleId: role.roleId };
  const list = useQuery({
    queryKey: managerKeys.users(query),
    queryFn: () => api.users(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['system'] });

  const relate = useMutation({
    mutationFn: (userIds: number[]) => api.relateUsers([role.roleId], userIds),
    onSuccess: () => {
      message.success(c('addSuccess'));
      void refresh();
    },
  });
  const unbind = useMutation({
    mutationFn: (userId: number) => api.unbindUser(role.roleId, userId),
    onSuccess: () => {
      message.success(c('deleteSuccess'));
      void refresh();
    },
  });

  const confirmRemove = (u: SystemUser) =>
    modal.confirm({
      title: c('confirmTitle'),
      content: t('removeConfirm', { name: u.realname, role: role.roleName }),
      okButtonProps: { danger: true },
      onOk: () => unbind.mutateAsync(u.userId).catch(() => {}),
    });

  const columns: TableColumnsType<SystemUser> = [
    {
      title: t('realname'),
      dataIndex: 'realname',
      render: (_, u) => (
        <Space size={8}>
          <UserAvatar name={u.realname} img={u.img} size={28} />
          {u.realname}
        </Space>
      ),
    },
    { title: t('username'), dataIndex: 'username' },
    { title: t('dept'), dataIndex: 'deptName', render: (v: string) => v || '—' },
    { title: t('post'), dataIndex: 'post', render: (v: string) => v || '—' },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 90,
      render: (v: number) =>
        v === 1 ? <Tag color="success">{t('active')}</Tag> : <Tag color="error">{t('disabled')}</Tag>,
    },
  ];
  if (editable) {
    columns.push({
      title: c('actions'),
      key: 'actions',
      width: 90,
      render: (_, u) => (
        <Button type="link" size="small" danger onClick={() => confirmRemove(u)}>
          {t('removeMember')}
        </Button>
      ),
    });
  }

  return (
    <div>
      <div className="manager-toolbar">
        <Typography.Text type="secondary" className="grow">
          {t('total', { n: list.data?.totalRow ?? 0 })}
        </Typography.Text>
        {editable && (
          <MemberPicker
            hideDepts
            title={t('addMembersTitle')}
            placement="bottomRight"
            value={EMPTY}
            onConfirm={(v) => v.users.length > 0 && relate.mutate(v.users.map((u) => u.userId))}
          >
            <Button type="primary" icon={<UserAddOutlined />} loading={relate.isPending}>
              {t('addMembers')}
            </Button>
          </MemberPicker>
        )}
      </div>
      <Table<SystemUser>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: list.data?.totalRow ?? 0,
          showTotal: (n) => t('total', { n }),
          onChange: (p, limit) => setPage({ page: p, limit }),
        }}
      />
    </div>
  );
}
