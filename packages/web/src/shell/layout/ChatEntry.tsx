import { MessageOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { ChatConnection } from '@/chat/connection';
import { onShellFrame } from '../live-badges';
import { sessionStore } from '../session-store';
import { layoutMessages } from './messages';

/** The chat page's address; it opens in its own tab (spec 2.3). */
export const CHAT_PATH = '/chat';

/**
 * The unread message count, live: the chat socket sends it on connect and pushes it whenever it
 * changes (a message comes, the user reads on any tab), so the badge needs no reload. The same
 * socket says when the user's to-do counts moved (`badges`): the menu and workbench badges
 * fetch them again at once instead of waiting for their next poll.
 */
export function useChatUnread(): number {
  const [count, setCount] = useState(0);
  const client = useQueryClient();
  useEffect(() => {
    const conn = new ChatConnection({
      token: () => sessionStore.token(),
      onFrame: (f) => onShellFrame(f, { unread: setCount, client }),
      onState: () => {},
    });
    conn.start();
    return () => conn.stop();
  }, [client]);
  return count;
}

/** The header's chat icon with the unread badge (at most 99); opens /chat in a new tab. */
export function ChatEntry() {
  const t = layoutMessages();
  const unread = useChatUnread();
  return (
    <Tooltip title={t('chat')}>
      <a
        className="crm-header-chat"
        href={CHAT_PATH}
        target="_blank"
        rel="noopener"
        aria-label={t('chat')}
        data-testid="header-chat"
      >
        <Badge count={unread} size="small" overflowCount={99} data-testid="header-chat-badge">
          <MessageOutlined className="crm-header-chat__icon" />
        </Badge>
      </a>
    </Tooltip>
  );
}
