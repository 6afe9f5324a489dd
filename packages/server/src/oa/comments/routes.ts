import {
  commentDeleteSchema,
  commentItemResponse,
  commentListResponse,
  commentListSchema,
  commentSaveSchema,
  logCommentDeleteSchema,
  noData,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { JOURNAL } from '../journal/access.ts';
import { deleteComment, listComments, setComment, TASK_USE } from './service.ts';

/**
 * The original client's comment calls for tasks and work logs (issue 20, docs/api.md
 * "Aliases"). The route admits users of either feature; the service checks the one `type` names.
 */
const access = { any: [TASK_USE, JOURNAL] };

export function registerCommentRoutes(app: FastifyInstance, { db }: Ctx): void {
  defineRoute(app, {
    method: 'POST',
    url: '/comment/setComment',
    access,
    schema: commentSaveSchema,
    response: commentItemResponse,
    handler: ({ input, user }) => setComment(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/comment/queryCommentList',
    access,
    schema: commentListSchema,
    response: commentListResponse,
    handler: ({ input, user }) => listComments(db, user, input.type, input.typeId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/comment/deleteComment',
    access,
    schema: commentDeleteSchema,
    response: noData,
    handler: ({ input, user }) => deleteComment(db, user, input.commentId, input.type),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaLog/delComment',
    access: JOURNAL,
    schema: logCommentDeleteSchema,
    response: noData,
    handler: ({ input, user }) => deleteComment(db, user, input.commentId, 2),
  });
}
