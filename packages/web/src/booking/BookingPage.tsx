import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type Board, type BoardColumn, boardColumns, minutesOf } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Dropdown, Empty, Segmented, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { usePermission } from '@/manager/use-permission';
import { companyToday } from '@/shell/time';
import { visitApi, visitKeys } from './api';
import { BookingForm, columnFields, type NewBooking } from './BookingForm';
import { HistoryDrawer } from './HistoryDrawer';
import { useVisitMessages } from './messages';
import { StoreSelect, useCodeNames, useStores } from './pickers';
import { StoreSettingsForm } from './StoreSettingsForm';
import './booking.css';

type Booking = Board['appointments'][number];
const statusColor: Record<number, string> = { 1: 'gold', 2: 'blue', 3: 'green', 4: 'default', 5: 'red' };

/**
 * /Booking_management: a store's day (one column per doctor, consultant, technician, department
 * or room) or week (one column per day); slots from the store's hours. Click an empty slot to
 * book, drag a booking to another slot or column, and confirm, arrive or cancel from its menu.
 */
export default function BookingPage() {
  const t = useVisitMessages();
  const names = useCodeNames();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { stores, storeId, setStoreId, store } = useStores();
  const [day, setDay] = useState(() => companyToday().format('YYYY-MM-DD'));
  const [span, setSpan] = useState<'day' | 'week'>('day');
  const [column, setColumn] = useState<BoardColumn>('doctor');
  const [creating, setCreating] = useState<NewBooking | null>(null);
  const [historyOf, setHistoryOf] = useState<{ id: number; name: string } | null>(null);
  const can = usePermission();
  const [editingStore, setEditingStore] = useState(false);
  const board = useQuery({
    queryKey: visitKeys.board(storeId ?? 0, day, span, column),
    queryFn: () => visitApi.board({ storeId: storeId!, day, span, column }),
    enabled: storeId !== null,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: visitKeys.all });
  const act = async (run: () => Promise<unknown>, done: string) => {
    await run();
    message.success(done);
    refresh();
  };

  const settings = can('oa.booking.settings') && (
    <>
      <Button onClick={() => setEditingStore(true)}>{t('storeSettings')}</Button>
      <StoreSettingsForm
        open={editingStore}
        store={store}
        onClose={() => setEditingStore(false)}
        onSaved={(id) => {
          setEditingStore(false);
          setStoreId(id);
          message.success(t('saved'));
          refresh();
        }}
      />
    </>
  );
  if (stores.data && stores.data.length === 0) return <Empty description={t('noStore')}>{settings}</Empty>;
  const data = board.data;
  const slotLength = data?.settings.slotMinutes ?? 30;
  // Day view: the chosen columns; week view: the days.
  const cols =
    span === 'day'
      ? (data?.columns ?? []).map((c) => ({ key: c.key, name: c.key === '' ? t('unassigned') : c.name, day }))
      : (data?.days ?? []).map((d) => ({ key: d, name: dayjs(d).format('MM-DD ddd'), day: d }));
  const inCell = (b: Booking, colKey: string, cellDay: string, slot: string) => {
    const start = b.startTime.slice(11, 16);
    const s = minutesOf(slot)!;
    const m = minutesOf(start)!;
    const sameColumn = span === 'day' ? b.column === colKey : true;
    return sameColumn && b.startTime.slice(0, 10) === cellDay && m >= s && m < s + slotLength;
  };
  const move = (id: number, cellDay: string, slot: string, colKey: string) =>
    act(
      () =>
        visitApi.update({
          appointmentId: id,
          startTime: `${cellDay} ${slot}`,
          ...(span === 'day' ? columnFields(column, colKey) : {}),
        }),
      t('moved'),
    ).catch(() => {});

  const card = (b: Booking) => {
    const live = b.status === 1 || b.status === 2;
    const items = [
      b.status === 1 && { key: 'confirm', label: t('confirm') },
      live && { key: 'arrive', label: t('arrive') },
      live && { key: 'cancel', label: t('cancelBooking'), danger: true },
      { key: 'history', label: t('history') },
    ].filter(Boolean) as { key: string; label: string; danger?: boolean }[];
    const onClick = ({ key }: { key: string }) => {
      if (key === 'confirm') void act(() => visitApi.confirm(b.appointmentId), t('confirmed')).catch(() => {});
      if (key === 'arrive') void act(() => visitApi.arrive(b.appointmentId), t('arrived')).catch(() => {});
      if (key === 'history') setHistoryOf({ id: b.customerId, name: b.customerName });
      if (key === 'cancel')
        modal.confirm({
          title: t('cancelAsk', { name: b.customerName }),
          okText: t('cancelBooking'),
          cancelText: t('close'),
          onOk: () => act(() => visitApi.cancel(b.appointmentId), t('cancelled')).catch(() => {}),
        });
    };
    return (
      <Dropdown key={b.appointmentId} menu={{ items, onClick }} trigger={['click']}>
        {/* biome-ignore lint/a11y/useSemanticElements: a draggable card; Firefox does not drag a <button> */}
        <div
          className={`booking-card booking-status-${b.status}`}
          data-testid={`booking-${b.appointmentId}`}
          role="button"
          tabIndex={0}
          draggable={live}
          onDragStart={(e) => e.dataTransfer.setData('text/plain', String(b.appointmentId))}
        >
          <div className="booking-card-name">{b.customerName}</div>
          <div className="booking-card-meta">
            {b.startTime.slice(11, 16)}–{b.endTime.slice(11, 16)} {names.appointmentKind[b.kind]}
          </div>
          <Tag color={statusColor[b.status]}>{names.appointmentStatus[b.status]}</Tag>
        </div>
      </Dropdown>
    );
  };

  const shift = (n: number) =>
    setDay(
      dayjs(day)
        .add(span === 'week' ? 7 * n : n, 'day')
        .format('YYYY-MM-DD'),
    );
  const total = Object.values(data?.counts ?? {}).reduce((s, n) => s + n, 0);

  return (
    <Card
      title={t('boardTitle')}
      extra={
        <Space wrap>
          <StoreSelect value={storeId} onChange={setStoreId} />
          {settings}
          <Button aria-label={t('prev')} icon={<LeftOutlined />} onClick={() => shift(-1)} />
          <DatePicker
            aria-label={t('startTime')}
            allowClear={false}
            value={dayjs(day)}
            onChange={(d) => d && setDay(d.format('YYYY-MM-DD'))}
          />
          <Button aria-label={t('next')} icon={<RightOutlined />} onClick={() => shift(1)} />
          <Button onClick={() => setDay(companyToday().format('YYYY-MM-DD'))}>{t('today')}</Button>
          <Segmented
            value={span}
            onChange={(v) => setSpan(v as 'day' | 'week')}
            options={[
              { value: 'day', label: t('day') },
              { value: 'week', label: t('week') },
            ]}
          />
          {span === 'day' && (
            <Segmented
              aria-label={t('columnBy')}
              value={column}
              onChange={(v) => setColumn(v as BoardColumn)}
              options={boardColumns.map((c) => ({ value: c, label: t(`col_${c}`) }))}
            />
          )}
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }} aria-label={t('counts')}>
        {Object.entries(names.appointmentStatus).map(([code, name]) => (
          <Tag key={code} color={statusColor[Number(code)]}>
            {name} {data?.counts[code] ?? 0}
          </Tag>
        ))}
        <Tag>
          {t('total')} {total}
        </Tag>
      </Space>
      <div className="booking-board">
        <table>
          <thead>
            <tr>
              <th className="booking-time">{t('time')}</th>
              {cols.map((c) => (
                <th key={`${c.day}-${c.key}`}>{c.name}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(data?.slots ?? []).map((slot) => (
              <tr key={slot}>
                <td className="booking-time">{slot}</td>
                {cols.map((c) => {
                  const colKey = span === 'day' ? c.key : '';
                  const here = (data?.appointments ?? []).filter((b) => inCell(b, c.key, c.day, slot));
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the slot is also reachable through 新建预约's day and time fields
                    <td
                      key={`${c.day}-${c.key}`}
                      className="booking-cell"
                      data-testid={`slot-${c.day}-${slot}-${colKey}`}
                      onDragOver={(e) => e.preventDefault()}
                      onDrop={(e) => {
                        const id = Number(e.dataTransfer.getData('text/plain'));
                        if (id) void move(id, c.day, slot, colKey);
                      }}
                      // Only the empty part of the cell books: a click on a booking opens its menu.
                      onClick={(e) =>
                        e.target === e.currentTarget &&
                        store &&
                        setCreating({ day: c.day, slot, column, columnKey: colKey })
                      }
                    >
                      {here.map(card)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {store && (
        <BookingForm
          open={creating !== null}
          store={store}
          slots={data?.slots ?? []}
          start={creating}
          onClose={() => setCreating(null)}
          onSaved={() => {
            setCreating(null);
            message.success(t('saved'));
            refresh();
          }}
        />
      )}
      <HistoryDrawer customer={historyOf} onClose={() => setHistoryOf(null)} />
    </Card>
  );
}
