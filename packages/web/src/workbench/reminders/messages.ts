import { defineMessages } from '@/i18n';

/** The pop-up reminders every page of the app shows. */
export const useReminderMessages = defineMessages({
  zh: {
    remind: '日程提醒',
    dueSoon: '任务即将到期',
    overdue: '任务已逾期',
    startsAt: '{time} 开始',
    dueAt: '截止 {time}',
    allDay: '全天',
    open: '查看',
    more: '还有 {n} 条提醒',
    moreTasks: '查看我的任务',
  },
  en: {
    remind: 'Event reminder',
    dueSoon: 'Task due soon',
    overdue: 'Task overdue',
    startsAt: 'Starts {time}',
    dueAt: 'Due {time}',
    allDay: 'all day',
    open: 'Open',
    more: '{n} more reminders',
    moreTasks: 'My tasks',
  },
});
