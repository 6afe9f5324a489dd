import type { CommentTexts } from './CommentBox';
import { CommentBox } from './CommentBox';
import { type CommentItem, CommentList } from './CommentList';

/**
 * A record's comments and, when the viewer may comment, the box under them (approvals, tasks).
 * `className` names the rows (see CommentList) and, with `-input`, the box.
 */
export function CommentThread({
  comments,
  canComment,
  className,
  maxLength,
  texts,
  post,
  onAdded,
}: {
  comments: CommentItem[];
  canComment: boolean;
  className: string;
  maxLength: number;
  texts: CommentTexts & { empty: string };
  post: (content: string) => Promise<unknown>;
  onAdded: () => void;
}) {
  return (
    <>
      <CommentList comments={comments} empty={texts.empty} className={className} />
      {canComment && (
        // no-print: a printed record leaves out what only the screen uses.
        <CommentBox
          className={`${className}-input no-print`}
          ghost
          maxLength={maxLength}
          texts={texts}
          post={post}
          onAdded={onAdded}
        />
      )}
    </>
  );
}
