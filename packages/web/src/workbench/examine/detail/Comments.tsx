import { examineText } from '@crm/shared';
import { CommentBox, CommentList } from '@/components/comments';
import { type ExamineDetail, examineApi } from '../api';
import { useDetailMessages } from './messages';

export function Comments({ detail, onAdded }: { detail: ExamineDetail; onAdded: () => void }) {
  const t = useDetailMessages();
  return (
    <div className="exm-comments" data-testid="comments">
      <CommentList comments={detail.comments} empty={t('noComments')} className="exm-comment" />
      {detail.permitted.comment && (
        <CommentBox
          className="exm-comment-input no-print"
          ghost
          maxLength={examineText.comment.max}
          texts={{ placeholder: t('commentTips'), send: t('send'), done: t('commented') }}
          post={(content) => examineApi.comment(detail.recordId, content)}
          onAdded={onAdded}
        />
      )}
    </div>
  );
}
