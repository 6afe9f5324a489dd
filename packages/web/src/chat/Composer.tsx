import { FileOutlined, PictureOutlined, SmileOutlined } from '@ant-design/icons';
import { CHAT_TEXT_MAX, type ChatMessageType } from '@crm/shared';
import { App, Button, Input, Popover, Progress, Tabs, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useLang } from '@/i18n';
import { uploadWithProgress } from './api';
import { EMOJI_CATEGORIES } from './emoji';
import { useChatMessages } from './messages';

type Upload = { id: number; name: string; percent: number };

/** The message type a picked file is sent as, by what the browser says it is. */
export const msgTypeOfFile = (f: File): ChatMessageType =>
  f.type.startsWith('image/')
    ? 'img'
    : f.type.startsWith('audio/')
      ? 'audio'
      : f.type.startsWith('video/')
        ? 'video'
        : 'file';

type Props = {
  disabled: boolean;
  onText: (text: string) => void;
  onFile: (type: ChatMessageType, fileId: number) => void;
  /** Called as the user types (a typing notice to a one-to-one peer). */
  onTyping?: () => void;
};

/** The text box, the emoji picker and the image/file buttons (uploads with progress). */
export function Composer({ disabled, onText, onFile, onTyping }: Props) {
  const t = useChatMessages();
  const { lang } = useLang();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const seq = useRef(0);

  const submit = () => {
    if (disabled || !text.trim()) return;
    onText(text);
    setText('');
  };

  const upload = async (file: File) => {
    const id = ++seq.current;
    setUploads((u) => [...u, { id, name: file.name, percent: 0 }]);
    const progress = (percent: number) => setUploads((u) => u.map((x) => (x.id === id ? { ...x, percent } : x)));
    try {
      const stored = await uploadWithProgress(file, progress);
      onFile(msgTypeOfFile(file), stored.fileId);
    } catch (err) {
      message.error((err as Error).message || t('uploadFailed'));
    } finally {
      setUploads((u) => u.filter((x) => x.id !== id));
    }
  };
  const onPick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void upload(file);
  };

  const picker = (
    <Tabs
      size="small"
      className="chat-emoji"
      items={EMOJI_CATEGORIES.map((c) => ({
        key: c.key,
        label: lang === 'zh' ? c.zh : c.en,
        children: (
          <div className="chat-emoji__grid">
            {c.emoji.map((e) => (
              <button
                key={e}
                type="button"
                className="chat-emoji__item"
                onClick={() => {
                  setText((v) => v + e);
                  setEmojiOpen(false);
                }}
              >
                {e}
              </button>
            ))}
          </div>
        ),
      }))}
    />
  );

  return (
    <div className="chat-composer">
      {uploads.map((u) => (
        <div key={u.id} className="chat-upload" data-testid="chat-upload">
          <span>{t('uploading', { name: u.name })}</span>
          <Progress percent={u.percent} size="small" />
        </div>
      ))}
      <div className="chat-composer__tools">
        <Popover content={picker} trigger="click" open={emojiOpen} onOpenChange={setEmojiOpen} placement="topLeft">
          <Tooltip title={t('emoji')}>
            <Button type="text" icon={<SmileOutlined />} disabled={disabled} aria-label={t('emoji')} />
          </Tooltip>
        </Popover>
        <Tooltip title={t('image')}>
          <Button
            type="text"
            icon={<PictureOutlined />}
            disabled={disabled}
            aria-label={t('image')}
            onClick={() => imageInput.current?.click()}
          />
        </Tooltip>
        <Tooltip title={`${t('file')} / ${t('audio')} / ${t('video')}`}>
          <Button
            type="text"
            icon={<FileOutlined />}
            disabled={disabled}
            aria-label={t('file')}
            onClick={() => fileInput.current?.click()}
          />
        </Tooltip>
        <input ref={imageInput} type="file" accept="image/*" hidden onChange={onPick} data-testid="chat-image-input" />
        <input ref={fileInput} type="file" hidden onChange={onPick} data-testid="chat-file-input" />
      </div>
      <Input.TextArea
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onTyping?.();
        }}
        onPressEnter={(e) => {
          if (e.shiftKey || e.nativeEvent.isComposing) return;
          e.preventDefault();
          submit();
        }}
        autoSize={{ minRows: 3, maxRows: 6 }}
        maxLength={CHAT_TEXT_MAX}
        placeholder={t('inputPlaceholder')}
        disabled={disabled}
        variant="borderless"
        data-testid="chat-input"
      />
      <div className="chat-composer__foot">
        <Button type="primary" onClick={submit} disabled={disabled || !text.trim()} data-testid="chat-send">
          {t('send')}
        </Button>
      </div>
    </div>
  );
}
