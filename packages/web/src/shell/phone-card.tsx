import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';

type Column<T> = TableColumnsType<T>[number] & { dataIndex?: unknown };

/**
 * Phone width (issue 26 item 7): a wide table's columns as one column of cards. The `lead`
 * column's cell is the card's head, then up to `more` other columns as "title  value" lines,
 * each drawn by its own render, so the card shows what the row shows.
 */
export function phoneCardColumns<T extends object>(
  columns: TableColumnsType<T>,
  lead: string,
  more = 3,
): TableColumnsType<T> {
  const all = columns as Column<T>[];
  const keyOf = (c: Column<T>) => String(c.key ?? c.dataIndex ?? '');
  const head = all.find((c) => keyOf(c) === lead) ?? all[0];
  const rest = all.filter((c) => c !== head).slice(0, more);
  const cell = (c: Column<T>, r: T, i: number): ReactNode => {
    const value = typeof c.dataIndex === 'string' ? (r as Record<string, unknown>)[c.dataIndex] : undefined;
    // A cell render may answer {children, props}; a card wants the children.
    const out: unknown = c.render ? c.render(value, r, i) : value;
    return out && typeof out === 'object' && 'children' in out && !('$$typeof' in out)
      ? (out as { children: ReactNode }).children
      : (out as ReactNode);
  };
  return [
    {
      key: 'phone-card',
      render: (_: unknown, r: T, i: number) => (
        <div className="crm-phone-card">
          {head && <div className="crm-phone-card__head">{cell(head, r, i)}</div>}
          {rest.map((c) => (
            <div key={keyOf(c)} className="crm-phone-card__line">
              <span className="crm-phone-card__label">{c.title as ReactNode}</span>
              <span className="crm-phone-card__value">{cell(c, r, i)}</span>
            </div>
          ))}
        </div>
      ),
    },
  ];
}
