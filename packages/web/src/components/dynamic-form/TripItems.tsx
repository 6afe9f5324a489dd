import { daysRule, type TripItem, tripKinds, tripVehicles } from '@crm/shared';
import { Select } from 'antd';
import dayjs from 'dayjs';
import { useLang } from '@/i18n';
import type { WidgetProps } from './basic-widgets';
import { Cell, ItemList, NumberCell } from './ItemList';
import { DescriptionCell, ItemsTable, RouteCells, useRouteColumns } from './item-cells';
import { tripWords, useDynamicFormMessages } from './messages';
import { emptyTrip } from './values';

const rowsOf = (value: unknown): TripItem[] => (Array.isArray(value) ? (value as TripItem[]) : []);

/** Days between two times, in half days (at least half a day): the suggestion the duration starts with. */
export function tripDays(start: string, end: string): number | '' {
  if (!start || !end) return '';
  const hours = dayjs(end).diff(dayjs(start), 'hour', true);
  if (!(hours > 0)) return '';
  return Math.max(0.5, Math.ceil(hours / 12) / 2);
}

/** business_cause: trip items (vehicle, one-way or return, cities, times, days). */
export function TripItemsWidget({ value, onChange, disabled }: WidgetProps) {
  const t = useDynamicFormMessages();
  const { lang } = useLang();
  const word = (w: string) => (lang === 'en' ? (tripWords[w] ?? w) : w);
  const rows = rowsOf(value);
  return (
    <ItemList<TripItem>
      testId="trip-items"
      items={rows.length ? rows : [emptyTrip()]}
      onChange={(next) => onChange?.(next)}
      create={emptyTrip}
      disabled={disabled}
      renderItem={(row, update) => {
        const setTime = (patch: Partial<TripItem>) => {
          const next = { ...row, ...patch };
          update({ ...patch, duration: tripDays(next.startTime, next.endTime) || row.duration });
        };
        return (
          <div className="df-item__grid">
            <Cell label={t('vehicle')}>
              <Select<string>
                aria-label={t('vehicle')}
                value={row.vehicle || undefined}
                disabled={disabled}
                options={tripVehicles.map((v) => ({ value: v, label: word(v) }))}
                onChange={(v) => update({ vehicle: v })}
              />
            </Cell>
            <Cell label={t('trip')}>
              <Select<string>
                aria-label={t('trip')}
                value={row.trip || undefined}
                disabled={disabled}
                options={tripKinds.map((v) => ({ value: v, label: word(v) }))}
                onChange={(v) => update({ trip: v })}
              />
            </Cell>
            <RouteCells row={row} timing="time" disabled={disabled} update={update} onTime={setTime} />
            <NumberCell
              label={t('duration')}
              rule={daysRule}
              disabled={disabled}
              value={row.duration}
              onChange={(v) => update({ duration: v })}
            />
            <DescriptionCell
              value={row.description}
              disabled={disabled}
              onChange={(description) => update({ description })}
            />
          </div>
        );
      }}
    />
  );
}

export function TripItemsDisplay({ value }: { value: unknown }) {
  const t = useDynamicFormMessages();
  const { lang } = useLang();
  const word = (w: string) => (lang === 'en' ? (tripWords[w] ?? w) : w);
  const columns = useRouteColumns('time');
  const rows = rowsOf(value);
  if (rows.length === 0) return <>{t('empty')}</>;
  return (
    <ItemsTable<TripItem>
      rows={rows}
      width={720}
      columns={[
        { title: t('vehicle'), dataIndex: 'vehicle', width: 80, render: (v: string) => word(v) },
        { title: t('trip'), dataIndex: 'trip', width: 80, render: (v: string) => word(v) },
        ...columns.route,
        { title: t('duration'), dataIndex: 'duration', width: 80, align: 'right' },
        columns.description,
      ]}
    />
  );
}
