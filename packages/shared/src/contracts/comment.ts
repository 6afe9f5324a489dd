import { z } from 'zod';
import { apiTime } from './common.ts';

/** Answers of the original client's shared comment calls (schemas/comment.ts). */
const commentUser = z.object({ userId: z.number().int(), realname: z.string(), img: z.string() });
const commentBase = z.object({
  commentId: z.number().int(),
  typeId: z.number().int(),
  /** 1 a task's, 2 a work log's. */
  type: z.number().int(),
  content: z.string(),
  userId: z.number().int(),
  createTime: apiTime,
  /** The original's thread fields: our comments are one flat list (0: not a reply). */
  mainId: z.number().int(),
  pid: z.number().int(),
  user: commentUser,
});
export const commentItemResponse = commentBase;
export const commentListResponse = z.array(
  commentBase.extend({ childCommentList: z.array(commentBase), replyUser: commentUser.nullable() }),
);
