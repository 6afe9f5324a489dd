import { PlusOutlined } from '@ant-design/icons';
import type { SystemUser } from '@crm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { UserAvatar } from '@/components/member-picker';
import { api, managerKeys, type UserListQuery } from '../api';
import { useCommonMessages } from '../messages';
import { usePermission } from '../use-permission';
import { useEmpMessages } from './messages';
import { ResetPasswordModal } from './ResetPasswordModal';
import { type UserEditing, UserFormDrawer } from './UserFormDrawer';

const ALL_PAGE_TYPE = 1002;
const ANY_STATUS = -1;

/** The employees of the chosen department (and its children), paged on the server. */
export function UserTable({ deptId }: { deptId: number | undefined }) {
  const t = useEmpMessages();
  const c = useCommonMessages();
  const can = usePermission();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ page: 1, limit: 15 });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<number | undefined>();
  const [editing, setEditing] = useState<UserEditing>(null);
  const [resetting, setResetting] = useState<SystemUser | null>(null);
  const [selected, setSelected] = useState<number[]>([]);

  // A new filter starts again at page 1 (the department comes from the tree).
  const [lastDept, setLastDept] = useState(deptId);
  if (lastDept !== deptId) {
    setLastDept(deptId);
    setPage((p) => ({ ...p, page: 1 }));
    setSelected([]);
  }

  const query: UserListQuery = { ...page, pageType: ALL_PAGE_TYPE, search: search || undefined, deptId, status };
  const list = useQuery({
    queryKey: managerKeys.users(query),
    queryFn: () => api.users(query),
    placeholderData: keepPreviousData,
  });

  const setStatusOf = useMutation({
    mutationFn: ({ ids, to }: { ids: number[]; to: 0 | 1 }) => api.setUserStatus(ids, to),
    onSuccess: () => {
      message.success(c('opSuccess'));
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: ['system'] });
    },
  });

  const confirmStatus = (ids: number[], to: 0 | 1, content: string) =>
    modal.confirm({
      title: c('confirmTitle'),
      content,
      okButtonProps: { danger: to === 0 },
      onOk: () => setStatusOf.mutateAsync({ ids, to }).catch(() => {}),
    });

  const canEdit = can('manage.users.userUpdate');
  const canStatus = can('manage.users.status');
  const canReset = can('manage.users.resetPassword');

  const columns: TableColumnsType<SystemUser> = [
    {
      title: t('realname'),
      dataIndex: 'realname',
      fixed: 'left',
      width: 150,
      render: (_, u) => (
        <Space size={8}>
          <UserAvatar name={u.realname} img={u.img} size={28} />
          <Typography.Text ellipsis style={{ maxWidth: 100 }}>
            {u.realname}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('username'), dataIndex: 'username', width: 120, ellipsis: true },
    { title: t('dept'), dataIndex: 'deptName', width: 120, ellipsis: true, render: (v: string) => v || '—' },
    { title: t('post'), dataIndex: 'post', width: 110, ellipsis: true, render: (v: string) => v || '—' },
    { title: t('supervisor'), dataIndex: 'parentName', width: 100, ellipsis: true, render: (v: string) => v || '—' },
    {
      title: t('roles'),
      dataIndex: 'roleNames',
      width: 180,
      ellipsis: true,
      render: (v: string) => (v ? v.split(',').join('、') : '—'),
    },
    { title: t('mobile'), dataIndex: 'mobile', width: 120, render: (v: string) => v || '—' },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 80,
      render: (v: number) =>
        v === 1 ? <Tag color="success">{t('active')}</Tag> : <Tag color="error">{t('disabled')}</Tag>,
    },
    {
      title: t('lastLogin'),
      dataIndex: 'lastLoginTime',
      width: 150,
      render: (v: string | null) =>
        v ? dayjs(v).format('YYYY-MM-DD HH:mm') : <Typography.Text type="secondary">{t('never')}</Typography.Text>,
    },
  ];
  if (canEdit || canStatus || canReset) {
    columns.push({
      title: c('actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, u) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', user: u })}>
              {c('edit')}
            </Button>
          )}
          {canStatus &&
            (u.status === 1 ? (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => confirmStatus([u.userId], 0, t('disableConfirm', { name: u.realname }))}
              >
                {t('disable')}
              </Button>
            ) : (
              <Button
                type="link"
                size="small"
                onClick={() => confirmStatus([u.userId], 1, t('enableConfirm', { name: u.realname }))}
              >
                {t('enable')}
              </Button>
            ))}
          {canReset && (
            <Button type="link" size="small" onClick={() => setResetting(u)}>
              {t('resetPassword')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <div>
      <div className="manager-toolbar">
        <Input.Search
          allowClear
          placeholder={t('searchUsers')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
        <Select<number>
          value={status ?? ANY_STATUS}
          style={{ width: 120 }}
          onChange={(v) => {
            setStatus(v === ANY_STATUS ? undefined : v);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={[
            { value: ANY_STATUS, label: t('allStatus') },
            { value: 1, label: t('active') },
            { value: 0, label: t('disabled') },
          ]}
        />
        <span className="grow" />
        {canStatus && selected.length > 0 && (
          <>
            <Typography.Text type="secondary">{t('selectedCount', { n: selected.length })}</Typography.Text>
            <Button onClick={() => confirmStatus(selected, 1, t('batchEnableConfirm', { n: selected.length }))}>
              {t('batchEnable')}
            </Button>
            <Button danger onClick={() => confirmStatus(selected, 0, t('batchDisableConfirm', { n: selected.length }))}>
              {t('batchDisable')}
            </Button>
          </>
        )}
        {can('manage.users.userSave') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', deptId })}>
            {t('addUser')}
          </Button>
        )}
      </div>
      <Table<SystemUser>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 1300 }}
        rowSelection={
          canStatus ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
        }
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: list.data?.totalRow ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [15, 30, 50, 100],
          showTotal: (n) => t('total', { n }),
          onChange: (p, limit) => setPage({ page: limit === page.limit ? p : 1, limit }),
        }}
      />
      <UserFormDrawer editing={editing} onClose={() => setEditing(null)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
