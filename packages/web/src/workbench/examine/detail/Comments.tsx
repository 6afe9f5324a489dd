import { examineText } from '@crm/shared';
import { CommentThread } from '@/components/comments';
import { type ExamineDetail, examineApi } from '../api';
import { useDetailMessages } from './messages';

export function Comments({ detail, onAdded }: { detail: ExamineDetail; onAdded: () => void }) {
  const t = useDetailMessages();
  return (
    <div className="exm-comments" data-testid="comments">
      <CommentThread
        comments={detail.comments}
        canComment={detail.permitted.comment}
        className="exm-comment"
        maxLength={examineText.comment.max}
        texts={{ empty: t('noComments'), placeholder: t('commentTips'), send: t('send'), done: t('commented') }}
        post={(content) => examineApi.comment(detail.recordId, content)}
        onAdded={onAdded}
      />
    </div>
  );
}
