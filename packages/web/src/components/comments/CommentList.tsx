import type { Person } from '@crm/shared';
import { Empty } from 'antd';
import { UserAvatar } from '@/components/member-picker';
import { showTime } from '@/shell/time';

export type CommentItem = { commentId: number; user: Person | null; content: string; createTime: string };

/**
 * Comments, oldest first: avatar, name, time and text. `className` names the row and its parts
 * (`<className>__body`, `__head`, `__name`, `__time`, `__text`) so each page keeps its own look.
 */
export function CommentList({
  comments,
  empty,
  className,
}: {
  comments: CommentItem[];
  empty: string;
  className: string;
}) {
  if (comments.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return comments.map((c) => (
    <div key={c.commentId} className={className} data-testid={className}>
      <UserAvatar name={c.user?.realname ?? ''} img={c.user?.img} size={28} />
      <div className={`${className}__body`}>
        <div className={`${className}__head`}>
          <span className={`${className}__name`}>{c.user?.realname}</span>
          <span className={`${className}__time`}>{showTime(c.createTime)}</span>
        </div>
        <div className={`${className}__text`}>{c.content}</div>
      </div>
    </div>
  ));
}
