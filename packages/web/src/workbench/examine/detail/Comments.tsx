import { examineText } from '@crm/shared';
import { App, Button, Empty, Input } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { UserAvatar } from '@/components/member-picker';
import { type ExamineDetail, examineApi } from '../api';
import { useDetailMessages } from './messages';

export function Comments({ detail, onAdded }: { detail: ExamineDetail; onAdded: () => void }) {
  const t = useDetailMessages();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      await examineApi.comment(detail.recordId, text.trim());
      setText('');
      message.success(t('commented'));
      onAdded();
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="exm-comments" data-testid="comments">
      {detail.comments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noComments')} />
      ) : (
        detail.comments.map((c) => (
          <div key={c.commentId} className="exm-comment">
            <UserAvatar name={c.user?.realname ?? ''} img={c.user?.img} size={28} />
            <div className="exm-comment__body">
              <div className="exm-comment__head">
                <span className="exm-task__name">{c.user?.realname}</span>
                <span className="exm-task__time">{dayjs(c.createTime).format('YYYY-MM-DD HH:mm')}</span>
              </div>
              <div className="exm-comment__text">{c.content}</div>
            </div>
          </div>
        ))
      )}
      {detail.permitted.comment && (
        <div className="exm-comment-input no-print">
          <Input.TextArea
            rows={2}
            maxLength={examineText.comment.max}
            value={text}
            placeholder={t('commentTips')}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="primary" ghost loading={busy} disabled={!text.trim()} onClick={send}>
            {t('send')}
          </Button>
        </div>
      )}
    </div>
  );
}
