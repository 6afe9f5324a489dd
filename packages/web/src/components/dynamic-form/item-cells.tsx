import { DatePicker, Input, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Cell } from './ItemList';
import { useDynamicFormMessages } from './messages';

/** What expense and trip items both hold: where from, where to, when, and a note. */
export type ItemRoute = {
  startAddress: string;
  endAddress: string;
  startTime: string;
  endTime: string;
  description?: string;
};

/** Expense items are dated, trip items timed to the minute. */
export type ItemTiming = 'date' | 'time';

const FORMATS: Record<ItemTiming, string> = { date: 'YYYY-MM-DD', time: 'YYYY-MM-DD HH:mm' };
const LABELS = {
  date: { startTime: 'startDate', endTime: 'endDate' },
  time: { startTime: 'startTime', endTime: 'endTime' },
} as const;
const ADDRESSES = ['startAddress', 'endAddress'] as const;
const TIMES = ['startTime', 'endTime'] as const;
const picked = (v: string) => (v ? dayjs(v) : null);

/**
 * The from/to addresses and start/end cells of an item row. `onTime` receives the time changes
 * (a trip recomputes its days from them).
 */
export function RouteCells({
  row,
  timing,
  disabled,
  update,
  onTime = update,
}: {
  row: ItemRoute;
  timing: ItemTiming;
  disabled?: boolean;
  update: (patch: Partial<ItemRoute>) => void;
  onTime?: (patch: Pick<Partial<ItemRoute>, 'startTime' | 'endTime'>) => void;
}) {
  const t = useDynamicFormMessages();
  const format = FORMATS[timing];
  const labels = LABELS[timing];
  const timed = timing === 'time' ? { showTime: { format: 'HH:mm' }, format } : {};
  return (
    <>
      {ADDRESSES.map((k) => (
        <Cell key={k} label={t(k)}>
          <Input
            aria-label={t(k)}
            value={row[k]}
            maxLength={50}
            disabled={disabled}
            onChange={(e) => update({ [k]: e.target.value })}
          />
        </Cell>
      ))}
      {TIMES.map((k) => (
        <Cell key={k} label={t(labels[k])}>
          <DatePicker
            aria-label={t(labels[k])}
            style={{ width: '100%' }}
            {...timed}
            value={picked(row[k])}
            disabled={disabled}
            // The end cannot be set before the start's day.
            disabledDate={
              k === 'endTime' ? (d) => Boolean(row.startTime) && d.isBefore(dayjs(row.startTime), 'day') : undefined
            }
            onChange={(d) => onTime({ [k]: d ? d.format(format) : '' })}
          />
        </Cell>
      ))}
    </>
  );
}

/** The item's free note, across the whole row. */
export function DescriptionCell({
  value,
  disabled,
  onChange,
}: {
  value: string | undefined;
  disabled?: boolean;
  onChange: (description: string) => void;
}) {
  const t = useDynamicFormMessages();
  return (
    <Cell label={t('description')} wide>
      <Input.TextArea
        aria-label={t('description')}
        rows={2}
        maxLength={200}
        showCount
        placeholder={t('descriptionTips')}
        disabled={disabled}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      />
    </Cell>
  );
}

/** The read-only table of items: a number column first; `columns` says what else each kind shows. */
export function ItemsTable<T extends object>({
  rows,
  columns,
  width,
}: {
  rows: T[];
  columns: TableColumnsType<T>;
  width: number;
}) {
  return (
    <Table<T>
      size="small"
      bordered
      pagination={false}
      rowKey={(_, i) => String(i)}
      dataSource={rows}
      scroll={{ x: width }}
      columns={[{ title: '#', width: 40, render: (_, __, i) => i + 1 }, ...columns]}
    />
  );
}

/** The route columns of that table, and the note column. */
export function useRouteColumns(timing: ItemTiming) {
  const t = useDynamicFormMessages();
  const labels = LABELS[timing];
  const width = timing === 'time' ? 140 : 100;
  return {
    route: [
      { title: t('startAddress'), dataIndex: 'startAddress', width: 90 },
      { title: t('endAddress'), dataIndex: 'endAddress', width: 90 },
      ...TIMES.map((k) => ({ title: t(labels[k]), dataIndex: k, width })),
    ],
    description: { title: t('description'), dataIndex: 'description', ellipsis: true, width: 140 },
  };
}
