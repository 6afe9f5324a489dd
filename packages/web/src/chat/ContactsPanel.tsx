import type { ChatNotice, ChatUser } from '@crm/shared';
import { Button, Empty, Tag } from 'antd';
import { UserAvatar } from '@/components/member-picker';
import { useChatMessages } from './messages';

type Props = {
  users: ChatUser[];
  friendIds: number[];
  requests: ChatNotice[];
  onOpen: (u: ChatUser) => void;
  onAnswer: (n: ChatNotice, accept: boolean) => void;
  onRequest: (u: ChatUser) => void;
};

/** The address book: friend requests waiting for an answer, friends, then every colleague. */
export function ContactsPanel({ users, friendIds, requests, onOpen, onAnswer, onRequest }: Props) {
  const t = useChatMessages();
  const friends = new Set(friendIds);
  const row = (u: ChatUser) => (
    <li key={u.userId} className="chat-contact" data-testid="chat-contact">
      <button type="button" className="chat-contact__main" onClick={() => onOpen(u)}>
        <UserAvatar name={u.realname} img={u.img} size={32} />
        <span className="chat-contact__name">{u.realname}</span>
        <span className="chat-contact__dept">{u.deptName}</span>
      </button>
      {friends.has(u.userId) ? (
        <Tag color="green">{t('isFriend')}</Tag>
      ) : (
        <Button size="small" type="link" onClick={() => onRequest(u)}>
          {t('addFriend')}
        </Button>
      )}
    </li>
  );
  return (
    <div className="chat-contacts">
      {requests.length > 0 && (
        <>
          <div className="chat-contacts__head">{t('requests')}</div>
          <ul>
            {requests.map((n) => (
              <li key={n.noticeId} className="chat-request" data-testid="chat-request">
                <span className="chat-request__text">{n.text}</span>
                <Button size="small" type="primary" onClick={() => onAnswer(n, true)}>
                  {t('accept')}
                </Button>
                <Button size="small" onClick={() => onAnswer(n, false)}>
                  {t('reject')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {friendIds.length > 0 && (
        <>
          <div className="chat-contacts__head">{t('friends')}</div>
          <ul>{users.filter((u) => friends.has(u.userId)).map(row)}</ul>
        </>
      )}
      <div className="chat-contacts__head">{t('colleagues')}</div>
      {users.length ? (
        <ul>{users.map(row)}</ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
      )}
    </div>
  );
}
