import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { scheduleApi, scheduleKeys } from './api';
import { useScheduleMessages } from './messages';

const POLL_MS = 60_000;

/**
 * Shows each due event reminder once as a notification while a workbench page with it is open
 * (the home page and the calendar); the server decides what is due (`OaEvent/queryReminders`).
 */
export function ScheduleReminders() {
  const t = useScheduleMessages();
  const { notification } = App.useApp();
  const shown = useRef(new Set<string>());
  const { data } = useQuery({
    queryKey: scheduleKeys.reminders,
    queryFn: scheduleApi.reminders,
    refetchInterval: POLL_MS,
    retry: false,
  });
  useEffect(() => {
    for (const e of data ?? []) {
      const key = `${e.id}-${e.day}`;
      if (shown.current.has(key) || sessionStorage.getItem(`reminded-${key}`)) continue;
      shown.current.add(key);
      sessionStorage.setItem(`reminded-${key}`, '1');
      notification.info({
        message: t('reminderTitle'),
        description: `${e.title} · ${t('reminderAt', { time: e.allDay ? `${e.day} ${t('allDay')}` : `${e.day} ${e.startTime}` })}`,
        duration: 0,
      });
    }
  }, [data, notification, t]);
  return null;
}
