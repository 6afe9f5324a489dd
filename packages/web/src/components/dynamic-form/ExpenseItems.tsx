import { costRule, type ExpenseItem, expenseSubtotal } from '@crm/shared';
import { useState } from 'react';
import { FileUploadList } from '@/components/upload';
import { useLang } from '@/i18n';
import type { WidgetProps } from './basic-widgets';
import { Cell, ItemList, NumberCell } from './ItemList';
import { DescriptionCell, ItemsTable, RouteCells, useRouteColumns } from './item-cells';
import { useDynamicFormMessages } from './messages';
import { formatMoney, toChineseMoney } from './money';
import { emptyExpense } from './values';

type Row = ExpenseItem & { money?: number };
const COSTS = ['traffic', 'stay', 'diet', 'other'] as const;

const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
export const expenseTotal = (rows: Row[]) => Math.round(rows.reduce((s, r) => s + expenseSubtotal(r) * 100, 0)) / 100;

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
          <RouteCells row={row} timing="date" disabled={disabled} update={update} />
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
          <DescriptionCell
            value={row.description}
            disabled={disabled}
            onChange={(description) => update({ description })}
          />
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
  const columns = useRouteColumns('date');
  const rows = rowsOf(value);
  if (rows.length === 0) return <>{t('empty')}</>;
  return (
    <div className="df-items-view">
      <ItemsTable<Row>
        rows={rows}
        width={760}
        columns={[
          ...columns.route,
          ...COSTS.map((k) => ({ title: t(k), dataIndex: k, width: 80, align: 'right' as const })),
          {
            title: t('subtotal'),
            width: 90,
            align: 'right' as const,
            render: (_: unknown, r: Row) => formatMoney(expenseSubtotal(r)),
          },
          columns.description,
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
