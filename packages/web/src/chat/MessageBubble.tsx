import { CHAT_RECALL_WINDOW_MS, type ChatMessage, type Conversation, formatFileSize } from '@crm/shared';
import { Dropdown, type MenuProps } from 'antd';
import { UserAvatar } from '@/components/member-picker';
import { FileTypeIcon, type PreviewFile } from '@/components/previewer';
import { useChatMessages } from './messages';
import { displayOf } from './state';

type Props = {
  message: ChatMessage;
  me: number;
  conversation: Conversation | undefined;
  senderName: string;
  senderImg?: string;
  showName: boolean;
  onRecall: (messageId: number) => void;
  onPreview: (file: PreviewFile) => void;
};

/** Media that fails to load is only logged (spec 8.5). */
const logFailure = (text: string) => () => console.error(text);

/** One message: the sender's avatar, the content by type, own messages' state and the menu (recall, copy). */
export function MessageBubble({
  message: m,
  me,
  conversation,
  senderName,
  senderImg,
  showName,
  onRecall,
  onPreview,
}: Props) {
  const t = useChatMessages();
  const own = m.fromUserId === me;
  const shown = displayOf(m, me, conversation);
  if (shown.status === 'recall')
    return (
      <div className="chat-tip" data-testid="chat-recalled">
        {own ? t('recalledOwn') : t('recalledPeer')}
      </div>
    );

  const canRecall = own && m.messageId > 0 && Date.now() - new Date(m.createTime).getTime() < CHAT_RECALL_WINDOW_MS;
  const items: MenuProps['items'] = [
    ...(m.type === 'txt' ? [{ key: 'copy', label: t('copy') }] : []),
    ...(canRecall ? [{ key: 'recall', label: t('recall') }] : []),
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'recall') onRecall(m.messageId);
    if (key === 'copy') void navigator.clipboard?.writeText(m.content);
  };
  const file = m.file ? { url: m.file.url, name: m.file.name, mime: m.file.mime } : null;

  const body = (
    <div className={`chat-bubble chat-bubble--${m.type}`} data-testid="chat-bubble">
      {m.type === 'txt' && <span className="chat-text">{m.content}</span>}
      {m.type === 'img' && file && (
        <button type="button" className="chat-media-btn" onClick={() => onPreview(file)}>
          <img className="chat-img" src={file.url} alt={file.name} />
        </button>
      )}
      {m.type === 'audio' && file && (
        <audio controls preload="none" src={file.url} onError={logFailure('音频下载失败')}>
          <track kind="captions" />
        </audio>
      )}
      {m.type === 'video' && file && (
        <video className="chat-video" controls preload="metadata" src={file.url} onError={logFailure('视频下载失败')}>
          <track kind="captions" />
        </video>
      )}
      {m.type === 'file' && file && (
        <button type="button" className="chat-file" onClick={() => onPreview(file)}>
          <FileTypeIcon name={file.name} size={28} />
          <span className="chat-file__name">{file.name}</span>
          <span className="chat-file__size">{formatFileSize(m.file?.size ?? 0)}</span>
        </button>
      )}
      {m.status === 'sending' && m.type !== 'txt' && !file && <span className="chat-text">…</span>}
    </div>
  );

  return (
    <div className={`chat-row ${own ? 'chat-row--own' : ''}`} data-testid="chat-message" data-status={shown.status}>
      <UserAvatar name={senderName} img={senderImg} size={34} />
      <div className="chat-row__main">
        {showName && !own && <div className="chat-row__name">{senderName}</div>}
        {items.length ? (
          <Dropdown menu={{ items, onClick: onMenu }} trigger={['contextMenu']}>
            {body}
          </Dropdown>
        ) : (
          body
        )}
        {own && (
          <div className={`chat-state chat-state--${shown.status}`} data-testid="chat-state">
            {shown.status === 'sending'
              ? t('sending')
              : shown.status === 'read'
                ? t('read')
                : m.readCount
                  ? t('readBy', { n: m.readCount })
                  : t('sent')}
          </div>
        )}
      </div>
    </div>
  );
}
