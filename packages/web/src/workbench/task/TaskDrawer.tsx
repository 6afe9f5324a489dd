import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { taskText } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Descriptions, Drawer, Popconfirm, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { CommentThread } from '@/components/comments';
import { FileUploadList } from '@/components/upload';
import { showTime } from '@/shell/time';
import { type TaskDetail, type TaskRow, taskApi, taskKeys } from './api';
import { LabelTags } from './labels';
import { useTaskMessages } from './messages';
import { TaskForm } from './TaskForm';
import { DueTime, PriorityTag, StatusTag } from './tags';

const time = (v: string | null) => (v ? showTime(v) : '—');

/**
 * A task's detail: its people, times, description, attachments, subtasks (each ticked done by
 * anyone involved), comments, and the actions the server says the viewer may take.
 */
export function TaskDrawer({
  taskId,
  onClose,
  onOpen,
}: {
  taskId: number | null;
  onClose: () => void;
  /** Open another task (a subtask, or the parent). */
  onOpen: (taskId: number) => void;
}) {
  const t = useTaskMessages();
  const query = useQuery({
    queryKey: taskKeys.detail(taskId ?? 0),
    queryFn: () => taskApi.detail(taskId!),
    enabled: taskId !== null,
    retry: false,
  });
  const d = query.data;
  return (
    <Drawer
      open={taskId !== null}
      onClose={onClose}
      size={640}
      closable={false}
      className="task-drawer"
      title={d ? <span data-testid="task-drawer-title">{d.title}</span> : null}
      extra={<Button type="text" aria-label={t('close')} icon={<CloseOutlined />} onClick={onClose} />}
    >
      {query.isPending && taskId !== null && <Spin />}
      {query.isError && <Result status="warning" title={(query.error as Error).message || t('loadFailed')} />}
      {d && <TaskBody detail={d} onOpen={onOpen} onGone={onClose} />}
    </Drawer>
  );
}

function TaskBody({
  detail: d,
  onOpen,
  onGone,
}: {
  detail: TaskDetail;
  onOpen: (id: number) => void;
  onGone: () => void;
}) {
  const t = useTaskMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [addingSub, setAddingSub] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['todo'] });
  };
  const act = async (run: () => Promise<unknown>, after?: () => void) => {
    try {
      await run();
      message.success(t('done'));
      refresh();
      after?.();
    } catch {
      // the request layer showed the server's message
    }
  };
  const p = d.permitted;
  return (
    <div data-testid="task-detail">
      <Space wrap data-testid="task-actions">
        <StatusTag status={d.status} />
        <PriorityTag priority={d.priority} />
        <LabelTags labels={d.labelList} />
        {p.complete && (
          <Button type="primary" onClick={() => act(() => taskApi.setStatus(d.taskId, 2))}>
            {t('complete')}
          </Button>
        )}
        {p.reopen && <Button onClick={() => act(() => taskApi.setStatus(d.taskId, 1))}>{t('reopen')}</Button>}
        {p.restore && <Button onClick={() => act(() => taskApi.setStatus(d.taskId, 1))}>{t('restore')}</Button>}
        {p.edit && <Button onClick={() => setEditing(true)}>{t('edit')}</Button>}
        {p.archive && (
          <Popconfirm title={t('archiveConfirm')} onConfirm={() => act(() => taskApi.setStatus(d.taskId, 3))}>
            <Button>{t('archive')}</Button>
          </Popconfirm>
        )}
        {p.delete && (
          <Popconfirm title={t('deleteConfirm')} onConfirm={() => act(() => taskApi.remove(d.taskId), onGone)}>
            <Button danger>{t('delete')}</Button>
          </Popconfirm>
        )}
      </Space>

      <Descriptions column={2} size="small" style={{ marginTop: 16 }}>
        {d.parentId && (
          <Descriptions.Item label={t('parentTask')} span={2}>
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(d.parentId!)}>
              {d.parentTitle}
            </Button>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('owner')}>{d.owner.realname}</Descriptions.Item>
        <Descriptions.Item label={t('creator')}>{d.creator.realname}</Descriptions.Item>
        <Descriptions.Item label={t('startTime')}>{time(d.startTime)}</Descriptions.Item>
        <Descriptions.Item label={t('dueTime')}>
          <DueTime dueTime={d.dueTime} dueState={d.dueState} />
        </Descriptions.Item>
        <Descriptions.Item label={t('participants')} span={2}>
          <span data-testid="task-participants">
            {d.participants.length ? d.participants.map((u) => u.realname).join('、') : '—'}
          </span>
        </Descriptions.Item>
      </Descriptions>

      <section className="task-drawer__section">
        <h4>{t('description')}</h4>
        <div className="task-drawer__desc">
          {d.description || <span className="task-muted">{t('noDescription')}</span>}
        </div>
      </section>

      {d.batchId && (
        <section className="task-drawer__section">
          <h4>{t('attachments')}</h4>
          <FileUploadList batchId={d.batchId} readOnly />
        </section>
      )}

      {!d.parentId && (
        <section className="task-drawer__section" data-testid="task-subtasks">
          <h4>
            {t('subtasks')}{' '}
            {d.subtaskCount > 0 && (
              <span className="task-muted">{t('subtaskProgress', { done: d.subtaskDone, total: d.subtaskCount })}</span>
            )}
          </h4>
          {d.subtasks.length === 0 && <div className="task-muted">{t('noSubtasks')}</div>}
          {d.subtasks.map((s) => (
            <Subtask key={s.taskId} row={s} onOpen={onOpen} onToggle={act} />
          ))}
          {p.addSubtask && (
            <Button type="link" icon={<PlusOutlined />} style={{ paddingLeft: 0 }} onClick={() => setAddingSub(true)}>
              {t('addSubtask')}
            </Button>
          )}
        </section>
      )}

      <Comments detail={d} onAdded={refresh} />

      {editing && <TaskForm open editing={d} onClose={() => setEditing(false)} />}
      {addingSub && <TaskForm open parentId={d.taskId} onClose={() => setAddingSub(false)} />}
    </div>
  );
}

function Subtask({
  row,
  onOpen,
  onToggle,
}: {
  row: TaskRow;
  onOpen: (id: number) => void;
  onToggle: (run: () => Promise<unknown>) => void;
}) {
  const t = useTaskMessages();
  const done = row.status === 2;
  return (
    <div className={`task-subtask${done ? ' task-subtask--done' : ''}`} data-testid="task-subtask">
      <Checkbox
        checked={done}
        disabled={row.status === 3}
        aria-label={done ? t('markOpen') : t('markDone')}
        onChange={() => onToggle(() => taskApi.setStatus(row.taskId, done ? 1 : 2))}
      />
      <Button
        type="link"
        className="task-subtask__title"
        style={{ textAlign: 'left', padding: 0 }}
        onClick={() => onOpen(row.taskId)}
      >
        {row.title}
      </Button>
      <span className="task-muted">{row.ownerName}</span>
      <DueTime dueTime={row.dueTime} dueState={row.dueState} />
    </div>
  );
}

function Comments({ detail, onAdded }: { detail: TaskDetail; onAdded: () => void }) {
  const t = useTaskMessages();
  return (
    <section className="task-drawer__section" data-testid="task-comments">
      <h4>{t('comments')}</h4>
      <CommentThread
        comments={detail.comments}
        canComment={detail.permitted.comment}
        className="task-comment"
        maxLength={taskText.comment.max}
        texts={{ empty: t('noComments'), placeholder: t('commentTips'), send: t('send'), done: t('commented') }}
        post={(content) => taskApi.comment(detail.taskId, content)}
        onAdded={onAdded}
      />
    </section>
  );
}
