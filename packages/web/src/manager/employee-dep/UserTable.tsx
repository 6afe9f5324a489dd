import { PlusOutlined } from '@ant-design/icons';
import type { SystemUser } from '@crm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { UserAvatar } from '@/components/member-picker';
import { CellLines, RowActions } from '@/components/table';
import { showTime } from '@/shell/time';
import { api, managerKeys, type UserListQuery } from '../api';
import { useCommonMessages } from '../messages';
import { usePermission } from '../use-permission';
import { useEmpMessages } from './messages';
import { ResetPasswordModal } from './ResetPasswordModal';
import { type UserEditing, UserFormDrawer } from './UserFormDrawer';

const ALL_PAGE_TYPE = 1002;
const ANY_STATUS = -1;
/** Below this the table scrolls sideways; at 1366 px screens it fits without (e2e/tests/layout.test.ts). */
const TABLE_MIN_WIDTH = 800;

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
      key: 'realname',
      fixed: 'left',
      width: 170,
      render: (_, u) => (
        <div className="emp-person">
          <UserAvatar name={u.realname} img={u.img} size={28} />
          <CellLines
            title={`${u.realname} (${u.username})`}
            main={
              <>
                {u.realname}
                {u.status !== 1 && (
                  <Tag color="error" className="emp-person__status">
                    {t('disabled')}
                  </Tag>
                )}
              </>
            }
            sub={u.username}
          />
        </div>
      ),
    },
    {
      title: t('dept'),
      key: 'dept',
      width: 120,
      render: (_, u) => (
        <CellLines title={[u.deptName, u.post].filter(Boolean).join(' · ')} main={u.deptName || '—'} sub={u.post} />
      ),
    },
    { title: t('supervisor'), dataIndex: 'parentName', width: 90, ellipsis: true, render: (v: string) => v || '—' },
    {
      // The one column without a width takes what is left (at least its title).
      title: t('roles'),
      dataIndex: 'roleNames',
      render: (v: string) => {
        const names = v ? v.split(',').join('、') : '—';
        return (
          <div className="cell-clamp2" title={names}>
            {names}
          </div>
        );
      },
    },
    { title: t('mobile'), dataIndex: 'mobile', width: 104, render: (v: string) => v || '—' },
    {
      title: t('lastLogin'),
      dataIndex: 'lastLoginTime',
      width: 92,
      render: (v: string | null) =>
        v ? (
          <CellLines main={showTime(v, 'YYYY-MM-DD')} sub={showTime(v, 'HH:mm')} />
        ) : (
          <Typography.Text type="secondary">{t('never')}</Typography.Text>
        ),
    },
  ];
  if (canEdit || canStatus || canReset) {
    columns.push({
      title: c('actions'),
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_, u) => (
        <RowActions
          actions={[
            ...(canEdit
              ? [{ key: 'edit', label: c('edit'), onClick: () => setEditing({ mode: 'edit', user: u }) }]
              : []),
            ...(canStatus
              ? [
                  u.status === 1
                    ? {
                        key: 'disable',
                        label: t('disable'),
                        danger: true,
                        onClick: () => confirmStatus([u.userId], 0, t('disableConfirm', { name: u.realname })),
                      }
                    : {
                        key: 'enable',
                        label: t('enable'),
                        onClick: () => confirmStatus([u.userId], 1, t('enableConfirm', { name: u.realname })),
                      },
                ]
              : []),
            ...(canReset ? [{ key: 'reset', label: t('resetPassword'), onClick: () => setResetting(u) }] : []),
          ]}
        />
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
        scroll={{ x: TABLE_MIN_WIDTH }}
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
