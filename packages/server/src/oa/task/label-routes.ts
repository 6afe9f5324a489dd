import {
  noData,
  taskLabelIdSchema,
  taskLabelListResponse,
  taskLabelSaveResponse,
  taskLabelSaveSchema,
  taskLabelSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { deleteLabel, labelById, listLabels, myLabels, saveLabel } from './labels.ts';

/**
 * Task labels under the original client's names (`taskLabel/*`, docs/api/tasks.md "Labels"): one
 * shared list, managed by anyone who uses tasks, as in the original. A task's labels are set
 * through `task/setTask`.
 */
export function registerTaskLabelRoutes(app: FastifyInstance, { db }: Ctx, access: string): void {
  defineRoute(app, {
    method: 'POST',
    url: '/taskLabel/getLabelList',
    access,
    response: taskLabelListResponse,
    handler: () => listLabels(db),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/taskLabel/getLabelListByOwn',
    access,
    response: taskLabelListResponse,
    handler: ({ user }) => myLabels(db, user),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/taskLabel/queryById',
    access,
    schema: taskLabelIdSchema,
    response: taskLabelSchema,
    handler: ({ input }) => labelById(db, input.labelId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/taskLabel/setLabel',
    access,
    schema: taskLabelSaveSchema,
    response: taskLabelSaveResponse,
    handler: ({ input, user }) => saveLabel(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/taskLabel/deleteLabel',
    access,
    schema: taskLabelIdSchema,
    response: noData,
    handler: ({ input }) => deleteLabel(db, input.labelId),
  });
}
