import type { TaskDueState } from '@crm/shared';
import { Tag } from 'antd';
import { showTime } from '@/shell/time';
import { useTaskMessages } from './messages';

const priorityColor = ['default', 'blue', 'orange', 'red'] as const;

export function PriorityTag({ priority }: { priority: number }) {
  const t = useTaskMessages();
  if (!priority) return null;
  return (
    <Tag color={priorityColor[priority] ?? 'default'} data-testid="task-priority">
      {t(`priority${priority as 1 | 2 | 3}`)}
    </Tag>
  );
}

export function StatusTag({ status }: { status: number }) {
  const t = useTaskMessages();
  const color = status === 2 ? 'success' : status === 3 ? 'default' : 'processing';
  return <Tag color={color}>{t(`status${status as 1 | 2 | 3}`)}</Tag>;
}

/** The due time, red when overdue and orange within a day (shared `taskDueState`, computed by the server). */
export function DueTime({ dueTime, dueState }: { dueTime: string | null; dueState: TaskDueState }) {
  const t = useTaskMessages();
  if (!dueTime) return <span className="task-muted">—</span>;
  return (
    <span className={`task-due task-due--${dueState}`} data-testid="task-due">
      {showTime(dueTime)}
      {dueState === 'overdue' && <Tag color="error">{t('overdue')}</Tag>}
      {dueState === 'dueSoon' && <Tag color="warning">{t('dueSoon')}</Tag>}
    </span>
  );
}
