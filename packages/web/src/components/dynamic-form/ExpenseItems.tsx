import { costRule, type ExpenseItem, expenseSubtotal } from '@crm/shared';
import { DatePicker, Input, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { FileUploadList } from '@/components/upload';
import { useLang } from '@/i18n';
import type { WidgetProps } from './basic-widgets';
import { Cell, ItemList, NumberCell } from './ItemList';
import { useDynamicFormMessages } from './messages';
import { formatMoney, toChineseMoney } from './money';
import { emptyExpense } from './values';

type Row = ExpenseItem & { money?: number };
const COSTS = ['traffic', 'stay', 'diet', 'other'] as const;
const DATE = 'YYYY-MM-DD';

const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
export const expenseTotal = (rows: Row[]) => Math.round(rows.reduce((s, r) => s + expenseSubtotal(r) * 100, 0)) / 100;
const day = (v: string) => (v ? dayjs(v) : null);

function Total({ rows }: { rows: Row[] }) {
  const t = useDynamicFormMessages();
  const { lang } = useLang();
  const total = expenseTotal(rows);
  return (
    <span className="df-total" data-testid="expense-total">
      {t('total')}：<strong>¥{formatMoney(total)}</strong>
      {lang === 'zh' && (
        <span className="df-total__capital">
          （{t('totalCapital')}：{toChineseMoney(total)}）
        </span>
      )}
    </span>
  );
}

/** examine_cause: expense items with four costs, an automatic subtotal, notes and invoice images. */
export function ExpenseItemsWidget({ value, onChange, disabled }: WidgetProps) {
  const t = useDynamicFormMessages();
  const rows = rowsOf(value);
  // Until the first edit the list shows one empty item; it keeps its batch across renders.
  const [fallback] = useState(emptyExpense);
  return (
    <ItemList<Row>
      testId="expense-items"
      items={rows.length ? rows : [fallback]}
      onChange={(next) => onChange?.(next)}
      create={emptyExpense}
      disabled={disabled}
      footer={<Total rows={rows} />}
      renderItem={(row, update) => (
        <div className="df-item__grid">
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
          <Cell label={t('startDate')}>
            <DatePicker
              aria-label={t('startDate')}
              style={{ width: '100%' }}
              value={day(row.startTime)}
              disabled={disabled}
              onChange={(d) => update({ startTime: d ? d.format(DATE) : '' })}
            />
          </Cell>
          <Cell label={t('endDate')}>
            <DatePicker
              aria-label={t('endDate')}
              style={{ width: '100%' }}
              value={day(row.endTime)}
              disabled={disabled}
              disabledDate={(d) => Boolean(row.startTime) && d.isBefore(dayjs(row.startTime), 'day')}
              onChange={(d) => update({ endTime: d ? d.format(DATE) : '' })}
            />
          </Cell>
          {COSTS.map((k) => (
            <NumberCell
              key={k}
              label={t(k)}
              rule={costRule}
              prefix="¥"
              disabled={disabled}
              value={row[k]}
              onChange={(v) => update({ [k]: v } as Partial<Row>)}
            />
          ))}
          <Cell label={t('subtotal')}>
            <div className="df-subtotal" data-testid="expense-subtotal">
              ¥{formatMoney(expenseSubtotal(row))}
            </div>
          </Cell>
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
          <Cell label={t('invoices')} wide>
            <FileUploadList
              type="img"
              batchId={row.batchId}
              readOnly={disabled}
              onBatchIdChange={(batchId) => update({ batchId })}
            />
          </Cell>
        </div>
      )}
    />
  );
}

/** The read-only view: a table of the items with the subtotal of each and the total. */
export function ExpenseItemsDisplay({ value }: { value: unknown }) {
  const t = useDynamicFormMessages();
  const rows = rowsOf(value);
  if (rows.length === 0) return <>{t('empty')}</>;
  return (
    <div className="df-items-view">
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        rowKey={(_, i) => String(i)}
        dataSource={rows}
        scroll={{ x: 760 }}
        columns={[
          { title: '#', width: 40, render: (_, __, i) => i + 1 },
          { title: t('startAddress'), dataIndex: 'startAddress', width: 90 },
          { title: t('endAddress'), dataIndex: 'endAddress', width: 90 },
          { title: t('startDate'), dataIndex: 'startTime', width: 100 },
          { title: t('endDate'), dataIndex: 'endTime', width: 100 },
          ...COSTS.map((k) => ({ title: t(k), dataIndex: k, width: 80, align: 'right' as const })),
          {
            title: t('subtotal'),
            width: 90,
            align: 'right' as const,
            render: (_: unknown, r: Row) => formatMoney(expenseSubtotal(r)),
          },
          {
            title: t('description'),
            dataIndex: 'description',
            ellipsis: true,
            width: 140,
          },
          {
            title: t('invoices'),
            width: 160,
            render: (_: unknown, r: Row) => (r.batchId ? <FileUploadList batchId={r.batchId} readOnly /> : t('empty')),
          },
        ]}
      />
      <div className="df-items__foot">
        <span className="df-items__grow" />
        <Total rows={rows} />
      </div>
    </div>
  );
}
