import { DUE_SOON_MS, taskDueState } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import { timeText } from '../../core/times.ts';
import type { AppRegistry } from '../../registry.ts';

/** More than this many late tasks is one long list: the task page holds the rest. */
const MAX = 20;

/** This feature's declarations into the app's registry (registry.ts), made when the app registers it. */
export function registerReminderSources(registry: AppRegistry): void {
  // The shell's pop-ups: open tasks I own due within a day or past due (shared `taskDueState`).
  registry.reminders.register({
    permission: 'oa:task:use',
    async due(db, user, now) {
      const soon = new Date(now.getTime() + DUE_SOON_MS).toISOString();
      const rows = await queryRows<{ task_id: number; title: string; due_time: string; status: number }>(
        db,
        sql`select task_id, title, due_time, status from oa_task
            where owner_user_id = ${user.userId} and status = 1 and not is_deleted
              and due_time is not null and due_time <= ${soon}::timestamptz
            order by due_time desc limit ${MAX}`,
      );
      return rows.map((r) => {
        const state =
          taskDueState({ status: Number(r.status), dueTime: r.due_time }, now) === 'overdue' ? 'overdue' : 'dueSoon';
        return {
          kind: 'task' as const,
          key: `task-${r.task_id}-${state}`,
          id: Number(r.task_id),
          title: r.title,
          state,
          at: timeText(r.due_time)!,
          allDay: false,
          link: `/workbench/task?taskId=${r.task_id}`,
        };
      });
    },
  });
}
