import type { FormItemProps } from 'antd';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * One fixed field of a kind's own panel under the user's field permission (1 hidden, 2 read-only,
 * 3 editable): hidden is not shown; read-only is shown with its control disabled and without
 * rules (it is not the user's to fill, and the server refuses changing it).
 */
export function gateItem(level: 1 | 2 | 3, item: ReactElement<FormItemProps>): ReactElement | null {
  if (level === 1) return null;
  if (level === 3) return item;
  const child = item.props.children as ReactNode;
  const control = isValidElement<{ disabled?: boolean }>(child) ? cloneElement(child, { disabled: true }) : child;
  return cloneElement(item, { rules: [], required: false, children: control } as Partial<FormItemProps>);
}
