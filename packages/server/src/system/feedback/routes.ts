import {
  feedbackContracts,
  feedbackIdSchema,
  feedbackListSchema,
  feedbackMineSchema,
  feedbackReplySchema,
  feedbackStatusSchema,
  feedbackSubmitSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { registerFeedSources } from './feed.ts';
import { registerFileOwners } from './file-owner.ts';
import { feedbackDetail, listFeedback, replyFeedback, setFeedbackStatus, submitFeedback } from './service.ts';

const READ = 'manage:feedback:read';
const HANDLE = 'manage:feedback:handle';
const c = feedbackContracts;

/** Feedback (docs/api/feedback.md): any signed-in user sends and reads their own; administrators triage. */
export function registerFeedbackRoutes(app: FastifyInstance, { db, registry }: Ctx): void {
  registerFeedSources(registry);
  registerFileOwners(registry);
  defineRoute(app, {
    method: 'POST',
    url: '/system/feedback/submit',
    access: 'login',
    schema: feedbackSubmitSchema,
    response: c['/system/feedback/submit'],
    handler: async ({ user, input }) => ({ feedbackId: await submitFeedback(db, user, input) }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/feedback/mine',
    access: 'login',
    schema: feedbackMineSchema,
    response: c['/system/feedback/mine'],
    handler: ({ user, input }) => listFeedback(db, user, input, true),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/feedback/list',
    access: READ,
    schema: feedbackListSchema,
    response: c['/system/feedback/list'],
    handler: ({ user, input }) => listFeedback(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/feedback/detail',
    access: 'login',
    schema: feedbackIdSchema,
    response: c['/system/feedback/detail'],
    handler: ({ user, input }) => feedbackDetail(db, registry.fileOwners, user, input.feedbackId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/feedback/setStatus',
    access: HANDLE,
    schema: feedbackStatusSchema,
    response: c['/system/feedback/setStatus'],
    handler: async ({ input }) => {
      await setFeedbackStatus(db, input.feedbackId, input.status);
      return null;
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/system/feedback/reply',
    access: HANDLE,
    schema: feedbackReplySchema,
    response: c['/system/feedback/reply'],
    handler: async ({ user, input }) => {
      await replyFeedback(db, user, input.feedbackId, input.reply);
      return null;
    },
  });
}
