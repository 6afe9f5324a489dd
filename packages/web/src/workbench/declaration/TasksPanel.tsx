import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import { type DeclTaskDetail, type DeclTaskRow, declApi, declKeys } from './api';
import { useDeclMessages } from './messages';
import { SubmissionsDrawer } from './SubmissionsDrawer';
import { TaskForm } from './TaskForm';

const LIMIT = 15;

/** 申报任务: every task with its progress (in my scope); issue, edit, delete, open the submissions. */
export default function TasksPanel() {
  const t = useDeclMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<DeclTaskDetail | 'new' | null>(null);
  const [viewing, setViewing] = useState<DeclTaskRow | null>(null);
  const p = { page, limit: LIMIT, search };
  const list = useQuery({ queryKey: declKeys.tasks(p), queryFn: () => declApi.tasks(p) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: declKeys.all });
  return (
    <>
      <div className="decl-toolbar">
        <Input.Search
          allowClear
          placeholder={t('searchTask')}
          style={{ width: 240, maxWidth: '100%' }}
          onSearch={(s) => {
            setSearch(s.trim());
            setPage(1);
          }}
        />
        <Button type="primary" onClick={() => setEditing('new')} data-testid="decl-new">
          {t('newTask')}
        </Button>
      </div>
      <TaskTable
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        empty={t('emptyTasks')}
        pagination={{ current: page, total: list.data?.totalRow ?? 0, onChange: setPage }}
        actions={(r) => (
          <Space size={4} wrap>
            <Button type="link" size="small" onClick={() => setViewing(r)} data-testid={`decl-results-${r.taskId}`}>
              {t('submissions')}
            </Button>
            <Button type="link" size="small" onClick={async () => setEditing(await declApi.task(r.taskId))}>
              {t('edit')}
            </Button>
            <Popconfirm
              title={t('deleteConfirm')}
              onConfirm={async () => {
                await declApi.remove(r.taskId);
                message.success(t('deleted'));
                await refresh();
              }}
            >
              <Button type="link" size="small" danger>
                {t('delete')}
              </Button>
            </Popconfirm>
          </Space>
        )}
      />
      {/* Mounted per opening: each new task gets its own form and batch. */}
      {editing !== null && (
        <TaskForm
          editing={editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) void refresh();
          }}
        />
      )}
      {viewing && <SubmissionsDrawer task={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

/** The task table of both tabs: name and deadline in one cell, the progress in another. */
export function TaskTable({
  rows,
  loading,
  empty,
  pagination,
  actions,
}: {
  rows: DeclTaskRow[];
  loading: boolean;
  empty: string;
  pagination: { current: number; total: number; onChange: (p: number) => void };
  actions: (r: DeclTaskRow) => React.ReactNode;
}) {
  const t = useDeclMessages();
  return (
    <Table<DeclTaskRow>
      rowKey="taskId"
      size="middle"
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: empty }}
      pagination={{ ...pagination, pageSize: LIMIT, hideOnSinglePage: true }}
      columns={[
        {
          title: t('taskTitle'),
          key: 'title',
          render: (_, r) => (
            <div className="decl-cell">
              <div>
                {r.title} {r.overdue && <Tag>{t('overdue')}</Tag>}
              </div>
              <Typography.Text type="secondary">
                {t('deadline')} {showTime(r.deadline)} · {t('issuedBy', { name: r.createUserName })}
              </Typography.Text>
            </div>
          ),
        },
        {
          title: t('progress'),
          key: 'progress',
          width: 170,
          render: (_, r) => (
            <div className="decl-cell">
              <span>{t('progressValue', { done: r.submittedCount, all: r.assignedCount })}</span>
              {r.waitCount > 0 && (
                <Typography.Text type="warning">{t('waitValue', { n: r.waitCount })}</Typography.Text>
              )}
            </div>
          ),
        },
        { title: t('actions'), key: 'actions', width: 200, render: (_, r) => actions(r) },
      ]}
    />
  );
}
