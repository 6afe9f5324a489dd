import { LoadingOutlined, NotificationOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { CHAT_RECONNECT_MS, type ChatUser, type Conversation } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Input, Tabs, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { textMatches, usePinyin } from '@/components/member-picker/match';
import { usePhone } from '@/shell/phone';
import { useSession } from '@/shell/session';
import { chatKeys, fetchAddressBook } from './api';
import { ContactsPanel } from './ContactsPanel';
import { ConversationList, conversationName } from './ConversationList';
import { GroupCreateDialog } from './GroupCreateDialog';
import { GroupSettings } from './GroupSettings';
import { MassMessageDialog } from './MassMessageDialog';
import { MessagePane, type People } from './MessagePane';
import { useChatMessages } from './messages';
import type { Connection } from './state';
import { conversationKey, isOnline } from './state';
import { type Target, useChat } from './use-chat';
import './chat.css';

const targetOf = (c: Conversation): Target =>
  c.group
    ? { key: `g${c.group.groupId}`, groupId: c.group.groupId, conversationId: c.conversationId }
    : { key: `u${c.peer?.userId ?? 0}`, userId: c.peer?.userId, conversationId: c.conversationId };

/** The chat page (/chat, its own tab): conversations and contacts on the left, the open chat on the right. */
export default function ChatPage() {
  const t = useChatMessages();
  const { message } = App.useApp();
  const { user } = useSession();
  const me = user.userId;
  // The address book's 发消息 opens this tab on a colleague (`/chat?userId=`).
  const [params] = useSearchParams();
  const [target, setTarget] = useState<Target | null>(() => {
    const userId = Number(params.get('userId'));
    return Number.isInteger(userId) && userId > 0 && userId !== user.userId ? { key: `u${userId}`, userId } : null;
  });
  const chat = useChat(me, target);
  const { state } = chat;
  const [tab, setTab] = useState('chats');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [massOpen, setMassOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  usePinyin();
  // Phone width (issue 26 item 7): the list or the open chat fills the screen; the chat's back arrow returns to the list.
  const phone = usePhone();
  const book = useQuery({ queryKey: chatKeys.book, queryFn: fetchAddressBook });

  const people: People = useMemo(() => {
    const map: People = new Map([[me, { realname: user.realname, img: user.img }]]);
    for (const u of book.data?.users ?? []) map.set(u.userId, { realname: u.realname, img: u.img });
    return map;
  }, [book.data, me, user.realname, user.img]);

  const conversation = target ? state.conversations.find((c) => conversationKey(c) === target.key) : undefined;
  // The conversation id arrives with the first message of a new chat.
  const activeTarget = target && conversation ? { ...target, conversationId: conversation.conversationId } : target;

  const conversations = state.conversations.filter((c) => !search.trim() || textMatches(conversationName(c), search));
  const users = (book.data?.users ?? []).filter((u) => !search.trim() || textMatches(u.realname, search));

  const openUser = (u: ChatUser) => {
    setTarget({ key: `u${u.userId}`, userId: u.userId });
    setTab('chats');
  };
  const openGroup = (groupId: number) => setTarget({ key: `g${groupId}`, groupId, conversationId: groupId });

  const title = conversation
    ? conversationName(conversation)
    : target?.userId
      ? (people.get(target.userId)?.realname ?? '')
      : '';
  const peer =
    conversation?.peer ?? (target?.userId ? book.data?.users.find((u) => u.userId === target.userId) : undefined);
  const subtitle = conversation?.group
    ? conversation.group.notice
    : peer
      ? [peer.deptName, peer.post].filter(Boolean).join(' · ')
      : undefined;

  return (
    <div className={`chat-page${activeTarget ? ' chat-page--open' : ''}`} data-testid="chat-page">
      <aside className="chat-side">
        <div className="chat-side__head">
          <span className="chat-side__title">{t('title')}</span>
          <span>
            <Tooltip title={t('mass')}>
              <Button
                type="text"
                icon={<NotificationOutlined />}
                onClick={() => setMassOpen(true)}
                aria-label={t('mass')}
                data-testid="chat-mass"
              />
            </Tooltip>
            <Tooltip title={t('newGroup')}>
              <Button
                type="text"
                icon={<UsergroupAddOutlined />}
                onClick={() => setCreating(true)}
                aria-label={t('newGroup')}
                data-testid="chat-new-group"
              />
            </Tooltip>
          </span>
        </div>
        <ConnectionBar connection={state.connection} />
        <div className="chat-side__search">
          <Input.Search
            allowClear
            placeholder={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Tabs
          className="chat-side__tabs"
          activeKey={tab}
          onChange={setTab}
          centered
          items={[
            {
              key: 'chats',
              label: t('chats'),
              children: (
                <ConversationList
                  me={me}
                  conversations={conversations}
                  activeKey={target?.key}
                  onOpen={(c) => setTarget(targetOf(c))}
                  online={(u) => isOnline(state, u)}
                />
              ),
            },
            {
              key: 'contacts',
              label: state.requests.length ? `${t('contacts')} (${state.requests.length})` : t('contacts'),
              children: (
                <ContactsPanel
                  users={users}
                  friendIds={book.data?.friendIds ?? []}
                  requests={state.requests}
                  onOpen={openUser}
                  onAnswer={chat.answerRequest}
                  onRequest={(u) => {
                    if (chat.requestFriend(u.userId)) message.success(t('requestSent'));
                  }}
                />
              ),
            },
          ]}
        />
      </aside>
      <main className="chat-main">
        {activeTarget ? (
          <MessagePane
            key={activeTarget.key}
            chat={chat}
            me={me}
            target={activeTarget}
            conversation={conversation}
            title={title}
            subtitle={subtitle}
            online={peer ? isOnline(state, peer.userId, peer.online) : undefined}
            people={people}
            onSettings={activeTarget.groupId ? () => setSettingsOpen(true) : undefined}
            onBack={phone ? () => setTarget(null) : undefined}
          />
        ) : (
          <div className="chat-empty">{t('pickChat')}</div>
        )}
      </main>
      <MassMessageDialog open={massOpen} onClose={() => setMassOpen(false)} />
      <GroupCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(groupId) => {
          setCreating(false);
          void chat.sync();
          openGroup(groupId);
        }}
      />
      {activeTarget?.groupId && (
        <GroupSettings
          groupId={activeTarget.groupId}
          me={me}
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
          onChanged={() => void chat.sync()}
        />
      )}
    </div>
  );
}

/** The socket's state, visible while it is not simply connected. */
function ConnectionBar({ connection }: { connection: Connection }) {
  const t = useChatMessages();
  if (connection.status === 'open') return null;
  const text =
    connection.status === 'connecting'
      ? t('connecting')
      : connection.status === 'reconnecting'
        ? t('reconnecting', { n: connection.attempt, s: CHAT_RECONNECT_MS / 1000 })
        : connection.status === 'failed'
          ? t('failed')
          : t('loggedOut');
  return (
    <div
      className={`chat-conn chat-conn--${connection.status}`}
      data-testid="chat-connection"
      data-status={connection.status}
    >
      {(connection.status === 'connecting' || connection.status === 'reconnecting') && <LoadingOutlined />} {text}
    </div>
  );
}
