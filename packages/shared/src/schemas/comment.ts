import { z } from 'zod';
import { withAliases } from './aliases.ts';
import { idField, intEnum, optionalId, requiredText } from './fields.ts';

/**
 * The original WuKong 9.0 client's shared comment calls (`comment/setComment`,
 * `comment/queryCommentList`, `comment/deleteComment`; issue 20): one set of calls for the
 * comments of tasks (`type` 1) and of work logs (`type` 2), `typeId` the task or log. Ours keep
 * them apart (`OaTask/comment`, `OaLog/comment`); these calls reach the same rows.
 */
export const CommentMsg = {
  typeInvalid: '评论类型有误',
  targetRequired: '评论对象不存在',
  notFound: '评论不存在',
  required: '请输入评论内容',
  authorOnly: '只能删除自己的评论',
  /** The id alone names one of the caller's task comments and one of their log comments (numbered apart). */
  ambiguous: '请指明评论类型',
} as const;

/** 1 a task's comment, 2 a work log's. */
export const CommentType = { task: 1, log: 2 } as const;
const commentType = intEnum([1, 2] as const, CommentMsg.typeInvalid);

export const commentSaveSchema = z.object({
  typeId: idField(CommentMsg.targetRequired),
  type: commentType,
  content: requiredText({ label: '评论内容', max: 500, multiline: true }, CommentMsg.required),
  // A reply's thread (`mainId`) and the person answered (`pid`): our comments are one flat list, so a reply joins it.
  mainId: optionalId(CommentMsg.notFound),
  pid: optionalId(CommentMsg.notFound),
});
export type CommentSaveInput = z.infer<typeof commentSaveSchema>;

export const commentListSchema = z.object({ typeId: idField(CommentMsg.targetRequired), type: commentType });

/** `type` is optional: the original sends the comment's id alone. */
export const commentDeleteSchema = z.object({
  commentId: idField(CommentMsg.notFound),
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), commentType.optional()),
});

/** `OaLog/delComment {commentId}`: a work log's comment (`id` too). */
export const logCommentDeleteSchema = withAliases(z.object({ commentId: idField(CommentMsg.notFound) }), {
  id: 'commentId',
});
