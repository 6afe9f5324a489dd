import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { companyDay, isDay } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Segmented, Space, Spin, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { crmKinds } from '@/crm/kinds';
import { type CalendarEntry, scheduleApi, scheduleKeys } from './api';
import { type CalendarView, stepDay, viewDays } from './calendar-range';
import { EventDetailModal } from './EventDetailModal';
import { EventForm } from './EventForm';
import { useScheduleMessages } from './messages';
import { WeekGrid } from './WeekGrid';
import './schedule.css';
import { useCreateParam } from '@/shell/create-param';
import { useUrlParams } from '@/shell/url-params';

const views: CalendarView[] = ['month', 'week', 'day'];
const MONTH_CELL_MAX = 3;

/**
 * The calendar (schedule-new): month, week (an hour grid) and day views of my events and of the follow-ups due
 * on my records. The view and day live in the address (`?view=week&day=2026-11-23`), so the
 * to-do tile opens today; `?create=1` (the quick-add) opens the form.
 */
export default function SchedulePage() {
  const t = useScheduleMessages();
  const navigate = useNavigate();
  const [params, setParam] = useUrlParams();
  const today = companyDay(new Date());
  const view = (views as string[]).includes(params.get('view') ?? '') ? (params.get('view') as CalendarView) : 'month';
  const day = isDay(params.get('day') ?? '') ? params.get('day')! : today;
  const [creating, setCreating] = useState<string | null>(null);
  const [opened, setOpened] = useState<CalendarEntry | null>(null);

  const go = (next: { view?: CalendarView; day?: string }) =>
    setParam({ view: next.view ?? view, day: next.day ?? day });

  // The workbench quick-add (`?create=1`) opens the form once.
  useCreateParam(() => setCreating(day));

  const days = viewDays(view, day);
  const from = days[0]!;
  const to = days.at(-1)!;
  const { data = [], isFetching } = useQuery({
    queryKey: scheduleKeys.range(from, to),
    queryFn: () => scheduleApi.range(from, to),
  });
  /** Each entry under every day it covers (a multi-day event on each). */
  const byDay = new Map<string, CalendarEntry[]>();
  for (const e of data) {
    for (const d of days) if (d >= e.day && d <= e.endDay) byDay.set(d, [...(byDay.get(d) ?? []), e]);
  }

  const open = (e: CalendarEntry) => {
    if (e.source === 'event') return setOpened(e);
    const kind = crmKinds.find((k) => k.descriptor.label === e.record?.label);
    if (kind && e.record) navigate(`/crm/${kind.path}/${e.record.recordId}`);
  };

  const chip = (e: CalendarEntry, d: string) => (
    <Tooltip key={`${e.source}-${e.id}-${e.seriesDay}`} title={e.readOnly ? t('followUpTips') : undefined}>
      <button
        type="button"
        className={`schedule-chip schedule-chip--${e.source}${e.reminding ? ' schedule-chip--reminding' : ''}`}
        onClick={(ev) => {
          ev.stopPropagation();
          open(e);
        }}
        data-testid="schedule-entry"
        data-day={d}
      >
        {!e.allDay && d === e.day && <span className="schedule-chip__time">{e.startTime}</span>}
        <span className="schedule-chip__title">{e.title}</span>
      </button>
    </Tooltip>
  );

  const title =
    view === 'month'
      ? day.slice(0, 7)
      : view === 'week'
        ? `${from} ~ ${to}`
        : `${day} ${t(`w${weekday(day)}` as 'w1')}`;

  return (
    <Card
      variant="borderless"
      // Busy while the range is being read (screen readers; the browser test reads the entries after it).
      aria-busy={isFetching}
      data-testid="schedule"
      title={
        <Space wrap>
          <Button icon={<LeftOutlined />} aria-label={t('prev')} onClick={() => go({ day: stepDay(view, day, -1) })} />
          <Button onClick={() => go({ day: today })}>{t('today')}</Button>
          <Button icon={<RightOutlined />} aria-label={t('next')} onClick={() => go({ day: stepDay(view, day, 1) })} />
          <span className="schedule-title" data-testid="schedule-title">
            {title}
          </span>
          {isFetching && <Spin size="small" />}
        </Space>
      }
      extra={
        <Space>
          <Segmented<CalendarView>
            value={view}
            onChange={(v) => go({ view: v })}
            options={views.map((v) => ({ value: v, label: t(v) }))}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(day)} data-testid="schedule-create">
            {t('create')}
          </Button>
        </Space>
      }
    >
      {view === 'week' ? (
        <WeekGrid days={days} byDay={byDay} today={today} chip={chip} onDay={(d) => go({ view: 'day', day: d })} />
      ) : view === 'day' ? (
        <div className="schedule-day" data-testid="schedule-day">
          {(byDay.get(day) ?? []).length === 0 ? (
            <Empty description={t('empty')} />
          ) : (
            (byDay.get(day) ?? []).map((e) => (
              <div key={`${e.source}-${e.id}-${e.seriesDay}`} className="schedule-day__row">
                <span className="schedule-day__when">
                  {e.allDay ? t('allDay') : `${e.startTime}${e.endTime ? `–${e.endTime}` : ''}`}
                </span>
                {chip(e, day)}
                {e.readOnly && <Tag>{t('followUp')}</Tag>}
              </div>
            ))
          )}
        </div>
      ) : (
        <div className={`schedule-grid schedule-grid--${view}`} data-testid="schedule-grid">
          {[1, 2, 3, 4, 5, 6, 7].map((w) => (
            <div key={w} className="schedule-grid__head">
              {t(`w${w}` as 'w1')}
            </div>
          ))}
          {days.map((d) => {
            const entries = byDay.get(d) ?? [];
            const shown = entries.slice(0, MONTH_CELL_MAX);
            const outside = d.slice(0, 7) !== day.slice(0, 7);
            return (
              <div
                key={d}
                className={`schedule-cell${outside ? ' schedule-cell--outside' : ''}${d === today ? ' schedule-cell--today' : ''}`}
                data-testid={`schedule-cell-${d}`}
              >
                <button
                  type="button"
                  className="schedule-cell__day"
                  onClick={(ev) => {
                    ev.stopPropagation();
                    go({ view: 'day', day: d });
                  }}
                >
                  {Number(d.slice(8))}
                </button>
                {shown.map((e) => chip(e, d))}
                {entries.length > shown.length && (
                  <button
                    type="button"
                    className="schedule-cell__more"
                    onClick={(ev) => {
                      ev.stopPropagation();
                      go({ view: 'day', day: d });
                    }}
                  >
                    {t('more', { n: entries.length - shown.length })}
                  </button>
                )}
              </div>
            );
          })}
        </div>
      )}
      {creating && <EventForm day={creating} onClose={() => setCreating(null)} />}
      {opened && <EventDetailModal entry={opened} onClose={() => setOpened(null)} />}
    </Card>
  );
}

const weekday = (d: string) => ((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
