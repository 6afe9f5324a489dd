import type { ReactNode } from 'react';

/**
 * A cell of two lines, the second smaller and grey (a name over its account, a date over its
 * time): two facts share one column, so tables need fewer columns and fit narrow screens.
 * Both lines end in an ellipsis with the full text as the tooltip.
 */
export function CellLines({ main, sub, title }: { main: ReactNode; sub?: ReactNode; title?: string }) {
  return (
    <div className="cell-lines" title={title}>
      <div className="cell-lines__main">{main}</div>
      {sub !== undefined && sub !== null && sub !== '' && <div className="cell-lines__sub">{sub}</div>}
    </div>
  );
}
