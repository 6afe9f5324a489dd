import { TeamOutlined } from '@ant-design/icons';
import type { Conversation } from '@crm/shared';
import { Avatar, Badge, Empty } from 'antd';
import { UserAvatar } from '@/components/member-picker';
import { nowInZone, parseTime } from '@/shell/time';
import { useChatMessages } from './messages';
import { lastMessageText } from './preview-text';
import { conversationKey, type ThreadKey } from './state';

export const conversationName = (c: Conversation) => c.group?.name ?? c.peer?.realname ?? '';

const timeOf = (time: string) => {
  const d = parseTime(time);
  if (!d) return '';
  return d.format('YYYY-MM-DD') === nowInZone().format('YYYY-MM-DD') ? d.format('HH:mm') : d.format('MM-DD');
};

/** A colleague's presence on their avatar: green online, grey offline. */
export function PresenceDot({ online, label }: { online: boolean; label: string }) {
  return (
    <span
      className={`chat-presence ${online ? 'chat-presence--on' : ''}`}
      data-testid="chat-presence"
      data-online={online}
      title={label}
      role="img"
      aria-label={label}
    />
  );
}

/** Conversations, latest first, with unread badges and the last message. */
export function ConversationList({
  me,
  conversations,
  activeKey,
  onOpen,
  online,
}: {
  me: number;
  conversations: Conversation[];
  activeKey: ThreadKey | undefined;
  onOpen: (c: Conversation) => void;
  /** Whether a colleague is online now (live presence). */
  online: (userId: number) => boolean;
}) {
  const t = useChatMessages();
  if (!conversations.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noChats')} />;
  return (
    <ul className="chat-convs">
      {conversations.map((c) => {
        const key = conversationKey(c);
        const name = conversationName(c);
        return (
          <li key={key}>
            <button
              type="button"
              className={`chat-conv ${key === activeKey ? 'chat-conv--active' : ''}`}
              onClick={() => onOpen(c)}
              data-testid="chat-conv"
            >
              <Badge count={c.unreadCount} size="small" overflowCount={99}>
                {c.group ? (
                  <Avatar
                    size={40}
                    src={c.group.avatar || undefined}
                    icon={<TeamOutlined />}
                    style={{ background: '#52c41a' }}
                  />
                ) : (
                  <span className="chat-conv__avatar">
                    <UserAvatar name={name} img={c.peer?.img} size={40} />
                    {c.peer && (
                      <PresenceDot
                        online={online(c.peer.userId)}
                        label={online(c.peer.userId) ? t('online') : t('offline')}
                      />
                    )}
                  </span>
                )}
              </Badge>
              <span className="chat-conv__body">
                <span className="chat-conv__top">
                  <span className="chat-conv__name">{name}</span>
                  <span className="chat-conv__time">{timeOf(c.updateTime)}</span>
                </span>
                <span className="chat-conv__last">{lastMessageText(c.lastMessage, me, t)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
