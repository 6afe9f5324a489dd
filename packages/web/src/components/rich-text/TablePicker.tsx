import { EDITOR } from '@crm/shared';
import { Button, InputNumber, Popover } from 'antd';
import { type ReactNode, useState } from 'react';
import type { EditorT } from './messages';
import { clampTable } from './rules';

/**
 * The table size picker (crm-records 9): a 10 × 10 grid to sweep over, expandable to 20 × 20,
 * and exact numbers up to 100 rows and 20 columns.
 */
export function TablePicker({
  t,
  onPick,
  children,
}: {
  t: EditorT;
  onPick: (size: { rows: number; cols: number }) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [grid, setGrid] = useState<number>(EDITOR.tablePickerGrid);
  const [hover, setHover] = useState({ rows: 0, cols: 0 });
  const [exact, setExact] = useState<{ rows: number; cols: number }>(EDITOR.tableDefault);
  const pick = (rows: number, cols: number) => {
    onPick(clampTable(rows, cols));
    setOpen(false);
  };
  const cells = [];
  for (let r = 1; r <= grid; r++)
    for (let c = 1; c <= grid; c++)
      cells.push(
        <button
          key={`${r}-${c}`}
          type="button"
          aria-label={t('tableSize', { rows: r, cols: c })}
          data-testid={`table-cell-${r}-${c}`}
          className={`rt-table-grid__cell${r <= hover.rows && c <= hover.cols ? ' is-on' : ''}`}
          onMouseEnter={() => setHover({ rows: r, cols: c })}
          onClick={() => pick(r, c)}
        />,
      );
  const content = (
    <div className="rt-table-picker" data-testid="table-picker">
      <div className="rt-table-grid" style={{ gridTemplateColumns: `repeat(${grid}, 16px)` }}>
        {cells}
      </div>
      <div className="rt-table-picker__size">{t('tableSize', { rows: hover.rows, cols: hover.cols })}</div>
      {grid < EDITOR.tablePickerGridMax && (
        <Button size="small" type="link" onClick={() => setGrid(EDITOR.tablePickerGridMax)}>
          {t('tableMore')}
        </Button>
      )}
      <div className="rt-table-picker__exact">
        <InputNumber
          size="small"
          min={1}
          max={EDITOR.tableMaxRows}
          value={exact.rows}
          addonBefore={t('tableRows')}
          onChange={(v) => setExact({ ...exact, rows: Number(v ?? 1) })}
        />
        <InputNumber
          size="small"
          min={1}
          max={EDITOR.tableMaxCols}
          value={exact.cols}
          addonBefore={t('tableCols')}
          onChange={(v) => setExact({ ...exact, cols: Number(v ?? 1) })}
        />
        <Button size="small" type="primary" onClick={() => pick(exact.rows, exact.cols)}>
          {t('ok')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" content={content} title={t('tableTitle')}>
      {children}
    </Popover>
  );
}
