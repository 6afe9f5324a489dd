import {
  declarationContracts as c,
  DECL_AUDIT,
  DECL_FILL,
  DECL_MANAGE,
  declAuditSchema,
  declCellSchema,
  declFormPageSchema,
  declMyListSchema,
  declSubmissionIdSchema,
  declSubmitSchema,
  declTaskIdSchema,
  declTaskListSchema,
  declTaskSaveSchema,
} from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import { type Ctx, defineRoute } from '../../core/route.ts';
import { auditForm, formDetail, formPage, updateCell } from './audit.ts';
import { registerDeclarationBacklog } from './backlog.ts';
import { myTasks, revokeForm, submitForm } from './filling.ts';
import { exportForms, taskAssignees, taskDepts, taskStats } from './stats.ts';
import { listTasks, removeById, saveTask, taskDetail, waitAuditTasks } from './tasks.ts';

const P = '/api/declaration';

/**
 * Declaration forms (docs/workbench-declarations.md): the spec's call names under one prefix, beside
 * the calls it does not name (saveTask, queryTaskList, submitForm, queryFormById).
 */
export function registerDeclarationRoutes(app: FastifyInstance, { db, registry }: Ctx): void {
  registerDeclarationBacklog(registry);
  const manage = { method: 'POST' as const, access: DECL_MANAGE };
  const fill = { method: 'POST' as const, access: DECL_FILL };
  // Auditors: the audit leaf, or a task's creator (manage); the service checks which task.
  const audit = { method: 'POST' as const, access: { any: [DECL_AUDIT, DECL_MANAGE] } };

  defineRoute(app, {
    ...manage,
    url: `${P}/saveTask`,
    schema: declTaskSaveSchema,
    response: c[`${P}/saveTask`],
    handler: async ({ user, input }) => ({ taskId: await saveTask(db, user, input) }),
  });
  defineRoute(app, {
    ...manage,
    url: `${P}/removeById`,
    schema: declTaskIdSchema,
    response: c[`${P}/removeById`],
    handler: ({ input }) => removeById(db, input.taskId),
  });
  defineRoute(app, {
    ...audit,
    url: `${P}/queryTaskList`,
    schema: declTaskListSchema,
    response: c[`${P}/queryTaskList`],
    handler: ({ user, input }) => listTasks(db, user, input),
  });
  defineRoute(app, {
    method: 'GET',
    access: { any: [DECL_FILL, DECL_AUDIT, DECL_MANAGE] },
    url: '/task/queryTaskById',
    schema: declTaskIdSchema,
    response: c['/task/queryTaskById'],
    handler: ({ user, input }) => taskDetail(db, user, input.taskId),
  });

  defineRoute(app, {
    ...fill,
    url: `${P}/queryMyDeclarationForm`,
    schema: declMyListSchema,
    response: c[`${P}/queryMyDeclarationForm`],
    handler: ({ user, input }) => myTasks(db, user, input),
  });
  defineRoute(app, {
    ...fill,
    url: `${P}/submitForm`,
    schema: declSubmitSchema,
    response: c[`${P}/submitForm`],
    handler: async ({ user, input }) => ({ submissionId: await submitForm(db, user, input) }),
  });
  defineRoute(app, {
    ...fill,
    url: `${P}/appletRevoke`,
    schema: declTaskIdSchema,
    response: c[`${P}/appletRevoke`],
    handler: ({ user, input }) => revokeForm(db, user, input.taskId),
  });

  defineRoute(app, {
    ...audit,
    url: `${P}/queryWaitAuditFormTaskList`,
    schema: declTaskListSchema,
    response: c[`${P}/queryWaitAuditFormTaskList`],
    handler: ({ user, input }) => waitAuditTasks(db, user, input),
  });
  defineRoute(app, {
    ...audit,
    url: `${P}/auditForm`,
    schema: declAuditSchema,
    response: c[`${P}/auditForm`],
    handler: ({ user, input }) => auditForm(db, user, input),
  });
  defineRoute(app, {
    ...audit,
    url: `${P}/updateCell`,
    schema: declCellSchema,
    response: c[`${P}/updateCell`],
    handler: ({ user, input }) => updateCell(db, user, input),
  });
  defineRoute(app, {
    ...audit,
    url: `${P}/webPageQueryForm`,
    schema: declFormPageSchema,
    response: c[`${P}/webPageQueryForm`],
    handler: ({ user, input }) => formPage(db, user, input),
  });
  defineRoute(app, {
    ...audit,
    url: `${P}/webPageQueryFormExport`,
    schema: declFormPageSchema,
    handler: ({ user, input, reply }) => exportForms(db, user, input, reply),
  });
  defineRoute(app, {
    ...audit,
    url: `${P}/queryFormById`,
    schema: declSubmissionIdSchema,
    response: c[`${P}/queryFormById`],
    handler: ({ user, input }) => formDetail(db, user, input.submissionId),
  });
  defineRoute(app, {
    ...audit,
    url: `${P}/statistical`,
    schema: declTaskIdSchema,
    response: c[`${P}/statistical`],
    handler: ({ user, input }) => taskStats(db, user, input.taskId),
  });
  defineRoute(app, {
    ...audit,
    url: `${P}/taskCreateUserByTaskId`,
    schema: declTaskIdSchema,
    response: c[`${P}/taskCreateUserByTaskId`],
    handler: ({ user, input }) => taskAssignees(db, user, input.taskId),
  });
  defineRoute(app, {
    ...audit,
    url: '/api/DeclarationFromDept/queryDeptTypeByOne',
    schema: declTaskIdSchema,
    response: c['/api/DeclarationFromDept/queryDeptTypeByOne'],
    handler: ({ user, input }) => taskDepts(db, user, input.taskId),
  });
}
