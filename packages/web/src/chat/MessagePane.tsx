import { ArrowLeftOutlined, SettingOutlined } from '@ant-design/icons';
import type { Conversation } from '@crm/shared';
import { Alert, Button } from 'antd';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { type PreviewFile, usePreviewer } from '@/components/previewer';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { useChatMessages } from './messages';
import type { Target, useChat } from './use-chat';

export type People = Map<number, { realname: string; img: string }>;

type Props = {
  chat: ReturnType<typeof useChat>;
  me: number;
  target: Target;
  conversation: Conversation | undefined;
  title: string;
  subtitle?: string;
  /** A one-to-one conversation's peer is online (live presence); undefined in a group. */
  online?: boolean;
  people: People;
  onSettings?: () => void;
  /** Phone width: back to the conversation list. */
  onBack?: () => void;
};

/** Scroll within this many pixels of the top loads the previous page. */
const TOP_SLACK = 40;

/** The open conversation: history paged in on scroll up, live messages, the composer. */
export function MessagePane({
  chat,
  me,
  target,
  conversation,
  title,
  subtitle,
  online,
  people,
  onSettings,
  onBack,
}: Props) {
  const t = useChatMessages();
  const [openPreview, previewer] = usePreviewer();
  const thread = chat.state.threads[target.key];
  const messages = thread?.messages ?? [];
  const list = useRef<HTMLDivElement>(null);
  const loadingOlder = useRef(false);
  // Follow new messages while the reader is at the bottom; keep the view still when older ones come in.
  const stick = useRef(true);
  const older = useRef<{ height: number; top: number } | null>(null);
  const dissolved = conversation?.group?.dissolved ?? false;
  const { loadThread, markRead } = chat;

  // The pane is keyed by its thread: the newest page loads once when it opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount
  useEffect(() => {
    if (!thread?.loaded) void loadThread(target);
  }, []);

  // A read receipt whenever something new shows in the open thread.
  const newest = messages.at(-1)?.messageId ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the newest message or the conversation changes
  useEffect(() => {
    markRead();
  }, [markRead, newest, conversation?.conversationId]);

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (older.current) {
      el.scrollTop = el.scrollHeight - older.current.height + older.current.top;
      older.current = null;
    } else if (stick.current) el.scrollTop = el.scrollHeight;
  });

  const loadOlder = async () => {
    const el = list.current;
    const oldest = messages.find((m) => m.messageId > 0);
    if (!el || !oldest || loadingOlder.current || !thread?.hasMore) return;
    loadingOlder.current = true;
    older.current = { height: el.scrollHeight, top: el.scrollTop };
    await loadThread(target, oldest.messageId);
    older.current = null;
    loadingOlder.current = false;
  };
  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop <= TOP_SLACK) void loadOlder();
  };

  const images = messages.filter((m) => m.type === 'img' && m.file && m.status !== 'recall');
  const preview = (file: PreviewFile) => {
    if (file.mime?.startsWith('image/')) {
      const files = images.map((m) => ({ url: m.file!.url, name: m.file!.name, mime: m.file!.mime }));
      openPreview(
        files,
        Math.max(
          0,
          files.findIndex((f) => f.url === file.url),
        ),
      );
    } else openPreview([file]);
  };

  return (
    <section className="chat-pane" data-testid="chat-pane">
      <header className="chat-pane__head">
        {onBack && (
          <Button
            type="text"
            className="chat-pane__back"
            icon={<ArrowLeftOutlined />}
            onClick={onBack}
            aria-label={t('back')}
            data-testid="chat-back"
          />
        )}
        <div className="chat-pane__who">
          <div className="chat-pane__title">
            <span data-testid="chat-title">{title}</span>
            {online !== undefined && (
              <span
                className={`chat-pane__presence ${online ? 'chat-pane__presence--on' : ''}`}
                data-testid="chat-title-presence"
                data-online={online}
              >
                {online ? t('online') : t('offline')}
              </span>
            )}
          </div>
          {target.userId && chat.typingFrom === target.userId ? (
            <div className="chat-pane__sub">{t('typing')}</div>
          ) : (
            subtitle && <div className="chat-pane__sub">{subtitle}</div>
          )}
        </div>
        {onSettings && (
          <Button type="text" icon={<SettingOutlined />} onClick={onSettings} data-testid="chat-group-settings">
            {t('groupSettings')}
          </Button>
        )}
      </header>
      {dissolved && <Alert type="error" showIcon title={t('dissolved')} className="chat-pane__alert" />}
      <div className="chat-pane__list" ref={list} onScroll={onScroll} data-testid="chat-list">
        {thread?.hasMore && (
          <button type="button" className="chat-tip chat-tip--link" onClick={() => void loadOlder()}>
            {t('loadOlder')}
          </button>
        )}
        {thread?.loaded && !thread.hasMore && messages.length > 0 && <div className="chat-tip">{t('noMore')}</div>}
        {messages.map((m) => {
          const sender = m.fromUserId === me ? undefined : people.get(m.fromUserId);
          return (
            <MessageBubble
              key={m.clientMsgId + m.fromUserId}
              message={m}
              me={me}
              conversation={conversation}
              senderName={m.fromUserId === me ? (people.get(me)?.realname ?? '') : (sender?.realname ?? '')}
              senderImg={m.fromUserId === me ? people.get(me)?.img : sender?.img}
              showName={target.key.startsWith('g')}
              onRecall={(id) => chat.recall(id)}
              onPreview={preview}
            />
          );
        })}
      </div>
      <Composer
        disabled={dissolved}
        onText={(content) => chat.send(target, 'txt', { content })}
        onFile={(type, fileId) => chat.send(target, type, { fileId })}
        onTyping={target.userId ? () => chat.typing(target.userId!) : undefined}
      />
      {previewer}
    </section>
  );
}
