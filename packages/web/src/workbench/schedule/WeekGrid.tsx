import type { CalendarEntry } from '@crm/shared';
import { type ReactNode, useEffect, useRef } from 'react';
import { useScheduleMessages } from './messages';
import { inAllDayRow, layoutDay } from './week-layout';

/** Height of one hour on the grid. */
const HOUR_PX = 48;
/** The grid opens scrolled to the working day. */
const FIRST_SHOWN_HOUR = 8;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const px = (minutes: number) => (minutes / 60) * HOUR_PX;

/**
 * The week view: a row of all-day (and multi-day) entries, then a 24-hour grid where each
 * timed entry sits at its hours, overlapping ones side by side. `chip` draws an entry; a day's
 * header opens that day.
 */
export function WeekGrid({
  days,
  byDay,
  today,
  chip,
  onDay,
}: {
  days: string[];
  byDay: Map<string, CalendarEntry[]>;
  today: string;
  chip: (e: CalendarEntry, day: string) => ReactNode;
  onDay: (day: string) => void;
}) {
  const t = useScheduleMessages();
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = FIRST_SHOWN_HOUR * HOUR_PX;
  }, []);
  const head = (d: string, i: number) => (
    <button
      key={d}
      type="button"
      className={`schedule-week__day${d === today ? ' schedule-week__day--today' : ''}`}
      onClick={() => onDay(d)}
      data-testid={`schedule-cell-${d}`}
    >
      {t(`w${i + 1}` as 'w1')} {d.slice(5)}
    </button>
  );
  return (
    <div className="schedule-week" data-testid="schedule-grid">
      <div className="schedule-week__row">
        <div className="schedule-week__gutter" />
        {days.map(head)}
      </div>
      <div className="schedule-week__row schedule-week__allday">
        <div className="schedule-week__gutter">{t('allDay')}</div>
        {days.map((d) => (
          <div key={d} className="schedule-week__allday-cell" data-testid={`schedule-allday-${d}`}>
            {(byDay.get(d) ?? []).filter(inAllDayRow).map((e) => chip(e, d))}
          </div>
        ))}
      </div>
      <div className="schedule-week__scroll" ref={scroller}>
        <div className="schedule-week__row" style={{ height: 24 * HOUR_PX }}>
          <div className="schedule-week__gutter schedule-week__hours">
            {HOURS.map((h) => (
              <span key={h} style={{ top: h * HOUR_PX }}>
                {h === 0 ? '' : `${String(h).padStart(2, '0')}:00`}
              </span>
            ))}
          </div>
          {days.map((d) => (
            <div
              key={d}
              className={`schedule-week__col${d === today ? ' schedule-week__col--today' : ''}`}
              data-testid={`schedule-hours-${d}`}
            >
              {layoutDay((byDay.get(d) ?? []).filter((e) => e.day === d)).map((p) => (
                <div
                  key={`${p.entry.source}-${p.entry.id}-${p.entry.seriesDay}`}
                  className="schedule-week__block"
                  style={{
                    top: px(p.top),
                    height: px(p.height),
                    left: `${(p.lane / p.lanes) * 100}%`,
                    width: `${100 / p.lanes}%`,
                  }}
                  data-start={p.entry.startTime ?? ''}
                >
                  {chip(p.entry, d)}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
