import type { ChatMessage } from '@crm/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageBubble } from './MessageBubble';

const message = (type: ChatMessage['type'], mime: string): ChatMessage => ({
  messageId: 7,
  conversationId: 3,
  chatType: 'contact',
  clientMsgId: 'c-7',
  fromUserId: 2,
  toUserId: 1,
  groupId: null,
  type,
  content: '',
  file: { fileId: 9, name: `clip.${type}`, size: 2048, mime, url: '/file/view/9' },
  status: 'unread',
  createTime: new Date().toISOString(),
});

const renderBubble = (m: ChatMessage) =>
  render(
    <MessageBubble
      message={m}
      me={1}
      conversation={undefined}
      senderName="王芳"
      showName={false}
      onRecall={() => {}}
      onPreview={() => {}}
    />,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('MessageBubble media failures (spec 8.5: only logged)', () => {
  it.each([
    ['audio', 'audio/mpeg', 'audio', '音频下载失败'],
    ['video', 'video/mp4', 'video', '视频下载失败'],
  ] as const)('a %s that cannot be downloaded logs its text and shows no dialog', (type, mime, tag, text) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBubble(message(type, mime));
    const media = screen.getByTestId('chat-bubble').querySelector(tag);
    expect(media).toBeTruthy();
    expect(log).not.toHaveBeenCalled();
    fireEvent.error(media!);
    expect(log).toHaveBeenCalledWith(text);
    expect(document.querySelector('.ant-modal, .ant-message-notice')).toBeNull();
  });
});
