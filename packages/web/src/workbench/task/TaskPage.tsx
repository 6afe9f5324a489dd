import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { taskPriorities } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Empty, Input, Select, Table, type TableColumnsType, Tabs, Tooltip } from 'antd';
import { useState } from 'react';
import { usePagedList } from '../paged-list';
import { type TaskFilter, type TaskWireRow as TaskRow, type TaskTab, taskApi, taskKeys } from './api';
import { useTaskMessages } from './messages';
import './task.css';
import { useCreateParam } from '@/shell/create-param';
import { usePhone } from '@/shell/phone';
import { paramOneOf, useUrlParams } from '@/shell/url-params';
import { LabelManager } from './LabelManager';
import { LabelSelect, LabelTags } from './labels';
import { TaskDrawer } from './TaskDrawer';
import { TaskForm } from './TaskForm';
import { DueTime, PriorityTag, StatusTag } from './tags';

export const PAGE_SIZE = 15;
const TABS: TaskTab[] = ['mine', 'created', 'joined'];
const emptyKey = { mine: 'emptyMine', created: 'emptyCreated', joined: 'emptyJoined' } as const;
const statusOf = (v: string | null): TaskFilter['status'] =>
  ['1', '2', '3'].includes(v ?? '') ? (Number(v) as 1 | 2 | 3) : 0;
const dueOf = (v: string | null): TaskFilter['due'] => (v === 'overdue' || v === 'dueSoon' ? v : 'all');

/**
 * 任务: 我负责的, 我创建的, 我参与的, filtered by status, due time, priority and title; a row
 * opens the detail drawer (`?taskId=`), `?create=1` (the workbench quick-add) the create form.
 * The tab, status and due filters live in the address, so a to-do tile can open exactly its list.
 */
export default function TaskPage() {
  const t = useTaskMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParam] = useUrlParams();
  const tab = paramOneOf(params, 'tab', TABS, 'mine');
  const status = statusOf(params.get('status'));
  const due = dueOf(params.get('due'));
  const taskId = Number(params.get('taskId')) || null;
  const [priority, setPriority] = useState(-1);
  const [labelId, setLabelId] = useState<number | undefined>();
  const [managing, setManaging] = useState(false);
  const [creating, setCreating] = useState(false);

  // The workbench quick-add (`?create=1`) opens the form once.
  useCreateParam(() => setCreating(true));

  const paged = usePagedList(PAGE_SIZE, (p) => {
    const filter: TaskFilter = { ...p, status, due, priority, ...(labelId ? { labelId } : {}) };
    return { queryKey: taskKeys.list(tab, filter), queryFn: () => taskApi.list(tab, filter) };
  });

  const toggle = async (row: TaskRow) => {
    try {
      await taskApi.setStatus(row.taskId, row.status === 2 ? 1 : 2);
      message.success(t('done'));
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['todo'] });
    } catch {
      // the request layer showed the server's message
    }
  };

  const titleCell = (r: TaskRow) => (
    <span className={`task-title-cell${r.status === 2 ? ' task-title-cell--done' : ''}`}>
      <Checkbox
        checked={r.status === 2}
        disabled={r.status === 3}
        aria-label={r.status === 2 ? t('markOpen') : t('markDone')}
        onClick={(e) => e.stopPropagation()}
        onChange={() => toggle(r)}
      />
      <span className="task-title-cell__text">{r.title}</span>
      <LabelTags labels={r.labelList} />
      {r.parentId && <span className="task-parent">{r.parentTitle}</span>}
      {r.subtaskCount > 0 && (
        <span className="task-muted">{t('subtaskProgress', { done: r.subtaskDone, total: r.subtaskCount })}</span>
      )}
    </span>
  );
  const phone = usePhone();
  const columns: TableColumnsType<TaskRow> = [
    { title: t('taskTitle'), key: 'title', ellipsis: true, render: (_, r) => titleCell(r) },
    { title: t('priority'), key: 'priority', width: 90, render: (_, r) => <PriorityTag priority={r.priority} /> },
    {
      title: t('dueTime'),
      key: 'due',
      width: 230,
      render: (_, r) => <DueTime dueTime={r.dueTime} dueState={r.dueState} />,
    },
    {
      title: tab === 'mine' ? t('creator') : t('owner'),
      key: 'who',
      width: 110,
      render: (_, r) => (tab === 'mine' ? r.createUserName : r.ownerName),
    },
    { title: t('status'), key: 'status', width: 90, render: (_, r) => <StatusTag status={r.status} /> },
  ];
  // Phone width (issue 26 item 7): one column, the title line with its check box over priority, due time and status.
  const phoneColumns: TableColumnsType<TaskRow> = [
    {
      key: 'card',
      render: (_, r) => (
        <div className="task-phone-row">
          {titleCell(r)}
          <div className="task-phone-row__meta">
            <PriorityTag priority={r.priority} />
            <DueTime dueTime={r.dueTime} dueState={r.dueState} />
            <StatusTag status={r.status} />
          </div>
        </div>
      ),
    },
  ];

  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="task-create">
          {t('create')}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setParam({ tab: k });
          paged.toFirstPage();
        }}
        items={TABS.map((k) => ({ key: k, label: <span data-testid={`task-tab-${k}`}>{t(k)}</span> }))}
      />
      <div className="task-toolbar">
        <Select
          aria-label={t('status')}
          style={{ width: 150 }}
          value={status}
          onChange={(v) => {
            setParam({ status: v ? String(v) : null });
            paged.toFirstPage();
          }}
          options={[
            { value: 0, label: t('statusAll') },
            { value: 1, label: t('status1') },
            { value: 2, label: t('status2') },
            { value: 3, label: t('status3') },
          ]}
        />
        <Select
          aria-label={t('dueTime')}
          style={{ width: 150 }}
          value={due}
          onChange={(v) => {
            setParam({ due: v === 'all' ? null : v });
            paged.toFirstPage();
          }}
          options={[
            { value: 'all', label: t('dueAll') },
            { value: 'overdue', label: t('overdue') },
            { value: 'dueSoon', label: t('dueSoon') },
          ]}
        />
        <Select
          aria-label={t('priority')}
          style={{ width: 130 }}
          value={priority}
          onChange={(v) => {
            setPriority(v);
            paged.toFirstPage();
          }}
          options={[
            { value: -1, label: t('priorityAll') },
            ...taskPriorities.map((p) => ({ value: p, label: t(`priority${p}`) })),
          ]}
        />
        <LabelSelect
          single
          style={{ width: 150 }}
          value={labelId}
          onChange={(v: number | undefined) => {
            setLabelId(v);
            paged.toFirstPage();
          }}
        />
        <Button onClick={() => setManaging(true)} data-testid="task-manage-labels">
          {t('manageLabels')}
        </Button>
        <Input.Search allowClear style={{ width: 220 }} placeholder={t('searchTips')} onSearch={paged.onSearch} />
        <Tooltip title={t('refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('refresh')}
            onClick={() => queryClient.invalidateQueries({ queryKey: taskKeys.all })}
          />
        </Tooltip>
      </div>
      <Table<TaskRow>
        rowKey="taskId"
        size="middle"
        columns={phone ? phoneColumns : columns}
        showHeader={!phone}
        tableLayout={phone ? 'fixed' : undefined}
        dataSource={paged.rows}
        loading={paged.list.isFetching}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(emptyKey[tab])} /> }}
        onRow={(r) => ({
          onClick: () => setParam({ taskId: String(r.taskId) }, false),
          style: { cursor: 'pointer' },
          'data-testid': 'task-row',
        })}
        pagination={{ ...paged.pagination, showTotal: (n) => t('total', { n }) }}
      />
      <TaskDrawer
        taskId={taskId}
        onClose={() => setParam({ taskId: null })}
        onOpen={(id) => setParam({ taskId: String(id) }, false)}
      />
      {managing && <LabelManager onClose={() => setManaging(false)} />}
      {creating && (
        <TaskForm
          open
          onClose={(id) => {
            setCreating(false);
            if (id) setParam({ taskId: String(id), tab: 'created' }, false);
          }}
        />
      )}
    </Card>
  );
}
