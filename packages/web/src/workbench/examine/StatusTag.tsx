import { Tag } from 'antd';
import { statusColor, statusKey, useStatusWords } from './messages';

export function StatusTag({ status }: { status: number }) {
  const s = useStatusWords();
  return (
    <Tag color={statusColor[status] ?? 'default'} data-status={status} style={{ marginInlineEnd: 0 }}>
      {s(statusKey(status))}
    </Tag>
  );
}
