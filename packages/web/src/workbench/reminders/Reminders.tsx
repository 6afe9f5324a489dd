import { companyDay, type Reminder } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { call } from '@/shell/call';
import { showTime } from '@/shell/time';
import { useReminderMessages } from './messages';

const POLL_MS = 60_000;
/** More new reminders than this at once show as one summary, not a wall of pop-ups. */
const AT_ONCE = 4;

export const remindersKey = ['reminders'] as const;

const storageKey = (key: string) => `reminded-${key}`;

/**
 * The pop-up reminders of every page (mounted by the shell's layout): an event whose reminder
 * time has come, a task of mine due within a day or past due. The server decides what is due
 * (`OaBackLog/queryReminders`); each one shows once per browser session, and stays until it is
 * closed or opened. Polled every minute, and again when the server pushes an `oa` badge change.
 */
export function Reminders() {
  const t = useReminderMessages();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const shown = useRef(new Set<string>());
  const { data } = useQuery({
    queryKey: remindersKey,
    queryFn: () => call('/OaBackLog/queryReminders', undefined, { silent: true }),
    refetchInterval: POLL_MS,
    retry: false,
  });

  useEffect(() => {
    const fresh = (data ?? []).filter((r) => !shown.current.has(r.key) && !sessionStorage.getItem(storageKey(r.key)));
    for (const r of fresh) {
      shown.current.add(r.key);
      sessionStorage.setItem(storageKey(r.key), '1');
    }
    const when = (r: Reminder) => {
      if (r.kind === 'task') return t('dueAt', { time: showTime(r.at, 'MM-DD HH:mm') });
      // An all-day event's day is its China day, whatever the browser's zone.
      const day = companyDay(new Date(r.at)).slice(5);
      return t('startsAt', { time: r.allDay ? `${day} ${t('allDay')}` : showTime(r.at, 'MM-DD HH:mm') });
    };
    const show = fresh.length > AT_ONCE ? fresh.slice(0, AT_ONCE - 1) : fresh;
    for (const r of show) {
      notification[r.state === 'overdue' ? 'warning' : 'info']({
        key: r.key,
        message: t(r.state),
        description: `${r.title} · ${when(r)}`,
        duration: 0,
        btn: (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              notification.destroy(r.key);
              navigate(r.link);
            }}
          >
            {t('open')}
          </Button>
        ),
        props: { 'data-testid': 'reminder' } as Record<string, string>,
      });
    }
    if (fresh.length > show.length) {
      notification.info({
        key: 'reminders-more',
        message: t('more', { n: fresh.length - show.length }),
        duration: 0,
        btn: (
          <Button
            size="small"
            onClick={() => {
              notification.destroy('reminders-more');
              navigate('/workbench/mytask?tab=mine&status=1');
            }}
          >
            {t('moreTasks')}
          </Button>
        ),
      });
    }
  }, [data, navigate, notification, t]);
  return null;
}
