import {
  noData,
  queryTaskSchema,
  relationListSchema,
  taskCommentResponse,
  taskCommentSchema,
  taskDetailSchema,
  taskIdSchema,
  taskListSchema,
  taskLogResponse,
  taskPageResponse,
  taskRelationSaveSchema,
  taskRowsResponse,
  taskSaveResponse,
  taskSaveSchema,
  taskStatusResponse,
  taskStatusSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { requireReadableRecord } from '../relation.ts';
import { commentTask, deleteTask, saveTask, setTaskStatus } from './actions.ts';
import { registerBacklogCounters } from './backlog.ts';
import { registerFeedSources } from './feed.ts';
import { registerFileOwners } from './file-owner.ts';
import { registerTaskLabelRoutes } from './label-routes.ts';
import { dueTasks, listTasks, relatedTasks, taskDetail, taskLog } from './queries.ts';
import { saveTaskRelation } from './relation.ts';
import { registerReminderSources } from './reminders.ts';

const USE = 'oa:task:use';

/** Tasks (docs/api/tasks.md). Every call also checks the viewer's part in the task. */
export function registerTaskRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerBacklogCounters(ctx.registry);
  registerFeedSources(ctx.registry);
  registerReminderSources(ctx.registry);
  registerFileOwners(ctx.registry);
  const { db, storage, registry } = ctx;
  registerTaskLabelRoutes(app, ctx, USE);
  defineRoute(app, {
    method: 'POST',
    url: '/OaTask/setTask',
    // The original client's name of this call (issue 20).
    aliases: ['/task/setTask'],
    access: USE,
    schema: taskSaveSchema,
    response: taskSaveResponse,
    handler: ({ input, user }) => saveTask(db, storage, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaTask/queryTaskList',
    // The original client's name of this call (issue 20).
    aliases: ['/task/queryTaskList'],
    access: USE,
    schema: taskListSchema,
    response: taskPageResponse,
    handler: ({ input, user }) => listTasks(db, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaTask/saveTaskRelation',
    // The original client's 关联业务 of a task (issue 20).
    aliases: ['/task/saveTaskRelation'],
    access: USE,
    schema: taskRelationSaveSchema,
    response: noData,
    handler: ({ input, user }) => saveTaskRelation(db, registry.kinds, user, input),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaTask/queryTaskRelation',
    // The original client's 任务 tab of a CRM record's detail page (issue 20).
    aliases: ['/task/queryTaskRelation'],
    access: USE,
    schema: relationListSchema,
    response: taskPageResponse,
    handler: async ({ input, user }) => {
      await requireReadableRecord(db, registry.kinds, user, input.label, input.id);
      return relatedTasks(db, user, input);
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaTask/queryTaskLog',
    // The original client's 活动 list of a task's detail (issue 20).
    aliases: ['/task/queryWorkTaskLog'],
    access: USE,
    schema: taskIdSchema,
    response: taskLogResponse,
    handler: ({ input, user }) => taskLog(db, user, input.taskId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaTask/queryTaskInfo',
    // The original client's name of this call (issue 20).
    aliases: ['/task/queryTaskInfo'],
    access: USE,
    schema: taskIdSchema,
    response: taskDetailSchema,
    handler: ({ input, user }) => taskDetail(db, user, input.taskId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaTask/setTaskStatus',
    access: USE,
    schema: taskStatusSchema,
    response: taskStatusResponse,
    handler: ({ input, user }) => setTaskStatus(db, user, input.taskId, input.status),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaTask/comment',
    access: USE,
    schema: taskCommentSchema,
    response: taskCommentResponse,
    handler: ({ input, user }) => commentTask(db, user, input.taskId, input.content),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaTask/deleteTask',
    // The original client's name of this call (issue 20).
    aliases: ['/task/deleteTask'],
    access: USE,
    schema: taskIdSchema,
    response: noData,
    handler: ({ input, user }) => deleteTask(db, user, input.taskId),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/OaRecord/queryTask',
    access: USE,
    schema: queryTaskSchema,
    response: taskRowsResponse,
    handler: ({ input, user }) => dueTasks(db, user, input),
  });
}
