import { Tag } from 'antd';
import { useDeclMessages } from './messages';

const colors: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error', 4: 'warning' };

/** A submission's state (0 未提交 … 4 已撤回) as a coloured tag. */
export function StatusTag({ status }: { status: number }) {
  const t = useDeclMessages();
  return <Tag color={colors[status] ?? 'default'}>{t(`status${status}` as 'status0')}</Tag>;
}
