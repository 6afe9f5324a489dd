import { Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { showTime } from '@/shell/time';
import { CrudToolbar, DeleteLink, useEditing } from '../crud-list';
import { usePagedList } from '../paged-list';
import { type DeclTaskDetail, type DeclTaskRow, declApi, declKeys } from './api';
import { useDeclMessages } from './messages';
import { SubmissionsDrawer } from './SubmissionsDrawer';
import { TaskForm } from './TaskForm';

const LIMIT = 15;

/** 申报任务: every task with its progress (in my scope); issue, edit, delete, open the submissions. */
export default function TasksPanel() {
  const t = useDeclMessages();
  const paged = usePagedList(LIMIT, (p) => ({ queryKey: declKeys.tasks(p), queryFn: () => declApi.tasks(p) }));
  const { editing, setEditing, refresh, done } = useEditing<DeclTaskDetail>(declKeys.all);
  const [viewing, setViewing] = useState<DeclTaskRow | null>(null);
  return (
    <>
      <CrudToolbar
        className="decl-toolbar"
        placeholder={t('searchTask')}
        searchWidth={240}
        onSearch={paged.onSearch}
        create={{ label: t('newTask'), testId: 'decl-new', onClick: () => setEditing('new') }}
      />
      <TaskTable
        rows={paged.rows}
        loading={paged.list.isFetching}
        empty={t('emptyTasks')}
        pagination={paged.pagination}
        actions={(r) => (
          <Space size={4} wrap>
            <Button type="link" size="small" onClick={() => setViewing(r)} data-testid={`decl-results-${r.taskId}`}>
              {t('submissions')}
            </Button>
            <Button type="link" size="small" onClick={async () => setEditing(await declApi.task(r.taskId))}>
              {t('edit')}
            </Button>
            <DeleteLink
              confirm={t('deleteConfirm')}
              label={t('delete')}
              done={t('deleted')}
              onDelete={() => declApi.remove(r.taskId)}
              onDeleted={refresh}
            />
          </Space>
        )}
      />
      {editing !== null && <TaskForm editing={editing} onDone={done} />}
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
