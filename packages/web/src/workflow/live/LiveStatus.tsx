import { Badge } from 'antd';
import type { ConnectionStatus } from '@/chat/state';
import { useLiveMessages } from './messages';

const colors: Record<ConnectionStatus, 'success' | 'processing' | 'warning' | 'error' | 'default'> = {
  open: 'success',
  connecting: 'processing',
  reconnecting: 'warning',
  failed: 'error',
  loggedOut: 'error',
};

/** The live queue's connection on a station page: 实时更新中, 连接中…, 重新连接中…, 已断开. */
export function LiveStatus({ status }: { status: ConnectionStatus }) {
  const t = useLiveMessages();
  return <Badge status={colors[status]} text={t(status)} data-testid="live-status" data-status={status} />;
}
