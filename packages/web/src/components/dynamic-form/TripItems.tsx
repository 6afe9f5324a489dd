import { daysRule, type TripItem, tripKinds, tripVehicles } from '@crm/shared';
import { DatePicker, Input, Select, Table } from 'antd';
import dayjs from 'dayjs';
import { useLang } from '@/i18n';
import type { WidgetProps } from './basic-widgets';
import { Cell, ItemList, NumberCell } from './ItemList';
import { tripWords, useDynamicFormMessages } from './messages';
import { emptyTrip } from './values';

const TIME = 'YYYY-MM-DD HH:mm';
const rowsOf = (value: unknown): TripItem[] => (Array.isArray(value) ? (value as TripItem[]) : []);
const at = (v: string) => (v ? dayjs(v) : null);

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
            <Cell label={t('startAddress')}>
              <Input
                aria-label={t('startAddress')}
                value={row.startAddress}
                maxLength={50}
                disabled={disabled}
                onChange={(e) => update({ startAddress: e.target.value })}
              />
            </Cell>
            <Cell label={t('endAddress')}>
              <Input
                aria-label={t('endAddress')}
                value={row.endAddress}
                maxLength={50}
                disabled={disabled}
                onChange={(e) => update({ endAddress: e.target.value })}
              />
            </Cell>
            <Cell label={t('startTime')}>
              <DatePicker
                aria-label={t('startTime')}
                style={{ width: '100%' }}
                showTime={{ format: 'HH:mm' }}
                format={TIME}
                value={at(row.startTime)}
                disabled={disabled}
                onChange={(d) => setTime({ startTime: d ? d.format(TIME) : '' })}
              />
            </Cell>
            <Cell label={t('endTime')}>
              <DatePicker
                aria-label={t('endTime')}
                style={{ width: '100%' }}
                showTime={{ format: 'HH:mm' }}
                format={TIME}
                value={at(row.endTime)}
                disabled={disabled}
                disabledDate={(d) => Boolean(row.startTime) && d.isBefore(dayjs(row.startTime), 'day')}
                onChange={(d) => setTime({ endTime: d ? d.format(TIME) : '' })}
              />
            </Cell>
            <NumberCell
              label={t('duration')}
              rule={daysRule}
              disabled={disabled}
              value={row.duration}
              onChange={(v) => update({ duration: v })}
            />
            <Cell label={t('description')} wide>
              <Input.TextArea
                aria-label={t('description')}
                rows={2}
                maxLength={200}
                showCount
                placeholder={t('descriptionTips')}
                disabled={disabled}
                value={row.description ?? ''}
                onChange={(e) => update({ description: e.target.value })}
              />
            </Cell>
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
  const rows = rowsOf(value);
  if (rows.length === 0) return <>{t('empty')}</>;
  return (
    <Table<TripItem>
      size="small"
      bordered
      pagination={false}
      rowKey={(_, i) => String(i)}
      dataSource={rows}
      scroll={{ x: 720 }}
      columns={[
        { title: '#', width: 40, render: (_, __, i) => i + 1 },
        { title: t('vehicle'), dataIndex: 'vehicle', width: 80, render: (v: string) => word(v) },
        { title: t('trip'), dataIndex: 'trip', width: 80, render: (v: string) => word(v) },
        { title: t('startAddress'), dataIndex: 'startAddress', width: 90 },
        { title: t('endAddress'), dataIndex: 'endAddress', width: 90 },
        { title: t('startTime'), dataIndex: 'startTime', width: 140 },
        { title: t('endTime'), dataIndex: 'endTime', width: 140 },
        { title: t('duration'), dataIndex: 'duration', width: 80, align: 'right' },
        { title: t('description'), dataIndex: 'description', ellipsis: true, width: 140 },
      ]}
    />
  );
}
