import type { ChatMessage } from '@crm/shared';

type Key = 'recalledOwn' | 'recalledPeer' | 'lastImg' | 'lastAudio' | 'lastVideo' | 'lastFile';

/** A conversation's last message in the list: its text, a media label, or the recall text of this viewer. */
export function lastMessageText(m: ChatMessage | null, me: number, t: (key: Key) => string): string {
  if (!m) return '';
  if (m.status === 'recall') return m.fromUserId === me ? t('recalledOwn') : t('recalledPeer');
  if (m.type === 'img') return t('lastImg');
  if (m.type === 'audio') return t('lastAudio');
  if (m.type === 'video') return t('lastVideo');
  if (m.type === 'file') return t('lastFile');
  return m.content;
}
